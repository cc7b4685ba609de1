import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallGame } from '@lobby/contracts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import {
  openGame,
  playSlotRounds,
  startSim,
  type PlayedRound,
  type RunningSim,
} from '../games/game-sim.test-support.ts';
import {
  createGamesHarness,
  memberGet,
  memberPost,
  memorySweepContext,
  operatorCall,
  type GameMember,
  type GamesHarness,
} from '../games/games.test-support.ts';
import { ProviderClient } from '../games/provider-client.ts';
import { syncBetRecords } from './bet-record-sync.ts';
import { insertNewBetRecords } from './bet-records.repository.ts';

/**
 * Game recall against the provider simulator over HTTP: a member plays slot rounds, the sync
 * records them, and the member (or an operator in the member 360 view) reads the last 10 rounds
 * of a game with the round details the provider keeps. A provider that cannot answer refuses the
 * read with a code, never a 500.
 */
let sim: RunningSim;
let h: GamesHarness;

beforeAll(async () => {
  sim = await startSim({ timeoutMs: 1_000 });
  h = await createGamesHarness({ gameProvider: sim.gameProvider });
});
afterAll(async () => {
  sim.setFaults({});
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
  await sim.close();
});

const app = () => h.harness.app;
const GAMES = '/api/findmed/v1/member/record/recall/games';
const ROUNDS = '/api/findmed/v1/member/record/recall/rounds';

type Rounds = {
  platformId: number;
  gameName: string;
  currency: string;
  rounds: {
    roundId: string;
    bet: string;
    payout: string;
    winLoss: string;
    details: {
      gameKind: string;
      bet: unknown;
      result: unknown;
      fairness: { serverSeed: string; nonce: number } | null;
    } | null;
  }[];
};

async function play(member: GameMember, gameCode: string, rounds: number): Promise<PlayedRound[]> {
  const launched = await memberPost<{ url: string }>(app(), member, '/api/game/launch', {
    platform: '17',
    gameCode,
  });
  if (!launched.body.status) throw new Error(`launch: ${JSON.stringify(launched.body)}`);
  const page = await openGame(sim, launched.body.data.url);
  return playSlotRounds(sim, page.sessionId, rounds, 100n);
}

async function sync() {
  const report = await syncBetRecords(memorySweepContext(h.harness), {
    provider: new ProviderClient(sim.gameProvider),
    brands: () => app().brands.all(),
    settleLagMs: 0,
    initialLookbackMs: 15 * 60_000,
  });
  expect(report.failed).toEqual([]);
}

/** A member who played 12 rounds of golden-koi and 2 of another slot, all recorded. */
async function player(): Promise<{ member: GameMember; played: PlayedRound[] }> {
  const member = await h.newMember();
  await h.credit(member, 100_000n);
  await memberPost(app(), member, '/api/game/settings', { autoTransfer: '1' });
  await play(member, 'fortune-dragon', 2);
  const played = await play(member, 'golden-koi', 12);
  await sync();
  return { member, played };
}

let shared: { member: GameMember; played: PlayedRound[] } | undefined;
async function sharedPlayer() {
  shared ??= await player();
  return shared;
}

