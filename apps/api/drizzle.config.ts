import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module keeps its tables in its own *.schema.ts.
  schema: './apps/api/src/**/*.schema.ts',
  out: './apps/api/src/db/migrations',
});
