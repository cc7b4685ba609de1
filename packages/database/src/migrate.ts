import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDatabase } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

/**
 * Migrations in drizzle's folder format (`<tag>.sql` files, statements separated by
 * `--> statement-breakpoint`, listed in `meta/_journal.json`), applied by drizzle's migrator. It
 * records each applied migration in a table and applies the journal's entries whose `when` is
 * later than the last one recorded, all in one transaction.
 */
export type MigrationOptions = {
  migrationsFolder: string;
  /**
   * Where the applied migrations are recorded: drizzle's `drizzle.__drizzle_migrations` unless
   * set. Two applications sharing a database need a table each.
   */
  migrationsSchema?: string;
  migrationsTable?: string;
  /**
   * The PostgreSQL advisory lock (session level) held while migrating a server, so that
   * several processes starting at once apply each migration once. Unused on PGlite, which one
   * process owns.
   */
  lockKey: bigint;
  /** Migrations an earlier tool applied and recorded in its own table. */
  legacy?: LegacyMigrations;
};

/**
 * The table of an earlier migration tool, one row per applied migration. While drizzle's table
 * is empty, the journal entries it names are recorded as applied without running them (they must
 * be the first entries of the journal); after that the table is never read again, nor changed.
 */
export type LegacyMigrations = {
  schema: string;
  table: string;
  /** The column naming each applied migration. */
  column: string;
  /** The journal tag of a name found there (default: the name without `.sql`). */
  tagOf?: (name: string) => string;
};

export type MigrationReport = {
  /** Tags of the migrations run now, in order. */
  applied: string[];
  /** Tags recorded from the legacy table without running them. */
  adopted: string[];
};

type Database = PgDatabase<PgQueryResultHKT>;
type JournalEntry = { tag: string; when: number; hash: string };

/** Applies the migrations to a PGlite database (embedded, one process). */
export async function migratePglite(
  client: PGlite,
  options: MigrationOptions,
): Promise<MigrationReport> {
  const db = drizzlePglite({ client });
  return runMigrations(db as unknown as Database, options, () =>
    migratePgliteDatabase(db, drizzleConfig(options)),
  );
}

/**
 * Applies the migrations to a PostgreSQL server, on one connection of the pool holding the
 * advisory lock: a process starting meanwhile waits, then finds nothing left to do.
 */
export async function migratePostgres(
  pool: pg.Pool,
  options: MigrationOptions,
): Promise<MigrationReport> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [options.lockKey.toString()]);
    try {
      const db = drizzleNodePg({ client });
      return await runMigrations(db as unknown as Database, options, () =>
        migrateNodePg(db, drizzleConfig(options)),
      );
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [options.lockKey.toString()])
        .catch(() => {
          // The connection is gone, and the lock with it.
          broken = true;
        });
    }
  } finally {
    client.release(broken ? true : undefined);
  }
}

function drizzleConfig(options: MigrationOptions) {
  return {
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: options.migrationsSchema ?? 'drizzle',
    migrationsTable: options.migrationsTable ?? '__drizzle_migrations',
  };
}

async function rows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The journal's entries in order, each with drizzle's hash of its file. */
function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry, index) => ({
    tag: entry.tag,
    when: entry.when,
    hash: files[index]?.hash ?? '',
  }));
}

async function runMigrations(
  db: Database,
  options: MigrationOptions,
  migrateWithDrizzle: () => Promise<void>,
): Promise<MigrationReport> {
  const config = drizzleConfig(options);
  const journal = readJournal(options.migrationsFolder);
  const recorded = sql`${sql.identifier(config.migrationsSchema)}.${sql.identifier(config.migrationsTable)}`;
  // The table as drizzle's migrator creates it, made first so the legacy migrations can go in.
  await db.execute(sql`create schema if not exists ${sql.identifier(config.migrationsSchema)}`);
  await db.execute(
    sql`create table if not exists ${recorded} (id serial primary key, hash text not null, created_at bigint)`,
  );
  const adopted = options.legacy ? await adoptLegacy(db, recorded, journal, options.legacy) : [];

  const lastBefore = await lastRecorded(db, recorded);
  await migrateWithDrizzle();
  const appliedAt = new Set(
    (
      await rows<{ created_at: unknown }>(
        db,
        sql`select created_at from ${recorded} where created_at > ${lastBefore}`,
      )
    ).map((row) => Number(row.created_at)),
  );
  return {
    applied: journal.filter((entry) => appliedAt.has(entry.when)).map((entry) => entry.tag),
    adopted,
  };
}

async function lastRecorded(db: Database, recorded: SQL): Promise<number> {
  const [row] = await rows<{ last: unknown }>(
    db,
    sql`select coalesce(max(created_at), 0) as last from ${recorded}`,
  );
  return Number(row?.last ?? 0);
}

async function adoptLegacy(
  db: Database,
  recorded: SQL,
  journal: JournalEntry[],
  legacy: LegacyMigrations,
): Promise<string[]> {
  const legacyName = `${legacy.schema}.${legacy.table}`;
  return db.transaction(async (tx) => {
    const [state] = await rows<{ recorded: number; legacy: boolean }>(
      tx,
      sql`select (select count(*)::int from ${recorded}) as recorded,
                 exists (select 1 from information_schema.tables
                         where table_schema = ${legacy.schema} and table_name = ${legacy.table}) as legacy`,
    );
    if (!state || state.recorded > 0 || !state.legacy) return [];

    const tagOf = legacy.tagOf ?? ((name: string) => name.replace(/\.sql$/, ''));
    const names = await rows<{ name: string }>(
      tx,
      sql`select ${sql.identifier(legacy.column)} as name
          from ${sql.identifier(legacy.schema)}.${sql.identifier(legacy.table)}`,
    );
    const tags = new Set(names.map((row) => tagOf(row.name)));
    const known = new Set(journal.map((entry) => entry.tag));
    const unknown = [...tags].filter((tag) => !known.has(tag));
    if (unknown.length > 0) {
      throw new Error(
        `${legacyName} records migrations that are not in the journal: ${unknown.join(', ')}`,
      );
    }
    const done = journal.slice(0, tags.size);
    if (done.some((entry) => !tags.has(entry.tag))) {
      throw new Error(
        `${legacyName} records migrations that are not the first ${tags.size} of the journal: ` +
          [...tags].join(', '),
      );
    }
    for (const entry of done) {
      await tx.execute(
        sql`insert into ${recorded} (hash, created_at) values (${entry.hash}, ${entry.when})`,
      );
    }
    return done.map((entry) => entry.tag);
  });
}
