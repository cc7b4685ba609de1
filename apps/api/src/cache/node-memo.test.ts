import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from './cache.ts';
import { openCache } from './index.ts';
import { MemoryCache } from './memory-cache.ts';
import { NodeMemo } from './node-memo.ts';

const redisUrl = process.env.REDIS_URL;
const kinds: ('memory' | 'redis')[] = redisUrl ? ['memory', 'redis'] : ['memory'];

describe.each(kinds)('a memo kept by two nodes, announced on the %s cache', (kind) => {
  const caches: Cache[] = [];
  const memos: NodeMemo<number>[] = [];
  let offsetMs = 0;
  beforeAll(async () => {
    const prefix = `test:${randomUUID()}:`;
    const shared = new MemoryCache();
    for (let index = 0; index < 2; index++) {
      const cache = kind === 'memory' ? shared : await openCache(redisUrl, prefix);
      caches.push(cache);
      const memo = new NodeMemo<number>({
        cache,
        channel: 'memo-test',
        maxEntries: 3,
        maxAgeMs: 60_000,
        now: () => Date.now() + offsetMs,
      });
      await memo.start();
      memos.push(memo);
    }
    for (const cache of caches) {
      while (cache.subscriptionEpoch() < 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  afterAll(async () => {
    for (const memo of memos) await memo.stop();
    for (const cache of new Set(caches)) await cache.close();
  });
  const delivered = () =>
    kind === 'redis' ? new Promise((resolve) => setTimeout(resolve, 50)) : Promise.resolve();

  it('loads once, then answers from memory until a change is announced on any node', async () => {
    let loads = 0;
    let truth = 1;
    const load = async () => {
      loads++;
      return truth;
    };
    const [a, b] = memos as [NodeMemo<number>, NodeMemo<number>];
    expect(await b.get('brand', 'm1', load)).toBe(1);
    expect(await b.get('brand', 'm1', load)).toBe(1);
    expect(loads).toBe(1);
    truth = 2;
    await a.changed('brand', 'm1');
    await delivered();
    expect(await b.get('brand', 'm1', load)).toBe(2);
    expect(loads).toBe(2);
    // A change to the whole group drops every key of it.
    await b.get('brand', 'm2', load);
    truth = 3;
    await a.changed('brand');
    await delivered();
    expect(await b.get('brand', 'm1', load)).toBe(3);
    expect(await b.get('brand', 'm2', load)).toBe(3);
  });

  it('does not keep a value whose load overlapped a change', async () => {
    const [a, b] = memos as [NodeMemo<number>, NodeMemo<number>];
    let truth = 10;
    let loads = 0;
    const slowLoad = async () => {
      loads++;
      const seen = truth;
      await a.changed('race', 'k');
      await delivered();
      return seen;
    };
    expect(await b.get('race', 'k', slowLoad)).toBe(10);
    truth = 11;
    expect(await b.get('race', 'k', async () => truth)).toBe(11);
    expect(loads).toBe(1);
  });

  it('loads again once a value is older than its bound', async () => {
    const memo = memos[0]!;
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.get('age', 'k', load)).toBe(1);
    expect(await memo.get('age', 'k', load)).toBe(1);
    offsetMs += 61_000;
    expect(await memo.get('age', 'k', load)).toBe(2);
  });
});

it('keeps nothing while the subscription cannot be trusted', async () => {
  const cache = new MemoryCache();
  cache.subscriptionEpoch = () => -1;
  const memo = new NodeMemo<number>({
    cache,
    channel: 'memo-down',
    maxEntries: 10,
    maxAgeMs: 60_000,
  });
  await memo.start();
  let loads = 0;
  const load = async () => ++loads;
  await memo.get('g', 'k', load);
  await memo.get('g', 'k', load);
  expect(loads).toBe(2);
  await memo.stop();
  await cache.close();
});
