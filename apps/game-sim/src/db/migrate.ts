import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SimDatabase } from './database.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Transaction-level advisory lock key that serialises migrations across simulators ("gamesim"). */
const MIGRATION_LOCK_KEY = 0x6761_6d65_7369_6dn;

/**
 * Applies the ordered SQL files of `migrations/` that this database has not seen, in one
 * transaction under an advisory lock: several simulators starting at once against one PostgreSQL
 * apply each file once, and a failing file leaves nothing half done.
 */
export async function migrate(database: SimDatabase): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return database.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'create schema if not exists game_sim;' +
        'create table if not exists game_sim.schema_migrations (' +
        'name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('select name from game_sim.schema_migrations')).map(
        (row) => row.name,
      ),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.exec(await readFile(join(MIGRATIONS_DIR, name), 'utf8'));
      await tx.query('insert into game_sim.schema_migrations (name) values ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}
