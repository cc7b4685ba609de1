import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PGlite,
  types as pgliteTypes,
  type Transaction as PgliteTransaction,
} from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from '@lobby/database';
import { migrateEmbedded, migrateServer } from './migrate.ts';

/**
 * The simulator's storage: plain SQL on PostgreSQL, either a server (GAME_SIM_DATABASE_URL) or
 * PGlite in this process. Every table lives in the `game_sim` schema, so the simulator may share
 * a database with Lobby without touching its tables.
 */

/** Something that runs SQL: the database, or the caller's transaction. */
export interface Sql {
  /**
   * Rows of one statement, parameters as $1, $2... bigint and Date parameters are sent as
   * text; bigint columns come back as bigint, timestamptz as Date, jsonb parsed.
   */
  query<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface SimDatabase extends Sql {
  readonly kind: 'embedded' | 'postgres';
  /** Runs `work` in one transaction, committed when it resolves and rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const parseInt8 = (value: string): bigint => BigInt(value);

function toParameter(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

function toParameters(params: readonly unknown[] | undefined): unknown[] {
  return params ? params.map(toParameter) : [];
}

/** PostgreSQL's unique-violation code: a concurrent insert of the same key won. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

export type OpenSimDatabaseOptions =
  | { kind: 'embedded'; dataDir: string | null; lockRetries?: number }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens the database and applies the simulator's migrations (migrate.ts). */
export async function openSimDatabase(options: OpenSimDatabaseOptions): Promise<SimDatabase> {
  return options.kind === 'embedded'
    ? openEmbedded(options.dataDir, options.lockRetries)
    : openPostgres(options.url, options.poolSize ?? 10);
}

/** Applies the migrations before handing the database out; closes it if they fail. */
async function migrated(database: SimDatabase, migrate: () => Promise<unknown>) {
  try {
    await migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

const PGLITE_PARSERS = { [pgliteTypes.INT8]: parseInt8 };

function pgliteSql(client: PGlite | PgliteTransaction): Sql {
  return {
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await client.query<T>(text, toParameters(params), {
        parsers: PGLITE_PARSERS,
      });
      return result.rows;
    },
    async exec(text: string) {
      await client.exec(text);
    },
  };
}

/**
 * Wraps a PGlite the caller opened and migrated. The caller's instance needs no parser options:
 * every query passes its own. Closing the handle closes the instance.
 */
export function pgliteDatabase(client: PGlite, onClose?: () => Promise<void>): SimDatabase {
  const sql = pgliteSql(client);
  return {
    kind: 'embedded',
    ...sql,
    transaction: (work) => client.transaction((tx) => work(pgliteSql(tx))),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
      await onClose?.();
    },
  };
}

/**
 * PGlite in this process. With a directory the data persists and a lock keeps a second process
 * out; with null it lives in memory (tests).
 */
async function openEmbedded(dataDir: string | null, lockRetries?: number): Promise<SimDatabase> {
  if (!dataDir) {
    const client = await PGlite.create();
    return migrated(pgliteDatabase(client), () => migrateEmbedded(client));
  }
  await mkdir(dataDir, { recursive: true });
  const releaseLock = await lockDataDir(dataDir, {
    retries: lockRetries,
    owner: 'game simulator',
  });
  let client: PGlite;
  try {
    client = await PGlite.create(join(dataDir, 'pglite'));
  } catch (error) {
    await releaseLock();
    throw error;
  }
  return migrated(pgliteDatabase(client, releaseLock), () => migrateEmbedded(client));
}

function postgresSql(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await client.query(text, toParameters(params));
      return result.rows as T[];
    },
    async exec(text: string) {
      await client.query(text);
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<SimDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Per pool, not pg's global parsers: this process may hold other clients.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? parseInt8
          : (pg.types.getTypeParser(oid, format) as (
              value: string,
            ) => unknown)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const database: SimDatabase = {
    kind: 'postgres',
    ...postgresSql(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const value = await work(postgresSql(client));
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken ? true : undefined);
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
  return migrated(database, () => migrateServer(pool));
}
