import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsResponse } from '@lobby/game-protocol';
import { engineFor } from '../games/registry.ts';
import { fairDraw, hashServerSeed } from '../games/provably-fair.ts';
import {
  createTestSim,
  fundedPlayer,
  openPlaySession,
  PLATFORMS,
  playCall,
  providerCall,
  type TestSim,
} from '../test/helpers.ts';
import {
  betsListResponse,
  eventsResponse,
  placeBetResponse,
  roundResponse,
  seedResponse,
  stateResponse,
} from './play-api.ts';

let sim: TestSim;
beforeAll(async () => {
  sim = await createTestSim();
});
afterAll(async () => {
  await sim.close();
});

const SLOT = PLATFORMS.slotTransfer;
const LOTTERY = PLATFORMS.lotteryTransfer;

async function state(session: string) {
  const response = await playCall(sim, session, 'GET', '/state');
  expect(response.statusCode).toBe(200);
  return stateResponse.parse(response.json());
}

describe('play sessions', () => {
  it('live on a server whose origin answers, as sites check before framing a game', async () => {
    const response = await sim.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
  });

  it('need the session header', async () => {
    for (const headers of [{}, { 'x-play-session': 'not-a-session' }]) {
      const response = await sim.app.inject({ method: 'GET', url: '/play/api/state', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: 'session_invalid',
        message: expect.any(String),
      });
    }
  });

  it('expire after 12 hours', async () => {
    await fundedPlayer(sim, SLOT, 'expiry_1', 0n);
    const session = await openPlaySession(sim, { platformId: SLOT, player: 'expiry_1' });
    sim.clock.advance(12 * 60 * 60_000 - 1_000);
    expect((await playCall(sim, session, 'GET', '/state')).statusCode).toBe(200);
    sim.clock.advance(2_000);
    expect((await playCall(sim, session, 'GET', '/state')).statusCode).toBe(401);
  });

  it('show the state of the player and the game', async () => {
    await fundedPlayer(sim, SLOT, 'state_1', 5_000n);
    const session = await openPlaySession(sim, {
      platformId: SLOT,
      player: 'state_1',
      lang: 'zh-CN',
    });
    const current = await state(session);
    expect(current).toMatchObject({
      player: 'state_1',
      currency: 'CNY',
      balanceMinor: '5000',
      walletType: 1,
      game: { platformId: SLOT, kind: 'slot' },
      rules: { game: 'coin', pays: 2 },
      fairness: { nonce: 0 },
      inRound: false,
    });
    expect(current.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    // The commitment is stable until a round uses it.
    expect((await state(session)).fairness).toEqual(current.fairness);
  });
});

describe('instant rounds', () => {
  it('stake and pay in one step, reveal the seed and rotate it', async () => {
    await fundedPlayer(sim, SLOT, 'round_1', 10_000n);
    const session = await openPlaySession(sim, { platformId: SLOT, player: 'round_1' });
    const seeded = await playCall(sim, session, 'POST', '/seed', { clientSeed: 'my-lucky-seed' });
    expect(seeded.statusCode).toBe(200);
    expect(seedResponse.parse(seeded.json()).fairness).toMatchObject({
      clientSeed: 'my-lucky-seed',
      nonce: 0,
    });
    let before = await state(session);
    let balance = 10_000n;
    for (let round = 0; round < 6; round += 1) {
      const response = await playCall(sim, session, 'POST', '/round', {
        params: { stakeMinor: '1000', pick: 'heads' },
      });
      expect(response.statusCode).toBe(200);
      const played = roundResponse.parse(response.json());
      // The revealed seed is the one committed to before the round.
      expect(hashServerSeed(played.fairness.serverSeed)).toBe(before.fairness.serverSeedHash);
      expect(played.fairness).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: round });
      // The outcome replays from the revealed fairness.
      const side = fairDraw(played.fairness).int(2) === 0 ? 'heads' : 'tails';
      expect(played.outcome).toEqual({ side });
      expect(played.payoutMinor).toBe(side === 'heads' ? '2000' : '0');
      balance = balance - 1000n + BigInt(played.payoutMinor);
      expect(played.balanceMinor).toBe(balance.toString());
      const after = await state(session);
      expect(after.balanceMinor).toBe(balance.toString());
      expect(after.fairness.serverSeedHash).toBe(played.next.serverSeedHash);
      expect(played.next.serverSeedHash).not.toBe(before.fairness.serverSeedHash);
      expect(after.fairness.nonce).toBe(round + 1);
      before = after;
    }
  });

  it('refuse a stake above the balance and invalid params, changing nothing', async () => {
    await fundedPlayer(sim, SLOT, 'round_2', 500n);
    const session = await openPlaySession(sim, { platformId: SLOT, player: 'round_2' });
    const before = await state(session);
    const poor = await playCall(sim, session, 'POST', '/round', {
      params: { stakeMinor: '501', pick: 'heads' },
    });
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ error: 'insufficient_balance' });
    const invalid = await playCall(sim, session, 'POST', '/round', { params: { pick: 'edge' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: 'invalid_params' });
    const refused = await playCall(sim, session, 'POST', '/round', {
      params: { stakeMinor: '2000000', pick: 'heads' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_params', code: 'stake_too_large' });
    const notJson = await playCall(sim, session, 'POST', '/round', 'text');
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json()).toMatchObject({ error: 'invalid_request' });
    expect(await state(session)).toEqual(before);
  });

  it('are bet records of the platform category', async () => {
    await fundedPlayer(sim, 20, 'record_1', 1_000n);
    const session = await openPlaySession(sim, { platformId: 20, player: 'record_1' });
    const from = sim.clock.now().toISOString();
    const played = roundResponse.parse(
      (
        await playCall(sim, session, 'POST', '/round', {
          params: { stakeMinor: '300', pick: 'tails' },
        })
      ).json(),
    );
    sim.clock.advance(1);
    const records = await providerCall(sim, {
      platformId: 20,
      method: 'GET',
      path: `/bets?from=${from}&to=${sim.clock.now().toISOString()}`,
    });
    expect(betsResponse.parse(records.json()).records).toEqual([
      {
        roundId: played.roundId,
        player: 'record_1',
        gameCode: expect.any(String),
        category: 4,
        betMinor: '300',
        validBetMinor: '300',
        payoutMinor: played.payoutMinor,
        placedAt: from,
        settledAt: from,
      },
    ]);
  });

  it('are refused in a scheduled game, and fish sessions outside fish games', async () => {
    await fundedPlayer(sim, LOTTERY, 'mode_1', 1_000n);
    const session = await openPlaySession(sim, { platformId: LOTTERY, player: 'mode_1' });
    const round = await playCall(sim, session, 'POST', '/round', { params: {} });
    expect(round.statusCode).toBe(400);
    expect(round.json()).toMatchObject({ error: 'wrong_game_mode' });
    const fish = await playCall(sim, session, 'POST', '/fish/enter');
    expect(fish.json()).toMatchObject({ error: 'wrong_game_mode' });
  });
});

