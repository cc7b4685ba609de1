/**
 * Runs a command against a fresh PostgreSQL database (and the local Redis), then drops it:
 *   node scripts/with-postgres.ts vitest run --project api
 * TEST_POSTGRES_URL names the server (default: the local one, user postgres, trust auth);
 * TEST_REDIS_URL the Redis (default: the local one).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';

const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.ts <command> [args...]');
  process.exit(2);
}

const databaseName = `lobby_test_${Date.now()}_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
try {
  await admin.connect();
} catch (error) {
  console.error(
    `Cannot reach PostgreSQL at ${serverUrl} (${(error as Error).message}).\n` +
      'Start it (see README.md, "Services") or set TEST_POSTGRES_URL.',
  );
  process.exit(1);
}
await admin.query(`create database ${databaseName}`);
await admin.end();

const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${databaseName}`;
console.info(`with-postgres: fresh database ${databaseName}, Redis ${redisUrl}`);

const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl.toString(), REDIS_URL: redisUrl },
});
const exitCode: number = await new Promise((resolve) => {
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

const cleanup = new pg.Client({ connectionString: serverUrl });
await cleanup.connect();
await cleanup.query(`drop database if exists ${databaseName} with (force)`);
await cleanup.end();
process.exit(exitCode);
