import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgTransaction,
} from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import {
  lockDataDir,
  migratePglite,
  migratePostgres,
  type MigrationOptions,
  type MigrationReport,
} from '@lobby/database';

/**
 * The drizzle database, whichever driver is underneath. Queries name their tables (each
 * module's `*.schema.ts`); no relational query API, so the database needs no schema object and
 * the db layer knows no module.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** What a repository runs its SQL on: the database, or the caller's transaction. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'embedded' | 'postgres';

export type DatabaseHandle = {
  kind: DatabaseKind;
  db: Database;
  /**
   * Runs `work` while holding a PostgreSQL session-level advisory lock, if free; null if not.
   * `lockLost` aborts if the connection holding the lock dies while work runs.
   */
  withTryLock<T>(
    key: bigint,
    work: (lockLost: AbortSignal) => Promise<T>,
  ): Promise<{ acquired: true; value: T } | null>;
  /**
   * The connection pool now (PostgreSQL): connections open, idle, and queries waiting for one.
   * Null for the embedded database, which has one connection in process and no pool.
   */
  poolUse(): PoolUse | null;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The migrations opening it applied: none when the database was already current. */
  migrations: MigrationReport;
};

export type PoolUse = { total: number; idle: number; waiting: number; max: number };

/**
 * drizzle-kit's migrations (`npm run db:generate`), recorded in drizzle's own table
 * (drizzle.__drizzle_migrations). Several API nodes starting at once against one PostgreSQL
 * take turns on the advisory lock ("lobbymig"): one applies them, the others find them done.
 */
const MIGRATIONS: MigrationOptions = {
  migrationsFolder: join(import.meta.dirname, 'migrations'),
  lockKey: 0x6c6f_6262_796d_6967n,
};

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Both drivers must read bigint columns as JavaScript bigint, and numeric as exact strings;
 * by default node-postgres gives strings and PGlite numbers (which lose precision past 2^53).
 */
const parseInt8 = (value: string): bigint => BigInt(value);

/** Sees every statement with its parameters before it runs (drizzle's query logger). */
export type QueryObserver = (query: string, params: unknown[]) => void;

export type OpenDatabaseOptions = (
  | {
      kind: 'embedded';
      dataDir: string | null;
      lockRetries?: number;
      /** In memory only: start from this dump (`embeddedImage`) instead of an empty database. */
      image?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * Where the session-level advisory locks (migrations, sweeps) are held, when `url` goes
       * through a pooler in transaction mode (PgBouncer), where a session lock would stay on a
       * server connection that other clients then use: a direct connection to PostgreSQL or a
       * session-mode pool (docs/pgbouncer.md). By default `url`.
       */
      sessionUrl?: string;
    }
) & { observeQuery?: QueryObserver };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.observeQuery ? { logQuery: options.observeQuery } : undefined;
  return options.kind === 'embedded'
    ? openEmbedded(options.dataDir, options.lockRetries, logger, options.image)
    : openPostgres(options.url, options.poolSize ?? 10, options.sessionUrl, logger);
}

/**
 * Embedded PostgreSQL (PGlite) in this process. With a data dir the data persists and a lock
 * keeps a second process out; with null it lives in memory (tests).
 */
async function openEmbedded(
  dataDir: string | null,
  lockRetries?: number,
  logger?: { logQuery: QueryObserver },
  image?: Blob,
): Promise<DatabaseHandle> {
  let releaseLock: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    releaseLock = await lockDataDir(dataDir, { retries: lockRetries });
    try {
      client = await PGlite.create(join(dataDir, 'pglite'), {
        parsers: { [pgliteTypes.INT8]: parseInt8, [NUMERIC_OID]: (value: string) => value },
      });
    } catch (error) {
      await releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      parsers: { [pgliteTypes.INT8]: parseInt8, [NUMERIC_OID]: (value: string) => value },
      ...(image ? { loadDataDir: image } : {}),
    });
  }
  let migrations: MigrationReport;
  try {
    migrations = await migratePglite(client, MIGRATIONS);
  } catch (error) {
    await client.close();
    await releaseLock?.();
    throw error;
  }
  const db = drizzlePglite({ client, ...(logger ? { logger } : {}) });

  // One process owns the embedded database, so an in-process lock stands in for advisory locks.
  const heldKeys = new Set<bigint>();
  return {
    kind: 'embedded',
    db,
    async withTryLock(key, work) {
      if (heldKeys.has(key)) return null;
      heldKeys.add(key);
      try {
        return { acquired: true, value: await work(new AbortController().signal) };
      } finally {
        heldKeys.delete(key);
      }
    },
    poolUse: () => null,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
      await releaseLock?.();
    },
    migrations,
  };
}