describe('scheduled games', () => {
  it('take bets until the event closes, resolve it with its own seed and settle the bets', async () => {
    await fundedPlayer(sim, LOTTERY, 'draw_1', 10_000n);
    const session = await openPlaySession(sim, { platformId: LOTTERY, player: 'draw_1' });
    const listed = eventsResponse.parse((await playCall(sim, session, 'GET', '/events')).json());
    expect(listed.events).toHaveLength(3);
    const upcoming = listed.events.find(
      (event) => Date.parse(event.closesAt) > sim.clock.now().getTime(),
    );
    if (!upcoming) throw new Error('no open event');
    expect(upcoming).toMatchObject({ result: null, fairness: { serverSeed: null } });
    expect(upcoming.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    // The event's commitment does not change between views.
    const again = eventsResponse.parse((await playCall(sim, session, 'GET', '/events')).json());
    expect(again.events.find((event) => event.id === upcoming.id)).toEqual(upcoming);

    const bets = [];
    for (let pick = 0; pick < 10; pick += 1) {
      const response = await playCall(sim, session, 'POST', '/bets', {
        params: { eventId: upcoming.id, pick, stakeMinor: '100' },
      });
      expect(response.statusCode).toBe(200);
      bets.push(placeBetResponse.parse(response.json()));
    }
    expect(bets.at(-1)).toMatchObject({
      stakeMinor: '100',
      balanceMinor: '9000',
      status: 'pending',
    });
    expect((await state(session)).balanceMinor).toBe('9000');
    const poor = await playCall(sim, session, 'POST', '/bets', {
      params: { eventId: upcoming.id, pick: 1, stakeMinor: '9001' },
    });
    expect(poor.json()).toMatchObject({ error: 'insufficient_balance' });
    const unknown = await playCall(sim, session, 'POST', '/bets', {
      params: { eventId: 'D123', pick: 1, stakeMinor: '1' },
    });
    expect(unknown.json()).toMatchObject({ error: 'invalid_params', code: 'unknown_event' });

    const pending = betsListResponse.parse((await playCall(sim, session, 'GET', '/bets')).json());
    expect(pending.bets).toHaveLength(10);
    expect(pending.bets.every((bet) => bet.status === 'pending' && bet.payoutMinor === null)).toBe(
      true,
    );

    // Closed: no more bets.
    sim.clock.advance(Date.parse(upcoming.closesAt) - sim.clock.now().getTime());
    const late = await playCall(sim, session, 'POST', '/bets', {
      params: { eventId: upcoming.id, pick: 1, stakeMinor: '100' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'event_closed' });

    // Not yet due: nothing resolves.
    expect((await sim.runBackgroundOnce()).settledBets).toBe(0);
    sim.clock.advance(Date.parse(upcoming.resultAt) - sim.clock.now().getTime() + 500);
    const resolvedAt = sim.clock.now().toISOString();
    const report = await sim.runBackgroundOnce();
    expect(report.settledBets).toBe(10);
    expect((await sim.runBackgroundOnce()).settledBets).toBe(0);

    const events = eventsResponse.parse((await playCall(sim, session, 'GET', '/events')).json());
    const resolved = events.events.find((event) => event.id === upcoming.id);
    if (!resolved?.fairness.serverSeed) throw new Error('the event was not revealed');
    expect(hashServerSeed(resolved.fairness.serverSeed)).toBe(upcoming.fairness.serverSeedHash);
    const digit = fairDraw({
      serverSeed: resolved.fairness.serverSeed,
      clientSeed: `${LOTTERY}:quick-3d:${upcoming.id}`,
      nonce: 0,
    }).int(10);
    expect(resolved.result).toEqual({ digit });

    const settled = betsListResponse.parse((await playCall(sim, session, 'GET', '/bets')).json());
    expect(
      settled.bets.every((bet) => bet.status === 'settled' && bet.settledAt === resolvedAt),
    ).toBe(true);
    const winner = settled.bets.find((bet) => (bet.params as { pick: number }).pick === digit);
    expect(winner?.payoutMinor).toBe('900');
    expect((await state(session)).balanceMinor).toBe('9900');

    const records = await providerCall(sim, {
      platformId: LOTTERY,
      method: 'GET',
      path: `/bets?from=${resolvedAt}&to=${new Date(Date.parse(resolvedAt) + 1).toISOString()}`,
    });
    const page = betsResponse.parse(records.json());
    expect(page.total).toBe(10);
    expect(
      page.records.every((record) => record.category === 5 && record.settledAt === resolvedAt),
    ).toBe(true);
  });
});

describe('maintenance', () => {
  it('closes the play API of the platform', async () => {
    await fundedPlayer(sim, SLOT, 'maint_2', 1_000n);
    const session = await openPlaySession(sim, { platformId: SLOT, player: 'maint_2' });
    sim.setFaults({ seed: 'm', maintenancePlatformIds: [SLOT] });
    try {
      const response = await playCall(sim, session, 'POST', '/round', {
        params: { stakeMinor: '100', pick: 'heads' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'maintenance' });
    } finally {
      sim.setFaults({ seed: 'none' });
    }
  });
});

describe('with the real engines', () => {
  it('plays a slot round and a lottery bet', async () => {
    const real = await createTestSim({ engines: engineFor });
    try {
      await fundedPlayer(real, SLOT, 'real_1', 100_000n);
      const slot = await openPlaySession(real, { platformId: SLOT, player: 'real_1' });
      const round = await playCall(real, slot, 'POST', '/round', { params: { betMinor: '100' } });
      expect(round.statusCode).toBe(200);
      const played = roundResponse.parse(round.json());
      const replay = engineFor('slot');
      if (replay.mode !== 'instant') throw new Error('slot is instant');
      expect(
        replay.play(replay.params.parse({ betMinor: '100' }), fairDraw(played.fairness)).outcome,
      ).toEqual(played.outcome);

      await fundedPlayer(real, LOTTERY, 'real_1', 100_000n);
      const lottery = await openPlaySession(real, { platformId: LOTTERY, player: 'real_1' });
      const events = eventsResponse.parse((await playCall(real, lottery, 'GET', '/events')).json());
      const open = events.events.find(
        (event) => Date.parse(event.closesAt) > real.clock.now().getTime(),
      );
      if (!open) throw new Error('no open draw');
      const bet = await playCall(real, lottery, 'POST', '/bets', {
        params: { eventId: open.id, bet: { type: 'sum', pick: 'big' }, amountMinor: '100' },
      });
      expect(bet.statusCode).toBe(200);
      real.clock.advance(Date.parse(open.resultAt) - real.clock.now().getTime());
      expect((await real.runBackgroundOnce()).settledBets).toBe(1);
      const bets = betsListResponse.parse((await playCall(real, lottery, 'GET', '/bets')).json());
      expect(bets.bets[0]).toMatchObject({ eventId: open.id, status: 'settled' });
    } finally {
      await real.close();
    }
  });
});
