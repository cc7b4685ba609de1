import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLobby } from '../test/fake-lobby.ts';
import {
  createTestSim,
  fundedPlayer,
  openPlaySession,
  PLATFORMS,
  playCall,
  providerCall,
  SECRET,
  TestClock,
} from '../test/helpers.ts';
import { DataDirLockedError } from '@lobby/database';
import { openSimDatabase } from './database.ts';
import { findCallbackOf } from '../seamless/outbox.repository.ts';
import { eventsResponse } from '../play/play-api.ts';

let dataDir: string;
let lobby: FakeLobby;
const clock = new TestClock();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'game-sim-restart-'));
  lobby = await FakeLobby.start(SECRET, () => clock.now().getTime());
});
afterAll(async () => {
  await lobby.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function startSim() {
  const database = await openSimDatabase({ kind: 'embedded', dataDir, lockRetries: 0 });
  return createTestSim({
    database,
    clock,
    lobbyUrl: lobby.url,
    callbackPolicy: { timeoutMs: 300, backoffBaseMs: 1_000 },
  });
}

describe('a restart', () => {
  it('keeps balances, orders, bets and pending callbacks', async () => {
    const SLOT = PLATFORMS.slotTransfer;
    const LOTTERY = PLATFORMS.lotteryTransfer;
    const SEAMLESS = PLATFORMS.slotSeamless;

    const first = await startSim();
    // A second process cannot open the same directory meanwhile.
    await expect(openSimDatabase({ kind: 'embedded', dataDir, lockRetries: 0 })).rejects.toThrow(
      DataDirLockedError,
    );
    await fundedPlayer(first, SLOT, 'keep_1', 12_345n);
    const out = await providerCall(first, {
      platformId: SLOT,
      method: 'POST',
      path: '/transfers',
      body: { orderId: 'keep-order-1', player: 'keep_1', direction: 'out', amountMinor: '345' },
    });
    expect(out.json()).toMatchObject({ status: 'success', balanceMinor: '12000' });

    await fundedPlayer(first, LOTTERY, 'keep_1', 1_000n);
    const lottery = await openPlaySession(first, { platformId: LOTTERY, player: 'keep_1' });
    const events = eventsResponse.parse((await playCall(first, lottery, 'GET', '/events')).json());
    const open = events.events.find((event) => Date.parse(event.closesAt) > clock.now().getTime());
    if (!open) throw new Error('no open event');
    const bet = await playCall(first, lottery, 'POST', '/bets', {
      params: { eventId: open.id, pick: 3, stakeMinor: '100' },
    });
    expect(bet.statusCode).toBe(200);

    // A seamless round whose credit Lobby does not take yet.
    lobby.balances.set('keep_2', 5_000n);
    lobby.script = (call) => (call.operation === 'credit' ? { apply: false } : undefined);
    const seamless = await openPlaySession(first, { platformId: SEAMLESS, player: 'keep_2' });
    const round = await playCall(first, seamless, 'POST', '/round', {
      params: { stakeMinor: '100', pick: 'heads' },
    });
    expect(round.statusCode).toBe(200);
    const roundId = round.json<{ roundId: string; payoutMinor: string }>().roundId;
    const payout = BigInt(round.json<{ payoutMinor: string }>().payoutMinor);
    await first.close();

    const second = await startSim();
    try {
      const balance = await providerCall(second, {
        platformId: SLOT,
        method: 'GET',
        path: '/players/keep_1/balance',
      });
      expect(balance.json()).toMatchObject({ balanceMinor: '12000' });
      // The order keeps its outcome: a repeat moves nothing.
      const repeat = await providerCall(second, {
        platformId: SLOT,
        method: 'POST',
        path: '/transfers',
        body: { orderId: 'keep-order-1', player: 'keep_1', direction: 'out', amountMinor: '345' },
      });
      expect(repeat.json()).toMatchObject({ status: 'success', balanceMinor: '12000' });
      // The session survives too.
      expect((await playCall(second, lottery, 'GET', '/state')).json()).toMatchObject({
        balanceMinor: '900',
      });

      // The pending callback and the pending bet are finished by the new process.
      lobby.script = undefined;
      clock.advance(Date.parse(open.resultAt) - clock.now().getTime() + 1_000);
      const report = await second.runBackgroundOnce();
      expect(report).toMatchObject({ settledBets: 1 });
      expect(await findCallbackOf(second.database, SEAMLESS, `${roundId}:credit`)).toMatchObject({
        state: 'ok',
      });
      expect(lobby.balances.get('keep_2')).toBe(5_000n - 100n + payout);
      const bets = (await playCall(second, lottery, 'GET', '/bets')).json<{
        bets: { status: string }[];
      }>();
      expect(bets.bets).toMatchObject([{ status: 'settled' }]);
    } finally {
      await second.close();
    }
  });
});
