import type { Cache } from '../cache/index.ts';
import { commonError } from './app-error.ts';

/**
 * Counts one attempt against a fixed window kept in the cache (shared by every node with Redis)
 * and refuses with `rate_limited` once the limit is passed.
 */
export async function consumeRateLimit(
  cache: Cache,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  const count = await cache.increment(`rate:${key}`, windowMs);
  if (count > limit) throw commonError('rate_limited');
}