describe('game recall for the member', () => {
  it('lists the games played, most recent first, and the last 10 rounds with the provider details', async () => {
    const { member, played } = await sharedPlayer();
    const games = await memberGet<{ items: RecallGame[] }>(app(), member, GAMES, { lang: 'en' });
    expect(games.body.status, JSON.stringify(games.body)).toBe(true);
    expect(games.body.data.items.map((game) => [game.gameCode, game.rounds])).toEqual([
      ['golden-koi', 12],
      ['fortune-dragon', 2],
    ]);
    expect(games.body.data.items[0]).toMatchObject({ platformId: 17, gameName: 'Golden Koi' });

    const answer = await memberGet<Rounds>(app(), member, `${ROUNDS}?platform=17&game=golden-koi`);
    expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
    const { rounds } = answer.body.data;
    expect(rounds).toHaveLength(10);
    // Newest first: the last ten played, in reverse.
    expect(rounds.map((round) => round.roundId)).toEqual(
      played
        .slice(-10)
        .reverse()
        .map((round) => round.roundId),
    );
    for (const [index, round] of rounds.entries()) {
      const source = played.at(-1 - index);
      expect(round.bet).toBe('1.00');
      expect(round.payout).toBe(((Number(source?.payoutMinor) || 0) / 100).toFixed(2));
      expect(round.details?.gameKind).toBe('slot');
      expect(round.details?.bet).toEqual({ betMinor: '100' });
      expect(round.details?.result).toMatchObject({ window: expect.any(Array) });
      expect(round.details?.fairness?.serverSeed).toMatch(/^[0-9a-f]+$/);
    }
  });

  it("never shows another member's rounds, nor a game not played", async () => {
    await sharedPlayer();
    const other = await h.newMember();
    const answer = await memberGet<Rounds>(app(), other, `${ROUNDS}?platform=17&game=golden-koi`);
    expect(answer.body.status).toBe(true);
    expect(answer.body.data).toMatchObject({ platformId: 17, currency: 'CNY', rounds: [] });
    expect((await memberGet<{ items: unknown[] }>(app(), other, GAMES)).body.data.items).toEqual(
      [],
    );
  });

  it('answers bad input and a missing session with a code', async () => {
    const { member } = await sharedPlayer();
    for (const query of [
      '',
      '?platform=abc&game=golden-koi',
      '?platform=17&game=a%20b',
      '?platform=0&game=x',
    ]) {
      const answer = await memberGet(app(), member, `${ROUNDS}${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body).toMatchObject({ status: false, data: 'validation' });
    }
    const anonymous = await memberGet(app(), null, `${ROUNDS}?platform=17&game=golden-koi`);
    expect(anonymous.body).toMatchObject({ status: false, data: 'token' });
  });

  it('refuses with a code when the provider fails or is in maintenance, never a 500', async () => {
    const { member } = await sharedPlayer();
    const url = `${ROUNDS}?platform=17&game=golden-koi`;
    try {
      sim.setFaults({ seed: 'recall', errorRate: 1 });
      const failed = await memberGet(app(), member, url, { lang: 'en' });
      expect(failed.statusCode).toBe(503);
      expect(failed.body).toMatchObject({ status: false, data: 'recall_unavailable' });
      expect(failed.body.message).toMatch(/provider/);
      sim.setFaults({ seed: 'recall', timeoutRate: 1 });
      const slow = await memberGet(app(), member, url);
      expect(slow.body).toMatchObject({ status: false, data: 'recall_unavailable' });
      sim.setFaults({ maintenancePlatformIds: [17] });
      const maintenance = await memberGet(app(), member, url);
      expect(maintenance.statusCode).toBe(503);
      expect(maintenance.body).toMatchObject({ status: false, data: 'game_maintenance' });
    } finally {
      sim.setFaults({});
    }
    expect((await memberGet(app(), member, url)).body.status).toBe(true);
  });

  it('shows a round the provider no longer keeps without details', async () => {
    const { member } = await player();
    await insertNewBetRecords(h.harness.database.db, [
      {
        platformId: 17,
        roundId: `gone-${randomUUID()}`,
        brandCode: member.brand,
        memberId: member.id,
        gameCode: 'golden-koi',
        category: 4,
        currency: 'CNY',
        betMinor: 500n,
        validBetMinor: 500n,
        payoutMinor: 0n,
        placedAt: new Date(Date.now() + 60_000),
        settledAt: new Date(Date.now() + 60_000),
      },
    ]);
    const answer = await memberGet<Rounds>(app(), member, `${ROUNDS}?platform=17&game=golden-koi`);
    expect(answer.body.status).toBe(true);
    expect(answer.body.data.rounds[0]).toMatchObject({
      bet: '5.00',
      winLoss: '-5.00',
      details: null,
    });
    expect(answer.body.data.rounds[1]?.details?.gameKind).toBe('slot');
  });
});

describe('game recall in the member 360 view', () => {
  it('shows the member rounds to an operator with members.read of the brand only', async () => {
    const { member, played } = await sharedPlayer();
    const base = `/admin/api/members/${String(member.id)}/recall`;
    const admin = await h.operatorToken();
    const games = await operatorCall<{ items: RecallGame[] }>(app(), admin, 'GET', `${base}/games`);
    expect(games.body.data.items.map((game) => game.gameCode)).toEqual([
      'golden-koi',
      'fortune-dragon',
    ]);
    const rounds = await operatorCall<Rounds>(
      app(),
      admin,
      'GET',
      `${base}/rounds?platform=17&game=fortune-dragon`,
    );
    expect(rounds.body.data.rounds).toHaveLength(2);
    expect(rounds.body.data.rounds.every((round) => round.details?.gameKind === 'slot')).toBe(true);
    expect(played.some((round) => round.roundId === rounds.body.data.rounds[0]?.roundId)).toBe(
      false,
    );

    const content = await createOperator(h.harness, { role: 'content' });
    const lumen = await createOperator(h.harness, { role: 'customer_service', brands: ['lumen'] });
    const home = await createOperator(h.harness, {
      role: 'customer_service',
      brands: ['jinsheng'],
    });
    for (const path of ['/games', '/rounds?platform=17&game=golden-koi']) {
      const refused = await operatorCall(app(), content.token, 'GET', `${base}${path}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.body.data).toBe('forbidden');
      const elsewhere = await operatorCall(app(), lumen.token, 'GET', `${base}${path}`);
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.body.data).toBe('member_not_found');
      expect((await operatorCall(app(), home.token, 'GET', `${base}${path}`)).statusCode).toBe(200);
    }
    const missing = await operatorCall(
      app(),
      admin,
      'GET',
      '/admin/api/members/999999999/recall/games',
    );
    expect(missing.body).toMatchObject({ status: false, data: 'member_not_found' });
    const bad = await operatorCall(app(), admin, 'GET', `${base}/rounds?platform=17`);
    expect(bad.body).toMatchObject({ status: false, data: 'validation' });
  });
});
