import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundResponse } from '@lobby/game-protocol';
import { hashServerSeed } from '../games/provably-fair.ts';
import { eventsResponse, placeBetResponse } from '../play/play-api.ts';
import {
  createTestSim,
  firstGameCode,
  fundedPlayer,
  openPlaySession,
  PLATFORMS,
  playCall,
  providerCall,
  type TestSim,
} from '../test/helpers.ts';

let sim: TestSim;
beforeAll(async () => {
  sim = await createTestSim();
});
afterAll(async () => {
  await sim.close();
});

const SLOT = PLATFORMS.slotTransfer;
const LOTTERY = PLATFORMS.lotteryTransfer;

function round(platformId: number, roundId: string, player: string) {
  return providerCall(sim, {
    platformId,
    method: 'GET',
    path: `/rounds/${encodeURIComponent(roundId)}?player=${encodeURIComponent(player)}`,
  });
}

async function playedRound(player: string): Promise<string> {
  await fundedPlayer(sim, SLOT, player, 10_000n);
  const session = await openPlaySession(sim, { platformId: SLOT, player });
  const played = await playCall(sim, session, 'POST', '/round', {
    params: { stakeMinor: '100', pick: 'heads' },
  });
  expect(played.statusCode).toBe(200);
  return played.json<{ roundId: string }>().roundId;
}

describe('game recall: GET /rounds/:roundId', () => {
  it('answers a settled round of the player with its bet, result and revealed seeds', async () => {
    const roundId = await playedRound('recall_1');
    const response = await round(SLOT, roundId, 'recall_1');
    expect(response.statusCode).toBe(200);
    const { round: details } = roundResponse.parse(response.json());
    expect(details).toMatchObject({
      roundId,
      player: 'recall_1',
      gameCode: firstGameCode(SLOT),
      betMinor: '100',
      validBetMinor: '100',
      eventId: null,
      bet: { stakeMinor: '100', pick: 'heads' },
    });
    expect(['0', '200']).toContain(details.payoutMinor);
    expect(details.result).toEqual(expect.any(Object));
    expect(details.fairness).toMatchObject({ nonce: expect.any(Number) });
    expect(details.fairness?.serverSeed).toMatch(/^[0-9a-f]+$/);
  });

  it("refuses another player's round, an unknown one and a bad id as not found or invalid", async () => {
    const roundId = await playedRound('recall_2');
    await fundedPlayer(sim, SLOT, 'recall_3', 0n);
    const foreign = await round(SLOT, roundId, 'recall_3');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'round_not_found' });
    // Another platform does not hold the round either.
    expect((await round(PLATFORMS.fishTransfer, roundId, 'recall_2')).statusCode).toBe(404);
    expect((await round(SLOT, 'rnd-missing', 'recall_2')).statusCode).toBe(404);
    const badPlayer = await round(SLOT, roundId, 'Not A Player');
    expect(badPlayer.statusCode).toBe(400);
    expect(badPlayer.json()).toMatchObject({ error: 'invalid_request' });
    const badId = await round(SLOT, 'x'.repeat(65), 'recall_2');
    expect(badId.statusCode).toBe(400);
  });

  it("answers a settled bet on a draw with the draw's result and its revealed seed", async () => {
    await fundedPlayer(sim, LOTTERY, 'recall_5', 1_000n);
    const session = await openPlaySession(sim, { platformId: LOTTERY, player: 'recall_5' });
    const { events } = eventsResponse.parse(
      (await playCall(sim, session, 'GET', '/events')).json(),
    );
    const upcoming = events.find((event) => Date.parse(event.closesAt) > sim.clock.now().getTime());
    if (!upcoming) throw new Error('no open event');
    const placed = await playCall(sim, session, 'POST', '/bets', {
      params: { eventId: upcoming.id, pick: 3, stakeMinor: '100' },
    });
    const { betId } = placeBetResponse.parse(placed.json());
    // Not settled yet: not a round the platform reports.
    expect((await round(LOTTERY, betId, 'recall_5')).statusCode).toBe(404);
    sim.clock.advance(Date.parse(upcoming.resultAt) - sim.clock.now().getTime() + 500);
    expect((await sim.runBackgroundOnce()).settledBets).toBe(1);

    const response = await round(LOTTERY, betId, 'recall_5');
    expect(response.statusCode).toBe(200);
    const { round: details } = roundResponse.parse(response.json());
    expect(details).toMatchObject({
      roundId: betId,
      eventId: upcoming.id,
      betMinor: '100',
      bet: { eventId: upcoming.id, pick: 3, stakeMinor: '100' },
      result: { digit: expect.any(Number) },
    });
    expect(hashServerSeed(details.fairness?.serverSeed ?? '')).toBe(
      upcoming.fairness.serverSeedHash,
    );
  });

  it('needs the platform signature, as every provider call', async () => {
    const roundId = await playedRound('recall_4');
    const response = await sim.app.inject({
      method: 'GET',
      url: `/provider/v1/${SLOT}/rounds/${roundId}?player=recall_4`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'bad_signature' });
  });
});
