import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { betsResponse, faultConfig, type GameKind } from '@lobby/game-protocol';
import type { SimDatabase } from '../db/database.ts';
import { decideCallbackFaults } from '../faults/fault-plan.ts';
import { eventsResponse, roundResponse, stateResponse } from '../play/play-api.ts';
import { insertRound } from '../play/rounds.repository.ts';
import { FakeLobby } from '../test/fake-lobby.ts';
import {
  createTestSim,
  digitDrawEngine,
  firstGameCode,
  openPlaySession,
  openTestDatabase,
  PLATFORMS,
  playCall,
  providerCall,
  resetDatabase,
  SECRET,
  TestClock,
  testEngines,
  type TestSim,
} from '../test/helpers.ts';
import { findCallbackOf } from './outbox.repository.ts';

const SEAMLESS = PLATFORMS.slotSeamless;
const POLICY = {
  timeoutMs: 300,
  debitAttempts: 2,
  reorderHoldMs: 2_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 8_000,
  leaseMs: 60_000,
};

let database: SimDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let clock: TestClock;
let lobby: FakeLobby;
let sim: TestSim;
/** Round ids the next rounds get, in order (random ones once empty). */
let nextIds: string[];

beforeEach(async () => {
  await resetDatabase(database);
  clock = new TestClock();
  lobby = await FakeLobby.start(SECRET, () => clock.now().getTime());
  nextIds = [];
  let counter = 0;
  sim = await createTestSim({
    database,
    keepDatabase: true,
    clock,
    lobbyUrl: lobby.url,
    callbackPolicy: POLICY,
    newId: (prefix) => nextIds.shift() ?? `${prefix}_auto${(counter += 1)}`,
    // Platform 41's roulette plays as a scheduled draw, to cover seamless bets on events.
    engines: (kind: GameKind) => (kind === 'roulette' ? digitDrawEngine : testEngines(kind)),
  });
  lobby.balances.set('seam_1', 10_000n);
});

afterEach(async () => {
  await sim.close();
  await lobby.close();
});

function round(session: string, stakeMinor = '1000', pick: 'heads' | 'tails' = 'heads') {
  return playCall(sim, session, 'POST', '/round', { params: { stakeMinor, pick } });
}

async function debitState(roundId: string) {
  return (await findCallbackOf(sim.database, SEAMLESS, `${roundId}:debit`))?.state;
}

/** A round id whose callbacks meet exactly the wanted faults under `faults`. */
function roundIdWhere(
  faults: Parameters<typeof faultConfig.parse>[0],
  wanted: (
    decide: (transactionId: string, copy?: number) => { duplicate: boolean; reorder: boolean },
  ) => boolean,
): string {
  const config = faultConfig.parse(faults);
  for (let index = 0; index < 10_000; index += 1) {
    const roundId = `rnd_pick${index}`;
    const decide = (transactionId: string, copy = 0) =>
      decideCallbackFaults(config, `${roundId}:${transactionId}`, copy);
    if (wanted(decide)) return roundId;
  }
  throw new Error('no round id meets the wanted faults');
}

