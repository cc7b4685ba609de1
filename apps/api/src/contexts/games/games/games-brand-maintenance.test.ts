import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  type AdminBrandGamePlatform,
  type AdminBrandPlatformList,
  type GamePlatform,
} from '@lobby/contracts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import {
  createGamesHarness,
  DEAD_PROVIDER,
  memberGet,
  memberPost,
  operatorCall,
  type GameMember,
  type GamesHarness,
} from './games.test-support.ts';

/**
 * A platform's maintenance for one brand (issue 16, part 6): brand A's members cannot enter it
 * (launch, transfer in, the list shows it), brand B's can; an operator of one brand cannot
 * switch another's; every change is in the action log. And a brand's platform list (which it
 * offers, in which order) as the games screens edit it. This app's platforms never answer, so a
 * launch that gets past the switch ends in platform_unavailable: that is how "can enter" shows.
 */
let h: GamesHarness;
let admin: string;

beforeAll(async () => {
  h = await createGamesHarness({ gameProvider: DEAD_PROVIDER });
  admin = await h.operatorToken();
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const app = () => h.harness.app;
/** Brand A (the default brand) and brand B both offer platform 39 (a transfer-wallet lottery). */
const A = 'jinsheng';
const B = 'longteng';
const PLATFORM = 39;
const GAME = 'quick-3d';
const maintenanceUrl = (brand: string, id: number | string = PLATFORM) =>
  `/admin/api/brands/${brand}/platforms/${id}/maintenance`;

async function listed(member: GameMember): Promise<GamePlatform | undefined> {
  const answer = await memberGet<GamePlatform[]>(app(), member, '/api/findmed/v1/game/list');
  return answer.body.data.find((platform) => platform.id === PLATFORM);
}

function launch(member: GameMember) {
  return memberPost(
    app(),
    member,
    '/api/game/launch',
    { platform: String(PLATFORM), gameCode: GAME },
    { lang: 'en' },
  );
}

function transferIn(member: GameMember) {
  return memberPost(
    app(),
    member,
    '/api/game/transfer',
    { platform: String(PLATFORM), type: 'in', amount: '10', idempotencyKey: randomUUID() },
    { lang: 'en' },
  );
}

async function brandView(token: string, brand: string) {
  return operatorCall<AdminBrandGamePlatform[]>(
    app(),
    token,
    'GET',
    `/admin/api/brands/${brand}/game-platforms`,
  );
}

async function setBrand(
  token: string,
  brand: string,
  body: unknown,
  id: number | string = PLATFORM,
) {
  return operatorCall<AdminBrandGamePlatform>(app(), token, 'PUT', maintenanceUrl(brand, id), body);
}

describe('maintenance for one brand', () => {
  it("stops brand A's members and not brand B's, at once, and is logged", async () => {
    const memberA = await h.newMember(A);
    const memberB = await h.newMember(B);
    await h.credit(memberA, 10_000n);
    await h.credit(memberB, 10_000n);

    const on = await setBrand(admin, A, { maintenance: true, reason: 'A: provider upgrade' });
    expect(on.statusCode).toBe(200);
    expect(on.body.data).toMatchObject({
      id: PLATFORM,
      enabled: true,
      brandMaintenance: { on: true, reason: 'A: provider upgrade' },
      globalMaintenance: { on: false },
      inMaintenance: true,
    });
    expect(on.body.data.brandMaintenance.updatedBy).toMatch(/^games/);

    // Brand A: the list shows it, launch and transfer in are refused before the platform.
    expect((await listed(memberA))?.maintenance).toBe(true);
    const refused = await launch(memberA);
    expect(refused.statusCode).toBe(503);
    expect(refused.body).toMatchObject({ status: false, data: 'game_maintenance' });
    expect((await transferIn(memberA)).body).toMatchObject({
      status: false,
      data: 'game_maintenance',
    });
    const walletA = await memberGet<{ id: number; maintenance: boolean }[]>(
      app(),
      memberA,
      '/api/game/walletlist',
    );
    expect(walletA.body.data.find((row) => row.id === PLATFORM)?.maintenance).toBe(true);

    // Brand B: unaffected. Its launch gets past the switch to the (dead) platform.
    expect((await listed(memberB))?.maintenance).toBe(false);
    expect((await launch(memberB)).body.data).toBe('platform_unavailable');
    expect((await transferIn(memberB)).body.data).not.toBe('game_maintenance');

    // The console's views of both brands.
    const viewA = (await brandView(admin, A)).body.data.find((row) => row.id === PLATFORM);
    const viewB = (await brandView(admin, B)).body.data.find((row) => row.id === PLATFORM);
    expect(viewA).toMatchObject({ inMaintenance: true, brandMaintenance: { on: true } });
    expect(viewB).toMatchObject({ inMaintenance: false, brandMaintenance: { on: false } });

    const off = await setBrand(admin, A, { maintenance: false });
    expect(off.body.data).toMatchObject({ brandMaintenance: { on: false }, inMaintenance: false });
    expect((await listed(memberA))?.maintenance).toBe(false);
    expect((await launch(memberA)).body.data).toBe('platform_unavailable');

    const log = await operatorCall<
      { action: string; brandCode: string | null; reason: string | null; details: object }[]
    >(app(), admin, 'GET', `/admin/api/actions?targetType=game_platform&targetId=${PLATFORM}`);
    const actions = log.body.data.filter((entry) => entry.action === 'game_platform_maintenance');
    expect(actions.slice(0, 2)).toEqual([
      expect.objectContaining({
        brandCode: A,
        reason: null,
        before: { maintenance: true },
        after: { maintenance: false },
      }),
      expect.objectContaining({
        brandCode: A,
        reason: 'A: provider upgrade',
        before: { maintenance: false },
        after: { maintenance: true },
      }),
    ]);
  });

  it('the switch for every brand still means every brand, with its reason', async () => {
    const memberB = await h.newMember(B);
    const global = await operatorCall(
      app(),
      admin,
      'PUT',
      `/admin/api/game/platforms/${PLATFORM}`,
      {
        maintenance: true,
        reason: 'everyone: datacentre move',
      },
    );
    expect(global.body.status).toBe(true);
    try {
      expect((await listed(memberB))?.maintenance).toBe(true);
      expect((await launch(memberB)).body.data).toBe('game_maintenance');
      const viewB = (await brandView(admin, B)).body.data.find((row) => row.id === PLATFORM);
      expect(viewB).toMatchObject({
        inMaintenance: true,
        globalMaintenance: { on: true, reason: 'everyone: datacentre move' },
        brandMaintenance: { on: false },
      });
    } finally {
      await operatorCall(app(), admin, 'PUT', `/admin/api/game/platforms/${PLATFORM}`, {
        maintenance: false,
      });
    }
    expect((await launch(memberB)).body.data).toBe('platform_unavailable');
  });

  it("keeps an operator of brand A to brand A's switches", async () => {
    const operatorA = await createOperator(h.harness, {
      role: 'test_games_a',
      permissions: ['games.manage'],
      brands: [A],
    });
    const foreign = await setBrand(operatorA.token, B, { maintenance: true });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toMatchObject({ status: false, data: 'forbidden' });
    expect((await brandView(operatorA.token, B)).body.data).toBe('forbidden');
    // Nothing changed for B.
    const viewB = (await brandView(admin, B)).body.data.find((row) => row.id === PLATFORM);
    expect(viewB?.brandMaintenance.on).toBe(false);

    const own = await setBrand(operatorA.token, A, { maintenance: true, reason: 'own brand' });
    expect(own.body.data.brandMaintenance.on).toBe(true);
    await setBrand(operatorA.token, A, { maintenance: false });
    // The switch for every brand is not theirs.
    const global = await operatorCall(
      app(),
      operatorA.token,
      'PUT',
      `/admin/api/game/platforms/${PLATFORM}`,
      { maintenance: true },
    );
    expect(global.body.data).toBe('forbidden');

    const noPermission = await createOperator(h.harness, {
      role: 'test_games_none',
      permissions: PERMISSIONS.filter((permission) => permission !== 'games.manage'),
    });
    expect((await setBrand(noPermission.token, A, { maintenance: true })).body.data).toBe(
      'forbidden',
    );
    expect((await setBrand(null as unknown as string, A, { maintenance: true })).body.data).toBe(
      'operator_token',
    );
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await brandView(admin, A)).body.data;
    const cases: [string, unknown, number | string, string][] = [
      [A, { maintenance: true }, 999, 'game_platform_not_found'],
      [A, { maintenance: true }, 'abc', 'validation'],
      [A, { maintenance: 'yes' }, PLATFORM, 'validation'],
      [A, {}, PLATFORM, 'validation'],
      [A, { maintenance: true, reason: 'x'.repeat(201) }, PLATFORM, 'validation'],
      ['zz9', { maintenance: true }, PLATFORM, 'unknown_site'],
      ['NOT-A-CODE', { maintenance: true }, PLATFORM, 'validation'],
    ];
    for (const [brand, body, id, code] of cases) {
      const answer = await setBrand(admin, brand, body, id);
      expect(answer.statusCode, `${brand} ${String(id)} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(answer.body, `${brand} ${String(id)} ${JSON.stringify(body)}`).toMatchObject({
        status: false,
        data: code,
      });
    }
    expect((await brandView(admin, A)).body.data).toEqual(before);
    expect((await brandView(admin, 'zz9')).body.data).toBe('unknown_site');
  });
});

describe("a brand's platform list", () => {
  const platformsUrl = (brand: string) => `/admin/api/brands/${brand}/platforms`;

  it('changes what the brand offers and its order, for its members at once, logged', async () => {
    const original = (await brandView(admin, B)).body.data
      .filter((row) => row.enabled)
      .map((row) => row.id);
    expect(original).toContain(PLATFORM);
    const member = await h.newMember(B);
    // PLATFORM first, the rest as they were, minus the second.
    const dropped = original.find((id) => id !== PLATFORM)!;
    const next = [PLATFORM, ...original.filter((id) => id !== PLATFORM && id !== dropped)];
    const set = await operatorCall<AdminBrandPlatformList>(app(), admin, 'PUT', platformsUrl(B), {
      platformIds: next,
      reason: 'lottery first',
    });
    expect(set.body.status).toBe(true);
    expect(set.body.data.platformIds).toEqual(next);

    const list = await memberGet<GamePlatform[]>(app(), member, '/api/findmed/v1/game/list');
    expect(list.body.data.map((platform) => platform.id)).toEqual(next);
    expect(list.body.data[0]).toMatchObject({ id: PLATFORM, sort: 1 });
    const view = (await brandView(admin, B)).body.data;
    expect(view.filter((row) => row.enabled).map((row) => row.id)).toEqual(next);
    expect(view.find((row) => row.id === dropped)).toMatchObject({ enabled: false, sort: null });

    const log = await operatorCall<{ action: string; reason: string | null }[]>(
      app(),
      admin,
      'GET',
      `/admin/api/actions?targetType=brand&targetId=${B}`,
    );
    expect(log.body.data.find((entry) => entry.action === 'brand_platforms_update')).toMatchObject({
      reason: 'lottery first',
      before: { platformIds: original },
      after: { platformIds: next },
    });

    await operatorCall(app(), admin, 'PUT', platformsUrl(B), { platformIds: original });
    const back = await memberGet<GamePlatform[]>(app(), member, '/api/findmed/v1/game/list');
    expect(back.body.data.map((platform) => platform.id)).toEqual(original);
  });

  it('refuses unknown or repeated platforms, other brands and bad input, changing nothing', async () => {
    const before = (await brandView(admin, A)).body.data;
    const operatorB = await createOperator(h.harness, {
      role: 'test_games_b',
      permissions: ['games.manage'],
      brands: [B],
    });
    const cases: [string, string, unknown, string][] = [
      [admin, A, { platformIds: [PLATFORM, 999] }, 'game_platform_not_found'],
      [admin, A, { platformIds: [PLATFORM, PLATFORM] }, 'validation'],
      [admin, A, { platformIds: [0] }, 'validation'],
      [admin, A, { platformIds: 'all' }, 'validation'],
      [admin, 'zz9', { platformIds: [PLATFORM] }, 'unknown_site'],
      [operatorB.token, A, { platformIds: [PLATFORM] }, 'forbidden'],
    ];
    for (const [token, brand, body, code] of cases) {
      const answer = await operatorCall(app(), token, 'PUT', platformsUrl(brand), body);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ status: false, data: code });
    }
    expect((await brandView(admin, A)).body.data).toEqual(before);
  });
});

describe("a platform's games", () => {
  it('lists the catalog of a platform, searched by code or name', async () => {
    const all = await operatorCall<{ total: number; games: { code: string; name: string }[] }>(
      app(),
      admin,
      'GET',
      `/admin/api/game/platforms/${PLATFORM}/games`,
    );
    expect(all.body.data.total).toBeGreaterThan(0);
    expect(all.body.data.games).toHaveLength(all.body.data.total);
    const found = await operatorCall<{ games: { code: string }[] }>(
      app(),
      admin,
      'GET',
      `/admin/api/game/platforms/${PLATFORM}/games?q=${GAME.toUpperCase()}`,
    );
    expect(found.body.data.games.map((game) => game.code)).toEqual([GAME]);
    const none = await operatorCall(app(), admin, 'GET', '/admin/api/game/platforms/999/games');
    expect(none.body).toMatchObject({ status: false, data: 'game_platform_not_found' });
  });
});
