import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the API listens in development (apps/api, PORT default 3000). */
const apiTarget = process.env['LOBBY_API_URL'] ?? 'http://localhost:3000';

/**
 * The operator console: built under /admin/ and served by the API (apps/api/src/plugins/
 * admin-web.ts), which renders index.html per request with the page's CSP nonce. The dev server
 * hands /admin/api to the API.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    proxy: {
      '/admin/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // antd is one large chunk of its own; the console is for staff on desktops, not phones.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // zod's switch to parse without eval (src/app/zod-jitless.ts) must run before zod
              // builds a schema: in one chunk, modules keep their order, and main.tsx imports
              // the switch first.
              name: 'zod',
              test: /(src\/app\/zod-jitless\.ts|node_modules\/zod\/)/,
            },
          ],
        },
      },
    },
  },
});