/**
 * A dump of a new in-memory embedded database with every migration applied: a process that
 * opens many databases (the API tests) starts each from it (`image`) instead of creating and
 * migrating each, about 2 s less a database on these machines.
 */
export async function embeddedImage(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(client, MIGRATIONS);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(
  url: string,
  poolSize: number,
  sessionUrl: string | undefined,
  logger?: { logQuery: QueryObserver },
): Promise<DatabaseHandle> {
  // drizzle's node-postgres session consults pg's global type parsers for int8 and numeric, so
  // the parsers are set there; this process has no other PostgreSQL client that wants strings.
  pg.types.setTypeParser(INT8_OID, parseInt8);
  pg.types.setTypeParser(NUMERIC_OID, (value: string) => value);
  // Connections stay open for the node's life (no idle timeout): a new one costs the database
  // a process, its caches and the first parse of every prepared statement, which a burst of
  // traffic after a quiet spell would otherwise pay at once.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Session locks on their own connections: a sweep at a time holds one, migrations one at start.
  const sessionPool = sessionUrl ? new pg.Pool({ connectionString: sessionUrl, max: 2 }) : pool;
  if (sessionPool !== pool) sessionPool.on('error', () => undefined);
  const endPools = async () => {
    await pool.end();
    if (sessionPool !== pool) await sessionPool.end();
  };
  const db = drizzleNodePg({ client: pool, ...(logger ? { logger } : {}) });

  let migrations: MigrationReport;
  try {
    migrations = await migratePostgres(sessionPool, MIGRATIONS);
  } catch (error) {
    await endPools();
    throw error;
  }

  return {
    kind: 'postgres',
    db: db as unknown as Database,
    async withTryLock(key, work) {
      // A session lock on a dedicated connection: if this process dies, the server drops the
      // connection and the lock with it, so another node can take over.
      const lockClient = await sessionPool.connect();
      const lockLost = new AbortController();
      const onLost = (error: Error) => lockLost.abort(error);
      lockClient.on('error', onLost);
      let acquired = false;
      try {
        const result = await lockClient.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key.toString()],
        );
        acquired = result.rows[0]?.locked === true;
        if (!acquired) return null;
        return { acquired: true, value: await work(lockLost.signal) };
      } finally {
        if (acquired) {
          await lockClient.query('select pg_advisory_unlock($1)', [key.toString()]).catch(() => {
            // The connection is gone, and the lock with it.
          });
        }
        lockClient.off('error', onLost);
        // A client whose connection died is destroyed rather than returned to the pool.
        lockClient.release(lockLost.signal.aborted ? true : undefined);
      }
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await endPools();
    },
    migrations,
  };
}

/** Rows of a raw SQL query, on either driver. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  // The two drivers type their results apart; both carry the rows.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs a prepared statement (see `preparedStatement`) with this call's placeholder values. */
export type PreparedStatement<T> = (
  executor: Executor,
  values: Record<string, unknown>,
) => Promise<T[]>;

const dialect = new PgDialect();
/** PostgreSQL's limit on a prepared statement's name (NAMEDATALEN - 1). */
const STATEMENT_NAME_MAX = 63;

/**
 * A statement of a hot path, turned into SQL text once and run as a named prepared statement on
 * whichever executor the call gives (the pool, or a transaction's connection): no query is
 * built per call, and PostgreSQL parses and plans it once per connection. `query` names its
 * parameters with `sql.placeholder(name)`; each call gives their values (bigints as strings,
 * which both drivers send as text). One name is one text: node-postgres refuses a name reused
 * for another statement on a connection.
 */
export function preparedStatement<T>(name: string, query: SQL): PreparedStatement<T> {
  if (name.length > STATEMENT_NAME_MAX) throw new Error(`statement name too long: ${name}`);
  const built = dialect.sqlToQuery(query);
  return async (executor, values) => {
    // `_.session` is the executor's session: the pool's, or the transaction's connection.
    const statement = executor._.session.prepareQuery(built, undefined, name, false);
    // The two drivers type their results apart; both carry the rows.
    const result = (await statement.execute(values)) as { rows: T[] };
    return result.rows;
  };
}
