import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../cache/index.ts';
import { MemoryCache } from '../../../cache/memory-cache.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { seedDemoBrands } from '../../platform/brand/index.ts';
import { members } from './member.schema.ts';
import { memberSessions } from './session.schema.ts';
import { SessionService, TOUCH_EVERY_SECONDS } from './session.service.ts';

/**
 * Member sessions as two API nodes see them: each keeps the sessions it confirmed in memory,
 * and a revocation on one reaches the other at once through the shared cache.
 */
const BRAND = { config: { code: 'jinsheng', settings: { sessionIdleMinutes: 30 } } };
let database: DatabaseHandle;
let sessionQueries = 0;

beforeAll(async () => {
  database = await openTestDatabase((query) => {
    if (query.includes('"member_sessions"')) sessionQueries++;
  });
  await seedDemoBrands(database.db);
});
afterAll(async () => {
  await database.close();
});

async function newMember(): Promise<bigint> {
  const username = `sc${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const [row] = await database.db
    .insert(members)
    .values({
      brandCode: 'jinsheng',
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: username.slice(-10).toUpperCase(),
    })
    .returning({ id: members.id });
  if (!row) throw new Error('member not inserted');
  return row.id;
}

const redisUrl = process.env.REDIS_URL;
const kinds: ('memory' | 'redis')[] = redisUrl ? ['memory', 'redis'] : ['memory'];

describe.each(kinds)('member sessions cached on two nodes, pub/sub on the %s cache', (kind) => {
  const caches: Cache[] = [];
  const nodes: SessionService[] = [];
  let offsetMs = 0;
  const clock = () => Date.now() + offsetMs;

  beforeAll(async () => {
    const prefix = `test:${randomUUID()}:`;
    const shared = new MemoryCache();
    for (let index = 0; index < 2; index++) {
      const cache = kind === 'memory' ? shared : await openCache(redisUrl, prefix);
      caches.push(cache);
      const node = new SessionService(database.db, { cache, now: clock });
      await node.start();
      nodes.push(node);
    }
    // Through Redis the subscriber reports ready a moment after it subscribes.
    for (const cache of caches) {
      while (cache.subscriptionEpoch() < 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.stop();
    for (const cache of new Set(caches)) await cache.close();
  });

  /** Through Redis a node hears a message on its own connection a moment after it is sent. */
  const delivered = () =>
    kind === 'redis' ? new Promise((resolve) => setTimeout(resolve, 50)) : Promise.resolve();

  const resolve = (node: SessionService, token: string) => node.resolve(token, { brand: BRAND });

  async function loggedIn(): Promise<{ memberId: bigint; token: string; sessionId: bigint }> {
    const memberId = await newMember();
    const { token, sessionId } = await nodes[0]!.create({
      brandCode: 'jinsheng',
      memberId,
      ip: '10.0.0.1',
      deviceNo: null,
      userAgent: null,
    });
    return { memberId, token, sessionId };
  }

  it('answer a known session without reading the database, with its username', async () => {
    const { token, memberId } = await loggedIn();
    const first = await resolve(nodes[0]!, token);
    expect(first?.session.memberId).toBe(String(memberId));
    expect(first?.session.username).toMatch(/^sc/);
    const before = sessionQueries;
    for (let index = 0; index < 5; index++) {
      expect((await resolve(nodes[0]!, token))?.session.memberId).toBe(String(memberId));
    }
    expect(sessionQueries).toBe(before);
    // Another brand's request never gets it, cached or not.
    const other = { config: { code: 'tianyu', settings: { sessionIdleMinutes: 30 } } };
    expect(await nodes[0]!.resolve(token, { brand: other })).toBeNull();
  });

  it('end a logout on every node at once', async () => {
    const { token, sessionId } = await loggedIn();
    expect(await resolve(nodes[0]!, token)).not.toBeNull();
    expect(await resolve(nodes[1]!, token)).not.toBeNull();
    await nodes[0]!.end(sessionId, 'logout');
    await delivered();
    expect(await resolve(nodes[1]!, token)).toBeNull();
    expect(await resolve(nodes[0]!, token)).toBeNull();
  });

  it('end every session of a member on every node (password change)', async () => {
    const { token, memberId } = await loggedIn();
    expect(await resolve(nodes[1]!, token)).not.toBeNull();
    await nodes[0]!.endAllOfMember(memberId, 'password_changed');
    await delivered();
    expect(await resolve(nodes[1]!, token)).toBeNull();
  });

  it('refuse a member disabled by an operator once the change is announced', async () => {
    const { token, memberId } = await loggedIn();
    expect(await resolve(nodes[1]!, token)).not.toBeNull();
    await database.db.update(members).set({ status: 'disabled' }).where(eq(members.id, memberId));
    await nodes[0]!.forgetMember(memberId);
    await delivered();
    expect(await resolve(nodes[1]!, token)).toBeNull();
  });

  it('write activity at most once a minute, in one batch, and drop what the database revoked', async () => {
    const { token, sessionId } = await loggedIn();
    expect(await resolve(nodes[1]!, token)).not.toBeNull();
    // Revoked behind the nodes' backs (no message): the database is still the record.
    await database.db
      .update(memberSessions)
      .set({ revokedAt: sql`now()`, revokeReason: 'test' })
      .where(eq(memberSessions.id, sessionId));
    expect(await resolve(nodes[1]!, token)).not.toBeNull();
    offsetMs += (TOUCH_EVERY_SECONDS + 1) * 1000;
    // The minute has passed: this request queues a touch, whose flush finds the session gone.
    await resolve(nodes[1]!, token);
    const before = sessionQueries;
    await nodes[1]!.flushTouches();
    expect(sessionQueries - before).toBe(1);
    expect(await resolve(nodes[1]!, token)).toBeNull();
  });

  it('records the activity it batches', async () => {
    const { token, sessionId } = await loggedIn();
    await database.db
      .update(memberSessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(memberSessions.id, sessionId));
    expect(await resolve(nodes[0]!, token)).not.toBeNull();
    const [row] = await database.db
      .select({
        idle: sql<number>`extract(epoch from now() - ${memberSessions.lastSeenAt})::float8`,
      })
      .from(memberSessions)
      .where(eq(memberSessions.id, sessionId));
    expect(Number(row?.idle)).toBeLessThan(60);
  });
});

describe('member sessions when revocations cannot be heard', () => {
  it('are read from the database on every request', async () => {
    const cache = new MemoryCache();
    // A subscriber that is down: nothing may be cached on the strength of messages.
    cache.subscriptionEpoch = () => -1;
    const node = new SessionService(database.db, { cache });
    await node.start();
    const memberId = await newMember();
    const { token, sessionId } = await node.create({
      brandCode: 'jinsheng',
      memberId,
      ip: '10.0.0.1',
      deviceNo: null,
      userAgent: null,
    });
    expect(await node.resolve(token, { brand: BRAND })).not.toBeNull();
    await database.db
      .update(memberSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(memberSessions.id, sessionId));
    expect(await node.resolve(token, { brand: BRAND })).toBeNull();
    await node.stop();
    await cache.close();
  });
});
