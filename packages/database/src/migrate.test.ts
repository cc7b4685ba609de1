import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratePglite, migratePostgres, type MigrationOptions } from './migrate.ts';

/**
 * The runner on PGlite, and on PostgreSQL too when DATABASE_URL names a server
 * (`node scripts/with-postgres.ts vitest run --project unit packages/database`): a fresh
 * database per test there, dropped afterwards.
 */

type Migration = { tag: string; when: number; sql: string };

const THINGS: Migration = {
  tag: '0000_things',
  when: 1_700_000_000_000,
  sql:
    'create schema if not exists app;\n--> statement-breakpoint\n' +
    'create table app.things (id integer primary key, name text not null);\n' +
    '--> statement-breakpoint\ncreate index things_name on app.things (name);\n',
};
const MORE: Migration = {
  tag: '0001_more',
  when: 1_700_000_100_000,
  sql: 'alter table app.things add column colour text;\n',
};

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'lobby-migrations-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** A migrations folder in drizzle's format holding `migrations`. */
async function folderOf(name: string, migrations: Migration[]): Promise<string> {
  const folder = join(workDir, name);
  await mkdir(join(folder, 'meta'), { recursive: true });
  for (const migration of migrations) {
    await writeFile(join(folder, `${migration.tag}.sql`), migration.sql);
  }
  const entries = migrations.map((migration, idx) => ({
    idx,
    version: '7',
    when: migration.when,
    tag: migration.tag,
    breakpoints: true,
  }));
  await writeFile(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return folder;
}

type Target = {
  migrate: (options: MigrationOptions) => ReturnType<typeof migratePglite>;
  /** Rows of the last statement of a script without parameters. */
  query<T>(text: string): Promise<T[]>;
  /** Another process's view of the same database (PostgreSQL only). */
  second?: () => Promise<Target>;
  close(): Promise<void>;
};

async function pgliteTarget(): Promise<Target> {
  const client = await PGlite.create();
  return {
    migrate: (options) => migratePglite(client, options),
    async query<T>(text: string) {
      // exec: scripts of several statements too; the rows of the last.
      return ((await client.exec(text)).at(-1)?.rows ?? []) as T[];
    },
    close: () => client.close(),
  };
}

function poolTarget(url: string, onClose?: () => Promise<void>): Target {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    migrate: (options) => migratePostgres(pool, options),
    async query<T>(text: string) {
      return (await pool.query(text)).rows as T[];
    },
    second: async () => poolTarget(url),
    async close() {
      await pool.end();
      await onClose?.();
    },
  };
}

