import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGamePlatform, GamePlatform } from '@lobby/contracts';
import { gamePlayers } from './games.schema.ts';
import {
  createGamesHarness,
  DEAD_PROVIDER,
  memberGet,
  memberPost,
  operatorCall,
  type GamesHarness,
} from './games.test-support.ts';
import { initialsOf } from './icons.ts';

/**
 * The game list (guests and members), the platform and game tiles, the automatic-transfer
 * setting, the operator's maintenance switch, and the launch refusals that need no platform
 * (this app's platforms never answer: a port nothing listens on). Entering games on a real
 * simulator is in games-launch.test.ts.
 */
let h: GamesHarness;

beforeAll(async () => {
  h = await createGamesHarness({ gameProvider: DEAD_PROVIDER });
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const app = () => h.harness.app;
const LIST = '/api/findmed/v1/game/list';
const LAUNCH = '/api/game/launch';
/** The maintenance tests switch this platform (a lottery platform no other test plays). */
const MAINTENANCE_PLATFORM = 39;

async function list(query = '', headers: Record<string, string> = {}) {
  return memberGet<GamePlatform[]>(app(), null, `${LIST}${query}`, headers);
}

describe('game list', () => {
  it("gives a guest the brand's platforms in its order, with games and no balances", async () => {
    const answer = await list();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const platforms = answer.body.data;
    expect(platforms).toHaveLength(42);
    expect(platforms.map((platform) => platform.sort)).toEqual(
      Array.from({ length: 42 }, (_, index) => index + 1),
    );
    expect(platforms.slice(0, 3).map((platform) => platform.id)).toEqual([2, 4, 5]);
    const slots = platforms.find((platform) => platform.id === 17);
    expect(slots).toMatchObject({
      code: 'PGS',
      name: '鹏购电子',
      wallet: 1,
      category: 4,
      special: true,
      balance: null,
      inTransit: false,
      icon: '/api/game/icons/platform/17.svg?v=1',
    });
    expect(slots?.games).toHaveLength(6);
    expect(slots?.games[0]).toMatchObject({ platformId: 17, category: 4, hot: true });
    expect(slots?.games[0]?.icon).toMatch(/^\/api\/game\/icons\/game\/17\/[a-z-]+\.svg\?v=1$/);
    expect(platforms.find((platform) => platform.id === 1)?.special).toBe(false);
    expect(platforms.find((platform) => platform.id === 40)).toMatchObject({
      wallet: 2,
      balance: null,
    });
  });

  it('filters by category (show) and names things in the request language', async () => {
    const slots = (await list('?show=4', { lang: 'en' })).body.data;
    expect(slots.map((platform) => platform.id)).toEqual([17, 18, 19, 20, 21, 22, 23, 24, 40]);
    expect(slots.every((platform) => platform.category === 4)).toBe(true);
    expect(slots[0]?.name).toBe('Peng Slots');
    expect(slots[0]?.games.map((game) => game.name)).toContain('Golden Koi');
    const traditional = (await list('?show=6', { lang: 'zh-TW' })).body.data;
    expect(traditional.map((platform) => platform.name)).toContain('華盛體育');
    for (const show of ['', '0']) {
      expect((await list(`?show=${show}`)).body.data).toHaveLength(42);
    }
    // A brand of its own: another order, without the platforms it does not enable.
    const other = (await list('', { host: 'longteng.lobby.test' })).body.data;
    expect(other.map((platform) => platform.id)).not.toContain(6);
    expect(other.map((platform) => platform.sort)).toEqual(other.map((_, index) => index + 1));
  });

  it('refuses a show that is not a category', async () => {
    for (const show of ['9', 'abc', '-1', '2.5']) {
      const answer = await list(`?show=${show}`);
      expect(answer.statusCode, show).toBe(400);
      expect(answer.body).toMatchObject({ status: false, data: 'validation' });
    }
  });

  // Transfers in transit are shown in games-launch.test.ts, where a platform can leave one so.
  it("gives a member each transfer platform's book balance", async () => {
    const member = await h.newMember();
    await h.credit(member, 10_000n);
    await h.ledger.post({
      brandCode: member.brand,
      reason: 'game_transfer_in',
      idempotencyKey: `test:${randomUUID()}`,
      actor: { type: 'system', id: 'test' },
      lines: [
        {
          account: { kind: 'member_wallet', memberId: member.id, currency: 'CNY' },
          amountMinor: -1_250n,
        },
        {
          account: { kind: 'member_platform', memberId: member.id, ref: '17', currency: 'CNY' },
          amountMinor: 1_250n,
        },
      ],
    });
    const platforms = (await memberGet<GamePlatform[]>(app(), member, `${LIST}?show=4`)).body.data;
    const byId = new Map(platforms.map((platform) => [platform.id, platform]));
    expect(byId.get(17)).toMatchObject({ balance: '12.50', inTransit: false });
    expect(byId.get(18)).toMatchObject({ balance: '0.00', inTransit: false });
    expect(byId.get(40)).toMatchObject({ balance: null, inTransit: false });
    // Another member sees none of it.
    const other = await h.newMember();
    const theirs = (await memberGet<GamePlatform[]>(app(), other, `${LIST}?show=4`)).body.data;
    expect(theirs.find((platform) => platform.id === 17)).toMatchObject({
      balance: '0.00',
      inTransit: false,
    });
  });

  it('treats a bad session as a guest (the list is public)', async () => {
    const answer = await list('?show=4', { t: 'not-a-session-token-at-all' });
    expect(answer.body.status).toBe(true);
    expect(answer.body.data[0]?.balance).toBeNull();
  });
});

describe('icons', () => {
  it('serves each platform and game a long-cached SVG tile, the same every time', async () => {
    const platforms = (await list('?show=4', { lang: 'en' })).body.data;
    const slots = platforms[0];
    if (!slots) throw new Error('no slot platform');
    const first = await app().inject({ method: 'GET', url: slots.icon });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(first.body).toContain('>PGS<');
    const again = await app().inject({ method: 'GET', url: slots.icon });
    expect(again.body).toBe(first.body);

    const koi = slots.games.find((game) => game.code === 'golden-koi');
    if (!koi) throw new Error('no golden koi');
    const tile = await app().inject({ method: 'GET', url: koi.icon });
    expect(tile.statusCode).toBe(200);
    expect(tile.body).toContain('>GK<');
    expect(tile.body).toContain('>PGS<');

    // Colours follow the category: two slot platforms share them, sports differ.
    const gradient = (svg: string) => /<linearGradient[^]*?<\/linearGradient>/.exec(svg)?.[0];
    const otherSlot = await app().inject({ method: 'GET', url: '/api/game/icons/platform/18.svg' });
    const sports = await app().inject({ method: 'GET', url: '/api/game/icons/platform/1.svg' });
    expect(gradient(otherSlot.body)).toBe(gradient(first.body));
    expect(gradient(sports.body)).not.toBe(gradient(first.body));
  });

  it('answers not_found for what the catalog does not have', async () => {
    for (const url of [
      '/api/game/icons/platform/999.svg',
      '/api/game/icons/platform/17.png',
      '/api/game/icons/platform/abc.svg',
      '/api/game/icons/game/17/no-such-game.svg',
      '/api/game/icons/game/1/golden-koi.svg',
    ]) {
      const answer = await app().inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ status: false, data: 'not_found' });
    }
  });

  it('takes initials from English names', () => {
    expect(initialsOf('Fortune Dragon')).toBe('FD');
    expect(initialsOf('Baccarat')).toBe('BA');
    expect(initialsOf('Quick 3D')).toBe('Q3');
  });
});

