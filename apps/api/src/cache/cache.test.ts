import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Cache } from './cache.ts';
import { openCache } from './index.ts';
import { MemoryCache } from './memory-cache.ts';

const redisUrl = process.env.REDIS_URL;
const opened: Cache[] = [];

async function open(kind: 'memory' | 'redis', prefix = `test:${randomUUID()}:`): Promise<Cache> {
  const cache = kind === 'memory' ? new MemoryCache() : await openCache(redisUrl, prefix);
  opened.push(cache);
  return cache;
}

afterAll(async () => {
  await Promise.all(opened.map((cache) => cache.close()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kinds: ('memory' | 'redis')[] = redisUrl ? ['memory', 'redis'] : ['memory'];

describe.each(kinds)('%s cache', (kind) => {
  it('sets, gets, expires and deletes values', async () => {
    const cache = await open(kind);
    expect(await cache.get('a')).toBeNull();
    await cache.set('a', 'one');
    await cache.set('b', 'two', 50);
    expect(await cache.get('a')).toBe('one');
    expect(await cache.get('b')).toBe('two');
    expect(await cache.ttlMs('a')).toBeNull();
    expect(await cache.ttlMs('b')).toBeGreaterThan(0);
    await sleep(80);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.delete('a')).toBe(true);
    expect(await cache.delete('a')).toBe(false);
  });

  it('sets only when absent, once', async () => {
    const cache = await open(kind);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => cache.setIfAbsent('k', String(index), 1_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('takes a single-use value exactly once under concurrency', async () => {
    const cache = await open(kind);
    await cache.set('captcha', 'ab12', 1_000);
    const taken = await Promise.all(Array.from({ length: 10 }, () => cache.take('captcha')));
    expect(taken.filter((value) => value === 'ab12')).toHaveLength(1);
    expect(await cache.get('captcha')).toBeNull();
  });

  it('counts in a window that starts at the first increment', async () => {
    const cache = await open(kind);
    const counts = await Promise.all(Array.from({ length: 5 }, () => cache.increment('n', 60)));
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
    await sleep(90);
    expect(await cache.increment('n', 60)).toBe(1);
  });

  it('tells with each hit how long the window has left', async () => {
    const cache = await open(kind);
    const first = await cache.hit('h', 1_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(900);
    expect(first.resetInMs).toBeLessThanOrEqual(1_000);
    await sleep(50);
    const second = await cache.hit('h', 1_000);
    expect(second.count).toBe(2);
    // The window started at the first hit: the second does not extend it.
    expect(second.resetInMs).toBeLessThan(first.resetInMs);
    expect(second.resetInMs).toBeGreaterThan(0);
  });

  it('keeps presence until it expires or is removed', async () => {
    const cache = await open(kind);
    await cache.presenceTouch('online', 'm1', '{"gameid":"7"}', 1_000);
    await cache.presenceTouch('online', 'm2', '{}', 40);
    await cache.presenceTouch('online', 'm3', '{}', 1_000);
    expect((await cache.presenceList('online')).map((entry) => entry.member).sort()).toEqual([
      'm1',
      'm2',
      'm3',
    ]);
    await sleep(70);
    await cache.presenceRemove('online', 'm3');
    const present = await cache.presenceList('online');
    expect(present).toEqual([
      { member: 'm1', payload: '{"gameid":"7"}', expiresAtMs: expect.any(Number) },
    ]);
    // Counted without being read, expired and removed members left out.
    expect(await cache.presenceCount('online')).toBe(1);
    await cache.presenceTouch('online', 'm4', '{}', 1_000);
    expect(await cache.presenceCount('online')).toBe(2);
    expect(await cache.presenceCount('nobody-here')).toBe(0);
  });

  it('delivers published messages to subscribers until they unsubscribe', async () => {
    const cache = await open(kind);
    const received: string[] = [];
    const unsubscribe = await cache.subscribe('brand:changed', (message) => received.push(message));
    await cache.publish('brand:changed', 'alpha');
    await expect.poll(() => received).toEqual(['alpha']);
    await unsubscribe();
    await cache.publish('brand:changed', 'beta');
    await sleep(50);
    expect(received).toEqual(['alpha']);
  });
});

describe.runIf(redisUrl)('redis cache across nodes', () => {
  it('shares values and messages between two connections with the same prefix', async () => {
    const prefix = `test:${randomUUID()}:`;
    const nodeA = await open('redis', prefix);
    const nodeB = await open('redis', prefix);
    await nodeA.set('shared', 'yes', 1_000);
    expect(await nodeB.get('shared')).toBe('yes');
    const received: string[] = [];
    await nodeB.subscribe('events', (message) => received.push(message));
    await nodeA.publish('events', 'from-a');
    await expect.poll(() => received).toEqual(['from-a']);
    await nodeA.presenceTouch('online', 'member-1', 'lobby', 1_000);
    expect((await nodeB.presenceList('online')).map((entry) => entry.member)).toEqual(['member-1']);
  });
});
