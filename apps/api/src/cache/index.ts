import type { Cache } from './cache.ts';
import { MemoryCache } from './memory-cache.ts';
import { RedisCache } from './redis-cache.ts';

export type { Cache, PresenceEntry } from './cache.ts';

/** Redis when a URL is given, otherwise the in-process cache. */
export async function openCache(redisUrl: string | undefined, prefix = 'lobby:'): Promise<Cache> {
  if (!redisUrl) return new MemoryCache();
  const cache = new RedisCache(redisUrl, prefix);
  await cache.connect();
  return cache;
}
export { NodeMemo } from './node-memo.ts';
export { TimedCache, type CacheObserver } from './timed-cache.ts';
