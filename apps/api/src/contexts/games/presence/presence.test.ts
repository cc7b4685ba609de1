import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../../cache/index.ts';
import { openCache } from '../../../cache/index.ts';
import { MemoryCache } from '../../../cache/memory-cache.ts';
import {
  createGamesHarness,
  memberPost,
  operatorCall,
  type GameMember,
  type GamesHarness,
} from '../games/games.test-support.ts';
import { PRESENCE_TTL_MS, PresenceService, type PresenceReport } from './presence.service.ts';

/**
 * The heartbeat keeps a member online (brand, where, when, from where) in the shared cache for
 * three heartbeats; operators list a brand's online members with counts per platform. The app
 * runs on Redis when REDIS_URL is set (CI repeats the run so), and the expiry tests below run
 * on each cache kind available.
 */
let h: GamesHarness;

beforeAll(async () => {
  h = await createGamesHarness();
});
afterAll(async () => {
  await h.close();
});

const app = () => h.harness.app;
const HEARTBEAT = '/api/findmed/v1/heartbeat';

function beat(member: GameMember, fields: Record<string, string>, headers = {}) {
  return memberPost(app(), member, HEARTBEAT, fields, headers);
}

async function presence(brand: string): Promise<PresenceReport> {
  const answer = await operatorCall<PresenceReport>(
    app(),
    await h.operatorToken(),
    'GET',
    `/admin/api/presence?brand=${brand}`,
  );
  expect(answer.body.status).toBe(true);
  return answer.body.data;
}

