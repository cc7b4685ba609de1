import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSimDatabase, type SimDatabase } from './database.ts';
import { MIGRATIONS_TABLE, SIM_MIGRATIONS } from './migrate.ts';

const TABLES = [
  'bet_records',
  'callback_outbox',
  'event_bets',
  'fairness',
  'fault_attempts',
  'launch_tokens',
  'play_sessions',
  'players',
  'rounds',
  'scheduled_events',
  'transfers',
];

/**
 * The migration runner of earlier versions, as it was: every file of migrations/ run whole in
 * one transaction, its name recorded in game_sim.schema_migrations. `./data/game-sim` of an
 * existing `npm start` install, or a PostgreSQL it ran against, looks like what this leaves.
 */
async function migrateTheOldWay(exec: (script: string) => Promise<void>): Promise<void> {
  const folder = SIM_MIGRATIONS.migrationsFolder;
  const files = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  let script =
    'begin; create schema if not exists game_sim;' +
    'create table if not exists game_sim.schema_migrations (' +
    'name text primary key, applied_at timestamptz not null default now());';
  for (const name of files) {
    script += `${await readFile(join(folder, name), 'utf8')};\n`;
    script += `insert into game_sim.schema_migrations (name) values ('${name}');`;
  }
  await exec(`${script} commit;`);
}

async function tablesOf(database: SimDatabase): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'game_sim'`,
  );
  return rows.map((row) => row.name).sort();
}

async function recordedMigrations(database: SimDatabase): Promise<number[]> {
  const rows = await database.query<{ created_at: unknown }>(
    `select created_at from ${MIGRATIONS_TABLE} order by id`,
  );
  return rows.map((row) => Number(row.created_at));
}

const JOURNAL_WHEN = 1_795_000_000_000;

describe('the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'game-sim-migrate-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gets the tables when empty', async () => {
    const database = await openSimDatabase({ kind: 'embedded', dataDir: null });
    try {
      expect(await tablesOf(database)).toEqual(['__drizzle_migrations', ...TABLES].sort());
      expect(await recordedMigrations(database)).toEqual([JOURNAL_WHEN]);
    } finally {
      await database.close();
    }
  });

  it('opens a data directory migrated by the earlier runner, with its data', async () => {
    const directory = join(dataDir, 'game-sim');
    await mkdir(directory);
    const old = await PGlite.create(join(directory, 'pglite'));
    await migrateTheOldWay(async (script) => {
      await old.exec(script);
    });
    await old.query(
      `insert into game_sim.players (platform_id, player, currency, balance_minor, created_at)
       values (17, 'from_before', 'CNY', 4242, now())`,
    );
    await old.close();

    for (const _start of [1, 2]) {
      const database = await openSimDatabase({ kind: 'embedded', dataDir: directory });
      try {
        expect(await recordedMigrations(database)).toEqual([JOURNAL_WHEN]);
        // The earlier runner's table stays, unread from now on.
        expect(await tablesOf(database)).toEqual(
          ['__drizzle_migrations', 'schema_migrations', ...TABLES].sort(),
        );
        expect(await database.query('select player, balance_minor from game_sim.players')).toEqual([
          { player: 'from_before', balance_minor: 4242n },
        ]);
      } finally {
        await database.close();
      }
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('a PostgreSQL database', () => {
  const serverUrl = process.env.DATABASE_URL as string;
  const names: string[] = [];

  async function freshDatabase(): Promise<string> {
    const name = `sim_migrate_${process.pid}_${Date.now()}_${names.length}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    names.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('gets the tables when empty, recording them in its own table, not the API one', async () => {
    const url = await freshDatabase();
    const database = await openSimDatabase({ kind: 'postgres', url, poolSize: 2 });
    try {
      expect(await tablesOf(database)).toEqual(['__drizzle_migrations', ...TABLES].sort());
      expect(await recordedMigrations(database)).toEqual([JOURNAL_WHEN]);
      // drizzle's default table, the API's, stays untouched.
      expect(
        await database.query(`select to_regclass('drizzle.__drizzle_migrations') as t`),
      ).toEqual([{ t: null }]);
    } finally {
      await database.close();
    }
  });

  it('opens a database migrated by the earlier runner, with its data', async () => {
    const url = await freshDatabase();
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    await migrateTheOldWay(async (script) => {
      await old.query(script);
    });
    await old.query(
      `insert into game_sim.players (platform_id, player, currency, balance_minor, created_at)
       values (17, 'from_before', 'CNY', 4242, now())`,
    );
    await old.end();

    // Two simulators starting at once: one records the migration, the other finds it done.
    const [first, second] = await Promise.all([
      openSimDatabase({ kind: 'postgres', url, poolSize: 2 }),
      openSimDatabase({ kind: 'postgres', url, poolSize: 2 }),
    ]);
    try {
      expect(await recordedMigrations(first)).toEqual([JOURNAL_WHEN]);
      expect(await second.query('select player, balance_minor from game_sim.players')).toEqual([
        { player: 'from_before', balance_minor: 4242n },
      ]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
