import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import {
  migratePglite,
  migratePostgres,
  type MigrationOptions,
  type MigrationReport,
} from '@lobby/database';

/** Where the simulator records its applied migrations: its own table, in its own schema. */
export const MIGRATIONS_TABLE = 'game_sim.__drizzle_migrations';

/**
 * The simulator's migrations: hand-written SQL in drizzle's folder format (`migrations/`: each
 * `<tag>.sql` with `--> statement-breakpoint` between statements, listed in
 * `meta/_journal.json` with a `when` later than the entry before), applied by drizzle's migrator
 * through @lobby/database. They are recorded in `game_sim.__drizzle_migrations`, never in the
 * API's `drizzle.__drizzle_migrations`, so both may share one database; several simulators
 * starting at once against one PostgreSQL take turns on the advisory lock ("gamesim", the key
 * the runner before this one locked too).
 *
 * Databases migrated by that runner recorded file names in `game_sim.schema_migrations`
 * ('0001_game_sim.sql'): on their first start here those migrations are recorded as applied
 * instead of being run again.
 */
export const SIM_MIGRATIONS: MigrationOptions = {
  migrationsFolder: join(import.meta.dirname, 'migrations'),
  migrationsSchema: 'game_sim',
  migrationsTable: '__drizzle_migrations',
  lockKey: 0x6761_6d65_7369_6dn,
  legacy: { schema: 'game_sim', table: 'schema_migrations', column: 'name' },
};

export function migrateEmbedded(client: PGlite): Promise<MigrationReport> {
  return migratePglite(client, SIM_MIGRATIONS);
}

export function migrateServer(pool: pg.Pool): Promise<MigrationReport> {
  return migratePostgres(pool, SIM_MIGRATIONS);
}
