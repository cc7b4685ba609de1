import type { Cache } from '../../../cache/index.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import { commonError } from '../../../lib/app-error.ts';

export type ReadinessDependencies = {
  database: DatabaseHandle;
  cache: Cache;
  isShuttingDown(): boolean;
};

const PROBE_TIMEOUT_MS = 2_000;

function withTimeout(probe: Promise<void>): Promise<void> {
  return Promise.race([
    probe,
    new Promise<void>((_, reject) => {
      setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS).unref();
    }),
  ]);
}

/** Ready when not draining and both the database and the cache answer within two seconds. */
export async function checkReadiness(dependencies: ReadinessDependencies) {
  if (dependencies.isShuttingDown()) throw commonError('unavailable');
  try {
    await Promise.all([
      withTimeout(dependencies.database.ping()),
      withTimeout(dependencies.cache.ping()),
    ]);
  } catch {
    throw commonError('unavailable');
  }
  return { database: dependencies.database.kind, cache: dependencies.cache.kind };
}