describe('seamless wallet', () => {
  it('reads the balance from Lobby and debits before, credits after every round', async () => {
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    const state = stateResponse.parse((await playCall(sim, session, 'GET', '/state')).json());
    expect(state).toMatchObject({ balanceMinor: '10000', walletType: 2, player: 'seam_1' });

    const outcomes = new Set<string>();
    for (let index = 0; index < 12; index += 1) {
      const before = lobby.balances.get('seam_1') ?? 0n;
      const response = await round(session, '100');
      expect(response.statusCode).toBe(200);
      const played = roundResponse.parse(response.json());
      outcomes.add(played.payoutMinor);
      expect(played.balanceMinor).toBe((before - 100n + BigInt(played.payoutMinor)).toString());
      expect(lobby.balances.get('seam_1')).toBe(before - 100n + BigInt(played.payoutMinor));
      const calls = lobby.calls.slice(-2);
      expect(calls.map((call) => call.operation)).toEqual(['debit', 'credit']);
      expect(calls[0]?.body).toEqual({
        transactionId: `${played.roundId}:debit`,
        player: 'seam_1',
        roundId: played.roundId,
        gameCode: firstGameCode(SEAMLESS),
        amountMinor: '100',
      });
      // A loss is settled with a credit of zero, so the round closes at Lobby.
      expect(calls[1]?.body).toMatchObject({
        transactionId: `${played.roundId}:credit`,
        roundId: played.roundId,
        amountMinor: played.payoutMinor,
      });
    }
    expect(outcomes).toEqual(new Set(['0', '200']));
    expect(lobby.calls.every((call) => call.verified)).toBe(true);

    const records = await providerCall(sim, {
      platformId: SEAMLESS,
      method: 'GET',
      path: `/bets?from=${new Date(clock.now().getTime() - 1).toISOString()}&to=${new Date(clock.now().getTime() + 1).toISOString()}`,
    });
    expect(betsResponse.parse(records.json()).total).toBe(12);
  });

  it('refuses the round when Lobby refuses the debit, with nothing else sent', async () => {
    lobby.balances.set('seam_1', 50n);
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    const response = await round(session, '100');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'insufficient_balance' });
    expect(
      lobby.calls.filter((call) => call.operation !== 'balance').map((call) => call.operation),
    ).toEqual(['debit']);
    expect((await sim.runBackgroundOnce()).callbacksSent).toBe(0);
  });

  it('confirms a debit whose answer was lost by asking again', async () => {
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    lobby.script = (call, index) =>
      call.operation === 'debit' && index === lobby.calls.findIndex((c) => c.operation === 'debit')
        ? { apply: true, status: 500 }
        : undefined;
    const response = await round(session, '100');
    expect(response.statusCode).toBe(200);
    expect(lobby.operations().map((op) => op.split(':')[0])).toEqual(['debit', 'debit', 'credit']);
  });

  it('rolls back a debit whose answer stays unknown', async () => {
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    // Lobby takes the debit but every answer is too late.
    lobby.script = (call) =>
      call.operation === 'debit' ? { apply: true, delayMs: 600 } : undefined;
    nextIds.push('rnd_slow1');
    const response = await round(session, '700');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'wallet_unavailable' });
    expect(lobby.operations()).toEqual([
      'debit:rnd_slow1:debit',
      'debit:rnd_slow1:debit',
      'rollback:rnd_slow1:rollback',
    ]);
    expect(lobby.calls.at(-1)?.body).toMatchObject({ originalTransactionId: 'rnd_slow1:debit' });
    // Let Lobby's late answers go out before looking at its balance.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(lobby.balances.get('seam_1')).toBe(10_000n);
    // The debit is still sent until it gets a final answer (here Lobby repeats its first one);
    // the rollback has undone it, so the balance stays whole.
    lobby.script = undefined;
    clock.advance(1_999);
    expect((await sim.runBackgroundOnce()).callbacksSent).toBe(0);
    clock.advance(1);
    expect((await sim.runBackgroundOnce()).callbacksSent).toBe(1);
    expect(await debitState('rnd_slow1')).toBe('ok');
    expect(lobby.balances.get('seam_1')).toBe(10_000n);
  });

  it('retries a callback with backoff until Lobby gives a final answer', async () => {
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    let creditFailures = 4;
    lobby.script = (call) =>
      call.operation === 'credit' && creditFailures-- > 0 ? { apply: false } : undefined;
    nextIds.push('rnd_retry1');
    const response = await round(session, '100', 'tails');
    expect(response.statusCode).toBe(200);
    const played = roundResponse.parse(response.json());
    // The balance shown counts the credit that is on its way.
    expect(played.balanceMinor).toBe((9_900n + BigInt(played.payoutMinor)).toString());
    const credits = () => lobby.calls.filter((call) => call.operation === 'credit').length;
    expect(credits()).toBe(1);

    // Backoff: 1 s, 2 s, 4 s after the failed attempts; nothing is sent before it is due.
    expect((await sim.runBackgroundOnce()).callbacksSent).toBe(0);
    for (const waitMs of [1_000, 2_000, 4_000]) {
      clock.advance(waitMs - 1);
      expect((await sim.runBackgroundOnce()).callbacksSent).toBe(0);
      clock.advance(1);
      expect((await sim.runBackgroundOnce()).callbacksSent).toBe(1);
    }
    expect(credits()).toBe(4);
    clock.advance(8_000);
    expect((await sim.runBackgroundOnce()).callbacksSent).toBe(1);
    expect(credits()).toBe(5);
    const row = await findCallbackOf(sim.database, SEAMLESS, 'rnd_retry1:credit');
    expect(row).toMatchObject({ state: 'ok', attempts: 5 });
    expect(lobby.balances.get('seam_1')).toBe(9_900n + BigInt(played.payoutMinor));
    clock.advance(60_000);
    expect((await sim.runBackgroundOnce()).callbacksSent).toBe(0);
  });

  it('takes a 4xx as final', async () => {
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    lobby.script = (call) =>
      call.operation === 'credit' ? { apply: false, status: 404 } : undefined;
    nextIds.push('rnd_final1');
    expect((await round(session, '100')).statusCode).toBe(200);
    expect(await findCallbackOf(sim.database, SEAMLESS, 'rnd_final1:credit')).toMatchObject({
      state: 'refused',
      attempts: 1,
    });
    clock.advance(60_000);
    expect((await sim.runBackgroundOnce()).callbacksSent).toBe(0);
  });

  it('sends duplicates when the seed says so, and Lobby moves the money once', async () => {
    const faults = { seed: 'dup', duplicateCallbackRate: 0.5 };
    const roundId = roundIdWhere(
      faults,
      (decide) => decide('debit').duplicate && decide('credit').duplicate,
    );
    sim.setFaults(faults);
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    lobby.calls.length = 0;
    nextIds.push(roundId);
    const played = roundResponse.parse((await round(session, '100')).json());
    expect(lobby.operations()).toEqual([
      `debit:${roundId}:debit`,
      `debit:${roundId}:debit`,
      `credit:${roundId}:credit`,
      `credit:${roundId}:credit`,
    ]);
    expect(lobby.balances.get('seam_1')).toBe(9_900n + BigInt(played.payoutMinor));
  });

  it('reorders: a rollback overtakes its held-back debit, which Lobby then refuses', async () => {
    const faults = { seed: 'reorder', reorderCallbackRate: 0.5 };
    const roundId = roundIdWhere(
      faults,
      (decide) =>
        decide('debit').reorder && !decide('rollback').reorder && !decide('debit').duplicate,
    );
    sim.setFaults(faults);
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    lobby.calls.length = 0;
    nextIds.push(roundId);
    const response = await round(session, '100');
    expect(response.statusCode).toBe(503);
    expect(lobby.operations()).toEqual([`rollback:${roundId}:rollback`]);
    clock.advance(POLICY.reorderHoldMs);
    await sim.runBackgroundOnce();
    expect(lobby.operations()).toEqual([`rollback:${roundId}:rollback`, `debit:${roundId}:debit`]);
    expect(await findCallbackOf(sim.database, SEAMLESS, `${roundId}:debit`)).toMatchObject({
      state: 'refused',
      answer: { error: 'transaction_rolled_back' },
    });
    expect(lobby.balances.get('seam_1')).toBe(10_000n);
  });

  it('reorders: a credit arrives before the retried copy of its debit', async () => {
    const faults = { seed: 'reorder-2', reorderCallbackRate: 0.5, duplicateCallbackRate: 0.5 };
    const roundId = roundIdWhere(
      faults,
      (decide) =>
        !decide('debit').reorder &&
        decide('debit').duplicate &&
        decide('debit', 1).reorder &&
        !decide('credit').reorder &&
        !decide('credit').duplicate,
    );
    sim.setFaults(faults);
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    lobby.calls.length = 0;
    nextIds.push(roundId);
    const played = roundResponse.parse((await round(session, '100')).json());
    expect(lobby.operations()).toEqual([`debit:${roundId}:debit`, `credit:${roundId}:credit`]);
    clock.advance(POLICY.reorderHoldMs);
    await sim.runBackgroundOnce();
    expect(lobby.operations()).toEqual([
      `debit:${roundId}:debit`,
      `credit:${roundId}:credit`,
      `debit:${roundId}:debit`,
    ]);
    expect(lobby.balances.get('seam_1')).toBe(9_900n + BigInt(played.payoutMinor));
  });

  it('reorders: a held-back credit is overtaken by the next round', async () => {
    const faults = { seed: 'reorder-3', reorderCallbackRate: 0.3 };
    const quiet = (decide: (id: string) => { duplicate: boolean; reorder: boolean }) =>
      !decide('debit').reorder && !decide('credit').reorder;
    const first = roundIdWhere(
      faults,
      (decide) => !decide('debit').reorder && decide('credit').reorder,
    );
    const second = roundIdWhere(faults, quiet);
    sim.setFaults(faults);
    const session = await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    lobby.calls.length = 0;
    nextIds.push(first, second);
    expect((await round(session, '100')).statusCode).toBe(200);
    expect((await round(session, '100')).statusCode).toBe(200);
    clock.advance(POLICY.reorderHoldMs);
    await sim.runBackgroundOnce();
    expect(lobby.operations()).toEqual([
      `debit:${first}:debit`,
      `debit:${second}:debit`,
      `credit:${second}:credit`,
      `credit:${first}:credit`,
    ]);
  });

  it('rolls back a round left debiting by a crash', async () => {
    await openPlaySession(sim, { platformId: SEAMLESS, player: 'seam_1' });
    // A crash right after the round and its debit were written: nobody waits for the answer.
    await sim.database.transaction(async (tx) => {
      await insertRound(tx, {
        roundId: 'rnd_crash1',
        platformId: SEAMLESS,
        player: 'seam_1',
        gameCode: firstGameCode(SEAMLESS),
        walletType: 2,
        params: { stakeMinor: '300', pick: 'heads' },
        stakeMinor: 300n,
        now: clock.now(),
      });
      await tx.query(
        `insert into game_sim.callback_outbox (platform_id, operation, transaction_id, round_id,
           body, state, next_attempt_at, created_at)
         values ($1, 'debit', 'rnd_crash1:debit', 'rnd_crash1', $2, 'pending', $3, $4)`,
        [
          SEAMLESS,
          JSON.stringify({
            transactionId: 'rnd_crash1:debit',
            player: 'seam_1',
            roundId: 'rnd_crash1',
            gameCode: firstGameCode(SEAMLESS),
            amountMinor: '300',
          }),
          new Date(clock.now().getTime() + POLICY.leaseMs),
          clock.now(),
        ],
      );
    });
    lobby.calls.length = 0;
    clock.advance(40_000);
    const report = await sim.runBackgroundOnce();
    expect(report.abandonedStakes).toBe(1);
    expect(lobby.operations()).toEqual(['rollback:rnd_crash1:rollback']);
    clock.advance(30_000);
    await sim.runBackgroundOnce();
    expect(lobby.operations()).toEqual(['rollback:rnd_crash1:rollback', 'debit:rnd_crash1:debit']);
    expect(await debitState('rnd_crash1')).toBe('refused');
    expect(lobby.balances.get('seam_1')).toBe(10_000n);
  });

  it('debits a bet on an event when placed and credits it when the event is resolved', async () => {
    const platformId = PLATFORMS.casinoSeamless;
    const session = await openPlaySession(sim, {
      platformId,
      player: 'seam_1',
      gameCode: 'roulette',
    });
    const events = eventsResponse.parse((await playCall(sim, session, 'GET', '/events')).json());
    const open = events.events.find((event) => Date.parse(event.closesAt) > clock.now().getTime());
    if (!open) throw new Error('no open event');
    lobby.calls.length = 0;
    const bets = [];
    for (let pick = 0; pick < 10; pick += 1) {
      const response = await playCall(sim, session, 'POST', '/bets', {
        params: { eventId: open.id, pick, stakeMinor: '100' },
      });
      expect(response.statusCode).toBe(200);
      bets.push(response.json<{ betId: string; balanceMinor: string }>());
    }
    expect(bets.at(-1)?.balanceMinor).toBe('9000');
    expect(lobby.calls.every((call) => call.operation === 'debit')).toBe(true);
    clock.advance(Date.parse(open.resultAt) - clock.now().getTime());
    const report = await sim.runBackgroundOnce();
    expect(report).toMatchObject({ settledBets: 10, callbacksSent: 10 });
    const credits = lobby.calls.filter((call) => call.operation === 'credit');
    expect(credits.map((call) => call.body.amountMinor).sort()).toEqual([
      ...Array(9).fill('0'),
      '900',
    ]);
    expect(lobby.balances.get('seam_1')).toBe(9_900n);
  });
});