describe('game settings', () => {
  it('turns the automatic transfer on and off', async () => {
    const member = await h.newMember();
    const initial = await memberGet(app(), member, '/api/game/settings');
    expect(initial.body).toEqual({ status: true, data: { autoTransfer: false } });
    const on = await memberPost(app(), member, '/api/game/settings', { autoTransfer: '1' });
    expect(on.body).toEqual({ status: true, data: { autoTransfer: true } });
    expect((await memberGet(app(), member, '/api/game/settings')).body.data).toEqual({
      autoTransfer: true,
    });
    const off = await memberPost(app(), member, '/api/game/settings', { autoTransfer: 'false' });
    expect(off.body.data).toEqual({ autoTransfer: false });
    // Someone else's setting is untouched.
    const other = await h.newMember();
    await memberPost(app(), other, '/api/game/settings', { autoTransfer: 'true' });
    expect((await memberGet(app(), member, '/api/game/settings')).body.data).toEqual({
      autoTransfer: false,
    });
  });

  it('refuses bad input and guests', async () => {
    const member = await h.newMember();
    for (const fields of [{ autoTransfer: 'yes' }, {}] as Record<string, string>[]) {
      const answer = await memberPost(app(), member, '/api/game/settings', fields);
      expect(answer.body).toMatchObject({ status: false, data: 'validation' });
    }
    expect((await memberGet(app(), member, '/api/game/settings')).body.data).toEqual({
      autoTransfer: false,
    });
    const guest = await memberGet(app(), null, '/api/game/settings');
    expect(guest.body).toMatchObject({ status: false, data: 'token' });
  });
});

