import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGamePlatform, GamePlatform, TransferOrder } from '@lobby/contracts';
import { gamePlayers } from './games.schema.ts';
import { openGame, playSlotRounds, startSim, type RunningSim } from './game-sim.test-support.ts';
import {
  createGamesHarness,
  memberGet,
  memberPost,
  operatorCall,
  type GameMember,
  type GamesHarness,
} from './games.test-support.ts';

/**
 * Entering games against the provider simulator over HTTP: the one-time URL opens the game page
 * in the member's language with this site's return path, the automatic transfer moves the
 * centre wallet in first, and the platform's own maintenance and unanswered transfers show in
 * the game list.
 */
let sim: RunningSim;
let h: GamesHarness;

beforeAll(async () => {
  sim = await startSim({ timeoutMs: 1_000 });
  h = await createGamesHarness({ gameProvider: sim.gameProvider });
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
  await sim.close();
});

const app = () => h.harness.app;
const LAUNCH = '/api/game/launch';

type Launched = {
  url: string;
  platformId: number;
  gameCode: string;
  gameName: string;
  transfer: TransferOrder | null;
};

function launch(member: GameMember, fields: Record<string, string>, headers = {}) {
  return memberPost<Launched>(app(), member, LAUNCH, fields, headers);
}

async function platformOf(member: GameMember | null, id: number): Promise<GamePlatform> {
  const answer = await memberGet<GamePlatform[]>(app(), member, '/api/findmed/v1/game/list');
  const platform = answer.body.data.find((entry) => entry.id === id);
  if (!platform) throw new Error(`platform ${id} not listed`);
  return platform;
}

async function walletOf(member: GameMember) {
  return h.ledger.balances(member.brand, member.id, 'CNY');
}

describe('launch', () => {
  it('gives a one-time URL that opens the game in the member language with the return path', async () => {
    const member = await h.newMember();
    const answer = await launch(
      member,
      { platform: '17', gameCode: 'golden-koi', returnUrl: '/user/betRecord' },
      { lang: 'en', host: 'jinsheng.lobby.test' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      platformId: 17,
      gameCode: 'golden-koi',
      gameName: 'Golden Koi',
      transfer: null,
    });
    expect(answer.body.data.url).toMatch(/^http:\/\/sim\.test\/play\/[A-Za-z0-9_-]+$/);
    const page = await openGame(sim, answer.body.data.url);
    expect(page).toMatchObject({
      lang: 'en',
      gameCode: 'golden-koi',
      platformId: 17,
      returnUrl: 'http://jinsheng.lobby.test/user/betRecord',
    });
    // One time only.
    await expect(openGame(sim, answer.body.data.url)).rejects.toThrow(/play page 410/);
    const players = await h.harness.database.db
      .select({ player: gamePlayers.player })
      .from(gamePlayers)
      .where(and(eq(gamePlayers.memberId, member.id), eq(gamePlayers.platformId, 17)));
    expect(players).toEqual([{ player: `jinsheng_${member.id}` }]);

    // Without a return path the game shows no exit; the brand's language is the default.
    const plain = await launch(member, { platform: '17', gameCode: 'fortune-dragon' });
    expect(plain.body.data.gameName).toBe('财神龙');
    const plainPage = await openGame(sim, plain.body.data.url);
    expect(plainPage).toMatchObject({ lang: 'zh-CN', returnUrl: null });
  });

  it('moves the whole centre wallet in first when the setting is on', async () => {
    const member = await h.newMember();
    await h.credit(member, 12_345n);
    await memberPost(app(), member, '/api/game/settings', { autoTransfer: '1' });
    const idempotencyKey = `launch-${randomUUID()}`;
    const answer = await launch(member, { platform: '18', gameCode: 'golden-koi', idempotencyKey });
    expect(answer.body.status).toBe(true);
    expect(answer.body.data.transfer).toMatchObject({
      platformId: 18,
      direction: 'in',
      amount: '123.45',
      status: 'success',
    });
    expect((await walletOf(member)).walletMinor).toBe(0n);
    expect(await platformOf(member, 18)).toMatchObject({ balance: '123.45', inTransit: false });
    // The platform holds it: the game page plays with it.
    const page = await openGame(sim, answer.body.data.url);
    const [round] = await playSlotRounds(sim, page.sessionId, 1, 100n);
    expect(round?.balanceMinor).toBe(12_345n - 100n + (round?.payoutMinor ?? 0n));

    // Entering again with an empty wallet moves nothing.
    const again = await launch(member, { platform: '18', gameCode: 'golden-koi' });
    expect(again.body.status).toBe(true);
    expect(again.body.data.transfer).toBeNull();
    expect(await platformOf(member, 18)).toMatchObject({ balance: '123.45' });
  });

  it('moves nothing for a seamless platform or with the setting off', async () => {
    const member = await h.newMember();
    await h.credit(member, 5_000n);
    await memberPost(app(), member, '/api/game/settings', { autoTransfer: '1' });
    const seamless = await launch(member, { platform: '40', gameCode: 'golden-koi' });
    expect(seamless.body.status).toBe(true);
    expect(seamless.body.data.transfer).toBeNull();
    await memberPost(app(), member, '/api/game/settings', { autoTransfer: '0' });
    const off = await launch(member, { platform: '19', gameCode: 'golden-koi' });
    expect(off.body.data.transfer).toBeNull();
    expect((await walletOf(member)).walletMinor).toBe(5_000n);
  });

  it("shows the platform's own maintenance in the list until it answers again", async () => {
    const member = await h.newMember();
    const token = await h.operatorToken();
    const reported = async () =>
      (
        await operatorCall<AdminGamePlatform[]>(
          app(),
          token,
          'GET',
          '/admin/api/game/platforms?brand=jinsheng',
        )
      ).body.data.find((platform) => platform.id === 20);
    sim.setFaults({ maintenancePlatformIds: [20] });
    try {
      const refused = await launch(member, { platform: '20', gameCode: 'golden-koi' });
      expect(refused.statusCode).toBe(503);
      expect(refused.body.data).toBe('game_maintenance');
      expect((await platformOf(null, 20)).maintenance).toBe(true);
      expect(await reported()).toMatchObject({ maintenance: false, reportedMaintenance: true });
    } finally {
      sim.setFaults({});
    }
    const entered = await launch(member, { platform: '20', gameCode: 'golden-koi' });
    expect(entered.body.status).toBe(true);
    expect((await platformOf(null, 20)).maintenance).toBe(false);
    expect(await reported()).toMatchObject({ reportedMaintenance: false });
  });

  it('says so when a transfer with a platform is still in transit', async () => {
    const member = await h.newMember();
    await h.credit(member, 3_000n);
    // The player exists first, so only the transfer meets the platform's silence.
    expect((await launch(member, { platform: '21', gameCode: 'golden-koi' })).body.status).toBe(
      true,
    );
    sim.setFaults({
      seed: 'in-transit',
      timeoutRate: 1,
      timeoutAppliedRate: 0,
      timeoutDelayMs: 1_500,
    });
    let transfer;
    try {
      transfer = await memberPost<{ order: TransferOrder }>(app(), member, '/api/game/transfer', {
        platform: '21',
        type: 'in',
        amount: '10',
        idempotencyKey: `k-${randomUUID()}`,
      });
    } finally {
      sim.setFaults({});
    }
    expect(transfer.body.data.order.status).toBe('in_transit');
    expect(await platformOf(member, 21)).toMatchObject({ inTransit: true, balance: '0.00' });
    expect(await platformOf(member, 22)).toMatchObject({ inTransit: false });
  });
});
