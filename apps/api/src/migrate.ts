/**
 * npm run db:migrate: applies the API's migrations to the database of the settings
 * (DATABASE_URL, through DATABASE_SESSION_URL when set, or the embedded one under DATA_DIR, which
 * must not be open in a running server), prints each one it applied or that there was none, and
 * exits 1 with the reason when it cannot. The deploy step before rolling the nodes (runbook);
 * nodes still migrate at start, under the same advisory lock, and then find nothing to do.
 */
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { describeDatabase } from './db/describe.ts';

function fail(message: string): never {
  console.error(`db:migrate: ${message}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(`invalid settings: ${(error as Error).message}`);
}

const target = describeDatabase(config);
let database: DatabaseHandle;
try {
  database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: 1,
          sessionUrl: config.databaseSessionUrl,
        }
      : { kind: 'embedded', dataDir: join(config.dataDir, 'embedded'), lockRetries: 0 },
  );
} catch (error) {
  // Nothing is half applied: each run of the migrator is one transaction.
  fail(`cannot migrate ${target}: ${(error as Error).message}`);
}
await database.close();

const { applied } = database.migrations;
for (const tag of applied) console.info(`db:migrate: applied ${tag}`);
console.info(
  applied.length === 0
    ? `db:migrate: nothing to apply, ${target} is up to date`
    : `db:migrate: ${applied.length} migration(s) applied to ${target}`,
);