describe('heartbeat', () => {
  it('marks the member online in the lobby, and where they play', async () => {
    const member = await h.newMember();
    const lobby = await beat(
      member,
      { gameid: '', platform: '' },
      { device_no: 'web-abc-1', d: '24' },
    );
    expect(lobby.statusCode).toBe(200);
    expect(lobby.body).toEqual({ status: true, data: { online: true } });
    let mine = (await presence('jinsheng')).members.find(
      (entry) => entry.username === member.username,
    );
    expect(mine).toMatchObject({
      memberId: String(member.id),
      platformId: null,
      gameCode: null,
      deviceNo: 'web-abc-1',
      clientType: 24,
      ip: '127.0.0.1',
    });

    const playing = await beat(member, { gameid: 'golden-koi', platform: '17' });
    expect(playing.body.status).toBe(true);
    const report = await presence('jinsheng');
    mine = report.members.find((entry) => entry.username === member.username);
    expect(mine).toMatchObject({
      platformId: 17,
      platformName: '鹏购电子',
      gameCode: 'golden-koi',
      gameName: '金锦鲤',
    });
    expect(Date.now() - Date.parse(mine?.lastSeenAt ?? '')).toBeLessThan(10_000);
    // One entry per member, however many heartbeats.
    expect(report.members.filter((entry) => entry.username === member.username)).toHaveLength(1);
  });

  it('takes the member off the list at logout, not when the heartbeats lapse', async () => {
    const member = await h.newMember();
    const other = await h.newMember();
    expect((await beat(member, { gameid: '', platform: '' })).body.status).toBe(true);
    expect((await beat(other, { gameid: '', platform: '' })).body.status).toBe(true);
    const online = async () => (await presence('jinsheng')).members.map((entry) => entry.username);
    expect(await online()).toEqual(expect.arrayContaining([member.username, other.username]));

    const logout = await memberPost(app(), member, '/api/findmed/v1/member/logout', {});
    expect(logout.body).toEqual({ status: true, data: { loggedOut: true } });
    const after = await online();
    expect(after).not.toContain(member.username);
    expect(after).toContain(other.username);
  });

  it('counts members per platform, the lobby included, per brand only', async () => {
    const brand = 'longteng';
    const [first, second, third] = await Promise.all([
      h.newMember(brand),
      h.newMember(brand),
      h.newMember(brand),
    ]);
    if (!first || !second || !third) throw new Error('members');
    const before = await presence(brand);
    const countOf = (report: PresenceReport, platformId: number | null) =>
      report.platforms.find((entry) => entry.platformId === platformId)?.members ?? 0;
    // A platform longteng offers: the first of its list.
    const platformId = app().brands.get(brand)?.config.platformIds[0] ?? 0;
    await beat(first, { gameid: '', platform: String(platformId) });
    await beat(second, { gameid: '', platform: String(platformId) });
    await beat(third, { gameid: '' });
    const after = await presence(brand);
    expect(countOf(after, platformId) - countOf(before, platformId)).toBe(2);
    expect(countOf(after, null) - countOf(before, null)).toBe(1);
    expect(after.online - before.online).toBe(3);
    const usernames = after.members.map((entry) => entry.username);
    expect(usernames).toEqual(expect.arrayContaining([first.username, third.username]));
    // Another brand's list does not show them.
    const other = await presence('jinsheng');
    expect(other.members.map((entry) => entry.username)).not.toContain(first.username);
    // Platforms are ordered by how many members are on them.
    const counts = after.platforms.map((entry) => entry.members);
    expect(counts).toEqual([...counts].sort((left, right) => right - left));
  });

  it('refuses bad input and changes nothing', async () => {
    const member = await h.newMember();
    const cases: [Record<string, string>, string][] = [
      [{ gameid: 'golden-koi', platform: '99999' }, 'game_platform_not_found'],
      [{ gameid: 'no-such-game', platform: '17' }, 'game_not_found'],
      [{ gameid: 'golden-koi' }, 'validation'],
      [{ gameid: '', platform: 'abc' }, 'validation'],
      [{ gameid: 'x'.repeat(65), platform: '17' }, 'validation'],
    ];
    for (const [fields, code] of cases) {
      const answer = await beat(member, fields);
      expect(answer.body.status, JSON.stringify(fields)).toBe(false);
      expect(answer.body.data).toBe(code);
      expect(answer.body.message).toBeTruthy();
    }
    const report = await presence('jinsheng');
    expect(report.members.map((entry) => entry.username)).not.toContain(member.username);
  });

  it('needs a member session; the operator list needs an operator', async () => {
    const guest = await app().inject({
      method: 'POST',
      url: HEARTBEAT,
      payload: 'gameid=&platform=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(guest.json()).toMatchObject({ status: false, data: 'token' });
    const anonymous = await operatorCall(app(), null, 'GET', '/admin/api/presence?brand=jinsheng');
    expect(anonymous.body).toMatchObject({ status: false, data: 'operator_token' });
    const token = await h.operatorToken();
    const noBrand = await operatorCall(app(), token, 'GET', '/admin/api/presence');
    expect(noBrand.body).toMatchObject({ status: false, data: 'validation' });
    const unknown = await operatorCall(
      app(),
      token,
      'GET',
      '/admin/api/presence?brand=nosuchbrand',
    );
    expect(unknown.body).toMatchObject({ status: false, data: 'unknown_site' });
  });

  it('keeps a member for three heartbeats', () => {
    expect(PRESENCE_TTL_MS).toBe(90_000);
  });
});

const redisUrl = process.env.REDIS_URL;
const kinds: ('memory' | 'redis')[] = redisUrl ? ['memory', 'redis'] : ['memory'];

describe.each(kinds)('presence on the %s cache', (kind) => {
  let cache: Cache;
  beforeAll(async () => {
    cache =
      kind === 'memory' ? new MemoryCache() : await openCache(redisUrl, `test:${randomUUID()}:`);
  });
  afterAll(async () => {
    await cache.close();
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('lets a member go once heartbeats stop, and keeps one who goes on', async () => {
    const service = new PresenceService({
      cache,
      brands: app().brands,
      ttlMs: 300,
    });
    const brand = app().brands.get('jinsheng');
    if (!brand) throw new Error('brand');
    const [stays, leaves] = await Promise.all([h.newMember(), h.newMember()]);
    if (!stays || !leaves) throw new Error('members');
    const heartbeat = (member: GameMember) =>
      service.heartbeat({
        brand,
        memberId: member.id,
        username: member.username,
        gameCode: '',
        platform: '',
        ip: '10.0.0.1',
        deviceNo: null,
        clientType: 24,
      });
    await Promise.all([heartbeat(stays), heartbeat(leaves)]);
    let online = (await service.report('jinsheng', 'en')).members.map((entry) => entry.username);
    expect(online).toEqual(expect.arrayContaining([stays.username, leaves.username]));
    await sleep(200);
    await heartbeat(stays);
    await sleep(200);
    online = (await service.report('jinsheng', 'en')).members.map((entry) => entry.username);
    expect(online).toContain(stays.username);
    expect(online).not.toContain(leaves.username);
    await service.leave('jinsheng', stays.id);
    online = (await service.report('jinsheng', 'en')).members.map((entry) => entry.username);
    expect(online).not.toContain(stays.username);
  });
});
