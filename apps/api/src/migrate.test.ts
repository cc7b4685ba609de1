import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '@lobby/database';

/**
 * `npm run db:migrate` run as the deploy step runs it: a child process of npm, in the repository,
 * with the settings in its environment. On the embedded database in the default run, on a fresh
 * PostgreSQL database of the server in DATABASE_URL in the PostgreSQL run.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const JOURNAL = join(import.meta.dirname, 'db', 'migrations', 'meta', '_journal.json');
const TAGS = (
  JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { tag: string }[] }
).entries.map((entry) => entry.tag);
const serverUrl = process.env.DATABASE_URL;

type Run = { code: number; stdout: string; stderr: string };

function migrate(settings: NodeJS.ProcessEnv): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'DATABASE_SESSION_URL', 'DATA_DIR']) delete env[name];
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'db:migrate'],
      { cwd: ROOT, env: { ...env, ...settings } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const appliedLines = (stdout: string) =>
  [...stdout.matchAll(/^db:migrate: applied (\S+)$/gm)].map((match) => match[1]);

describe.runIf(!serverUrl)(
  'npm run db:migrate on the embedded database',
  { timeout: 60_000 },
  () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'lobby-migrate-'));
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    it('applies every migration to an empty data directory, then none, and says so', async () => {
      const first = await migrate({ DATA_DIR: dataDir });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(appliedLines(first.stdout)).toEqual(TAGS);
      expect(first.stdout).toContain(
        `${TAGS.length} migration(s) applied to the embedded database`,
      );

      const again = await migrate({ DATA_DIR: dataDir });
      expect(again.code).toBe(0);
      expect(appliedLines(again.stdout)).toEqual([]);
      expect(again.stdout).toMatch(/nothing to apply, the embedded database in .* is up to date/);
    });

    it('exits 1 and says why while a server holds the data directory', async () => {
      const release = await lockDataDir(join(dataDir, 'embedded'), { retries: 0 });
      try {
        const run = await migrate({ DATA_DIR: dataDir });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('db:migrate: cannot migrate the embedded database');
        expect(run.stderr).toContain('is in use by another Lobby process');
        expect(run.stdout).toBe('');
      } finally {
        await release();
      }
    });
  },
);

describe.runIf(serverUrl)('npm run db:migrate on PostgreSQL', { timeout: 60_000 }, () => {
  const name = `lobby_migrate_${Date.now()}_${randomUUID().slice(0, 8)}`;
  let databaseUrl: string;

  async function onServer<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await onServer((client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it('applies every migration to an empty database, then none, and says so', async () => {
    const first = await migrate({ DATABASE_URL: databaseUrl });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(appliedLines(first.stdout)).toEqual(TAGS);
    const recorded = await onServer(
      (client) =>
        client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'),
      databaseUrl,
    );
    expect(recorded.rows).toEqual([{ n: TAGS.length }]);

    const again = await migrate({ DATABASE_URL: databaseUrl });
    expect(again.code).toBe(0);
    expect(appliedLines(again.stdout)).toEqual([]);
    expect(again.stdout).toContain(`nothing to apply, PostgreSQL at`);
    expect(again.stdout).toContain(`/${name} is up to date`);
  });

  it('exits 1 naming the database it cannot reach, without its password', async () => {
    const url = new URL(databaseUrl);
    // A server on trust auth (the local one) ignores a password; give one to see it hidden.
    url.password ||= 'not-to-be-printed';
    const password = decodeURIComponent(url.password);
    url.pathname = `/${name}_absent`;
    const run = await migrate({ DATABASE_URL: url.toString() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`db:migrate: cannot migrate PostgreSQL at`);
    expect(run.stderr).toContain(`database "${name}_absent" does not exist`);
    expect(run.stderr + run.stdout).not.toContain(password);
  });
});
