import { openDatabase, type DatabaseHandle, type QueryObserver } from '../db/client.ts';

/**
 * The database of an API test: the PostgreSQL server named by DATABASE_URL (a fresh database
 * made for the run by scripts/with-postgres.ts), or else an in-memory embedded one.
 */
export async function openTestDatabase(observeQuery?: QueryObserver): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  return url
    ? openDatabase({ kind: 'postgres', url, poolSize: 4, observeQuery })
    : openDatabase({ kind: 'embedded', dataDir: null, observeQuery });
}

export const onPostgres = Boolean(process.env.DATABASE_URL);