describe('maintenance switch', () => {
  it('is for operators only', async () => {
    const anonymous = await operatorCall(app(), null, 'GET', '/admin/api/game/platforms');
    expect(anonymous.body).toMatchObject({ status: false, data: 'operator_token' });
    const put = await operatorCall(app(), null, 'PUT', '/admin/api/game/platforms/17', {
      maintenance: true,
    });
    expect(put.body).toMatchObject({ status: false, data: 'operator_token' });
  });

  it("lists a brand's platforms in its order, or every platform by id", async () => {
    const token = await h.operatorToken();
    const all = await operatorCall<AdminGamePlatform[]>(
      app(),
      token,
      'GET',
      '/admin/api/game/platforms',
    );
    expect(all.body.data.map((platform) => platform.id)).toEqual(
      Array.from({ length: 42 }, (_, index) => index + 1),
    );
    expect(all.body.data.every((platform) => platform.sort === null)).toBe(true);
    const brand = await operatorCall<AdminGamePlatform[]>(
      app(),
      token,
      'GET',
      '/admin/api/game/platforms?brand=longteng',
    );
    expect(brand.body.data.map((platform) => platform.id)).not.toContain(6);
    expect(brand.body.data[0]?.sort).toBe(1);
    const unknown = await operatorCall(app(), token, 'GET', '/admin/api/game/platforms?brand=zz9');
    expect(unknown.body).toMatchObject({ status: false, data: 'unknown_site' });
  });

  it('stops launches and shows in the list at once, and is logged', async () => {
    const token = await h.operatorToken();
    const member = await h.newMember();
    const launch = () =>
      memberPost(
        app(),
        member,
        LAUNCH,
        { platform: String(MAINTENANCE_PLATFORM), gameCode: 'quick-3d' },
        { lang: 'en' },
      );
    const switched = await operatorCall<AdminGamePlatform>(
      app(),
      token,
      'PUT',
      `/admin/api/game/platforms/${MAINTENANCE_PLATFORM}`,
      { maintenance: true, reason: 'provider upgrade' },
    );
    expect(switched.body.status).toBe(true);
    expect(switched.body.data).toMatchObject({
      id: MAINTENANCE_PLATFORM,
      maintenance: true,
      reportedMaintenance: false,
    });
    expect(switched.body.data.updatedBy).toMatch(/^games/);
    const shown = (await list('?show=5')).body.data.find(
      (platform) => platform.id === MAINTENANCE_PLATFORM,
    );
    expect(shown?.maintenance).toBe(true);
    const refused = await launch();
    expect(refused.statusCode).toBe(503);
    expect(refused.body).toEqual({
      status: false,
      data: 'game_maintenance',
      message: 'This game is under maintenance. Please try again later.',
    });

    const back = await operatorCall<AdminGamePlatform>(
      app(),
      token,
      'PUT',
      `/admin/api/game/platforms/${MAINTENANCE_PLATFORM}`,
      { maintenance: false },
    );
    expect(back.body.data.maintenance).toBe(false);
    expect(
      (await list('?show=5')).body.data.find((platform) => platform.id === MAINTENANCE_PLATFORM)
        ?.maintenance,
    ).toBe(false);
    // Past the switch, this app's platform does not answer: the launch gets that far.
    expect((await launch()).body.data).toBe('platform_unavailable');

    const log = await operatorCall<{ action: string; reason: string | null; details: object }[]>(
      app(),
      token,
      'GET',
      `/admin/api/actions?targetType=game_platform&targetId=${MAINTENANCE_PLATFORM}`,
    );
    const actions = log.body.data.filter((entry) => entry.action === 'game_platform_maintenance');
    // The reader shows each change's before and after.
    expect(actions.slice(0, 2)).toEqual([
      expect.objectContaining({
        before: { maintenance: true },
        after: { maintenance: false },
        reason: null,
      }),
      expect.objectContaining({
        before: { maintenance: false },
        after: { maintenance: true },
        reason: 'provider upgrade',
      }),
    ]);
  });

  it('refuses bad input and changes nothing', async () => {
    const token = await h.operatorToken();
    const before = await operatorCall<AdminGamePlatform[]>(
      app(),
      token,
      'GET',
      '/admin/api/game/platforms',
    );
    const cases: [string, unknown, string][] = [
      ['/admin/api/game/platforms/999', { maintenance: true }, 'game_platform_not_found'],
      ['/admin/api/game/platforms/abc', { maintenance: true }, 'validation'],
      [`/admin/api/game/platforms/${MAINTENANCE_PLATFORM}`, { maintenance: 'yes' }, 'validation'],
      [`/admin/api/game/platforms/${MAINTENANCE_PLATFORM}`, {}, 'validation'],
    ];
    for (const [url, body, code] of cases) {
      const answer = await operatorCall(app(), token, 'PUT', url, body);
      expect(answer.body.status, url).toBe(false);
      expect(answer.body.data).toBe(code);
    }
    const after = await operatorCall<AdminGamePlatform[]>(
      app(),
      token,
      'GET',
      '/admin/api/game/platforms',
    );
    expect(after.body.data).toEqual(before.body.data);
  });
});