async function postgresTarget(): Promise<Target> {
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `database_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return poolTarget(url.toString(), async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
}

const TARGETS: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
if (process.env.DATABASE_URL) TARGETS.push(['PostgreSQL', postgresTarget]);

const LOCK_KEY = 0x7465_7374_6d69_67n;

describe.each(TARGETS)('migrations on %s', { timeout: 60_000 }, (name, open) => {
  let target: Target;
  let others: Target[] = [];
  afterEach(async () => {
    for (const other of others) await other.close();
    others = [];
    await target.close();
  });

  it('gives an empty database the tables, then applies only what is new', async () => {
    target = await open();
    const options = {
      migrationsFolder: await folderOf('one', [THINGS]),
      migrationsSchema: 'app',
      migrationsTable: '__drizzle_migrations',
      lockKey: LOCK_KEY,
    };
    expect(await target.migrate(options)).toEqual({ applied: ['0000_things'], adopted: [] });
    await target.query(`insert into app.things (id, name) values (1, 'kept')`);
    expect(await target.migrate(options)).toEqual({ applied: [], adopted: [] });

    const later = { ...options, migrationsFolder: await folderOf('two', [THINGS, MORE]) };
    expect(await target.migrate(later)).toEqual({ applied: ['0001_more'], adopted: [] });
    expect(await target.query('select id, name, colour from app.things')).toEqual([
      { id: 1, name: 'kept', colour: null },
    ]);
    expect(
      await target.query<{ created_at: unknown }>(
        'select created_at from app.__drizzle_migrations order by id',
      ),
    ).toHaveLength(2);
  });

  it('keeps two applications apart in one database, each in its own table', async () => {
    target = await open();
    // The second application's only migration is older than the first's: in one shared table
    // drizzle would take it as applied.
    const first = await folderOf('first', [THINGS]);
    const second = await folderOf('second', [
      { tag: '0000_other', when: 1_600_000_000_000, sql: 'create table public.other (id int);' },
    ]);
    expect(await target.migrate({ migrationsFolder: first, lockKey: LOCK_KEY })).toMatchObject({
      applied: ['0000_things'],
    });
    expect(
      await target.migrate({
        migrationsFolder: second,
        migrationsSchema: 'other',
        migrationsTable: '__drizzle_migrations',
        lockKey: LOCK_KEY + 1n,
      }),
    ).toMatchObject({ applied: ['0000_other'] });
    expect(
      await target.query('select count(*)::int as n from drizzle.__drizzle_migrations'),
    ).toEqual([{ n: 1 }]);
    expect(await target.query('select count(*)::int as n from other.__drizzle_migrations')).toEqual(
      [{ n: 1 }],
    );
  });

  describe('after an earlier tool', () => {
    const legacy = { schema: 'app', table: 'schema_migrations', column: 'name' };

    /** What the earlier tool did: each file run whole, its name recorded in its own table. */
    async function migrateTheOldWay(target: Target, migrations: Migration[]): Promise<void> {
      await target.query(
        'create schema if not exists app; ' +
          'create table app.schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const migration of migrations) {
        await target.query(migration.sql);
        await target.query(
          `insert into app.schema_migrations (name) values ('${migration.tag}.sql')`,
        );
      }
    }

    it('records what it applied instead of applying it twice, then goes on', async () => {
      target = await open();
      await migrateTheOldWay(target, [THINGS]);
      await target.query(`insert into app.things (id, name) values (7, 'from before')`);

      const options = {
        migrationsFolder: await folderOf('legacy-two', [THINGS, MORE]),
        migrationsSchema: 'app',
        migrationsTable: '__drizzle_migrations',
        lockKey: LOCK_KEY,
        legacy,
      };
      // Running 0000 again would fail: its table exists.
      expect(await target.migrate(options)).toEqual({
        applied: ['0001_more'],
        adopted: ['0000_things'],
      });
      expect(await target.query('select id, name, colour from app.things')).toEqual([
        { id: 7, name: 'from before', colour: null },
      ]);
      expect(await target.migrate(options)).toEqual({ applied: [], adopted: [] });
      // The earlier tool's table is left as it was.
      expect(await target.query('select name from app.schema_migrations')).toEqual([
        { name: '0000_things.sql' },
      ]);
    });

    it('migrates an empty database as usual', async () => {
      target = await open();
      const options = {
        migrationsFolder: await folderOf('legacy-empty', [THINGS, MORE]),
        migrationsSchema: 'app',
        lockKey: LOCK_KEY,
        legacy,
      };
      expect(await target.migrate(options)).toEqual({
        applied: ['0000_things', '0001_more'],
        adopted: [],
      });
    });

    it('refuses a database that ran migrations this journal does not have', async () => {
      target = await open();
      await migrateTheOldWay(target, [THINGS, { tag: '0001_unknown', when: 0, sql: 'select 1' }]);
      await expect(
        target.migrate({
          migrationsFolder: await folderOf('legacy-unknown', [THINGS, MORE]),
          migrationsSchema: 'app',
          lockKey: LOCK_KEY,
          legacy,
        }),
      ).rejects.toThrow(
        'app.schema_migrations records migrations that are not in the journal: 0001_unknown',
      );
      expect(await target.query('select count(*)::int as n from app.__drizzle_migrations')).toEqual(
        [{ n: 0 }],
      );
    });
  });

  // One process owns a PGlite database: only a server has several at once.
  it.runIf(name === 'PostgreSQL')(
    'applies each migration once when several processes start at once',
    async () => {
      target = await open();
      if (!target.second) throw new Error('a server target opens a second process');
      others = await Promise.all([target.second(), target.second(), target.second()]);
      const options = {
        migrationsFolder: await folderOf('concurrent', [THINGS, MORE]),
        lockKey: LOCK_KEY,
      };
      const reports = await Promise.all([target, ...others].map((each) => each.migrate(options)));
      expect(reports.flatMap((report) => report.applied).sort()).toEqual([
        '0000_things',
        '0001_more',
      ]);
    },
  );
});