describe('launch refusals', () => {
  it('refuses what the brand does not offer, games that do not exist and foreign return URLs', async () => {
    const member = await h.newMember();
    const foreign = await h.newMember('longteng');
    const cases: [typeof member, Record<string, string>, number, string][] = [
      [member, { platform: '999', gameCode: 'golden-koi' }, 404, 'game_platform_not_found'],
      [foreign, { platform: '6', gameCode: 'esportsbook' }, 404, 'game_platform_not_found'],
      [member, { platform: '17', gameCode: 'no-such-game' }, 404, 'game_not_found'],
      [member, { platform: '1', gameCode: 'golden-koi' }, 404, 'game_not_found'],
      [member, { platform: '17' }, 400, 'validation'],
      [member, { platform: 'x', gameCode: 'golden-koi' }, 400, 'validation'],
      [
        member,
        { platform: '17', gameCode: 'golden-koi', idempotencyKey: 'short' },
        400,
        'validation',
      ],
    ];
    for (const returnUrl of [
      'https://evil.example/home',
      '//evil.example/home',
      '/\\evil.example',
      'home',
      'javascript:alert(1)',
    ]) {
      cases.push([
        member,
        { platform: '17', gameCode: 'golden-koi', returnUrl },
        400,
        'validation',
      ]);
    }
    for (const [who, fields, status, code] of cases) {
      const answer = await memberPost(app(), who, LAUNCH, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(status);
      expect(answer.body.data, JSON.stringify(fields)).toBe(code);
      expect(answer.body.message).toBeTruthy();
    }
    const players = await h.harness.database.db
      .select()
      .from(gamePlayers)
      .where(eq(gamePlayers.memberId, member.id));
    expect(players).toEqual([]);
  });

  it('answers platform_unavailable when the platform does not answer, and records nothing', async () => {
    const member = await h.newMember();
    const answer = await memberPost(app(), member, LAUNCH, {
      platform: '17',
      gameCode: 'golden-koi',
      returnUrl: '/home',
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.body.data).toBe('platform_unavailable');
    const players = await h.harness.database.db
      .select()
      .from(gamePlayers)
      .where(and(eq(gamePlayers.memberId, member.id), eq(gamePlayers.platformId, 17)));
    expect(players).toEqual([]);
  });

  it('needs a member session', async () => {
    const guest = await app().inject({
      method: 'POST',
      url: LAUNCH,
      payload: 'platform=17&gameCode=golden-koi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(guest.json()).toMatchObject({ status: false, data: 'token' });
  });
});
