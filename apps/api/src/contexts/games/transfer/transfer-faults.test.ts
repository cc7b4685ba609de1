import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NO_FAULTS } from '@lobby/game-protocol';
import { gamePlayers } from '../games/games.schema.ts';
import { gameTransfers } from './transfer.schema.ts';
import { CHECK_BACKOFF_CAP_MS, FIRST_CHECK_DELAY_MS } from './transfer-schedule.ts';
import { countInTransitOf } from './transfer.repository.ts';
import {
  createTransferTestApp,
  type Member,
  type TransferTestApp,
} from './transfer.test-support.ts';

/**
 * The issue's "done when": with the simulator injecting 20% timeouts and 5% 5xx, 1,000 random
 * transfers and recycles by 50 members end with every order final after reconciliation, Lobby's
 * platform accounts equal to the simulator's balances, the ledger check passing, and the same
 * seed giving the same result.
 *
 * Determinism: the simulator decides each fault from (seed, operation, the call's key, attempt);
 * Lobby's order numbers come from (brand, member, idempotency key), the keys from the seed, and
 * each run has a database of its own, so the member ids, the order numbers and so the faults are
 * the same on both runs. Each member's operations run one after another (members in parallel),
 * so every call key meets its attempts in the same order.
 */

const SEED = 'lobby-transfer-faults-1';
const MEMBER_COUNT = 50;
const OPERATION_COUNT = 1_000;
const FUNDS_MINOR = 100_000n; // 1,000.00 each
const PLATFORMS = [1, 2, 3, 5, 9] as const;
/** Members whose operations run at the same time (each member's one after another). */
const MEMBERS_AT_ONCE = 25;
/**
 * Lobby gives up on a platform after this, and the simulator holds a timed-out answer longer.
 * Everything else must answer well within it on a busy 2-core machine, or Lobby would see a
 * timeout the seed did not make; the simulator runs in a thread of its own for that reason.
 * `npm test` runs this file on the embedded database beside the PostgreSQL run of it (one core
 * each): the embedded run's event loop then lagged 521 ms at p99 with 2 s, and one call timed
 * out that the seed did not make. 3.5 s leaves room for that.
 */
const PROVIDER_TIMEOUT_MS = 3_500;
const HELD_ANSWER_MS = 3_800;
/** Reconciliation may time out more often than the seed says: that only costs it a round. */
const RECONCILE_TIMEOUT_MS = 700;

type Operation =
  | { kind: 'in' | 'out'; member: number; platform: number; amount: string; key: string }
  | { kind: 'recycle'; member: number; key: string };

/** mulberry32 seeded from the SHA-256 of the seed: the same operations on every run. */
function prng(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function operationsOf(seed: string): Operation[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const cents = (max: number) => (1 + Math.floor(random() * max * 100)) / 100;
  // A member takes money out of platforms it has put money into, as members do; out of any
  // other platform the answer would only ever be "not enough there".
  const fundedPlatforms = Array.from({ length: MEMBER_COUNT }, () => [] as number[]);
  return Array.from({ length: OPERATION_COUNT }, (_, index): Operation => {
    const member = Math.floor(random() * MEMBER_COUNT);
    const key = `${seed}-op-${index}`;
    const roll = random();
    if (roll < 0.15) return { kind: 'recycle', member, key };
    const funded = fundedPlatforms[member] as number[];
    if (roll < 0.6 || funded.length === 0) {
      const platform = pick(PLATFORMS);
      if (!funded.includes(platform)) funded.push(platform);
      return { kind: 'in', member, platform, amount: cents(200).toFixed(2), key };
    }
    return { kind: 'out', member, platform: pick(funded), amount: cents(100).toFixed(2), key };
  });
}

type RunResult = {
  /** Per operation, what the member was answered: a code, an order's status, or per platform. */
  answers: string[];
  /** Every order's final state. */
  orders: string[];
  /** Every member's centre wallet and platform accounts at the end. */
  balances: string[];
  figures: Record<string, unknown>;
};

async function run(seed: string): Promise<RunResult> {
  const started = Date.now();
  const harness = await createTransferTestApp({
    isolated: true,
    simThread: true,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    reconcileTimeoutMs: RECONCILE_TIMEOUT_MS,
    faults: { seed, timeoutRate: 0.2, errorRate: 0.05, timeoutDelayMs: HELD_ANSWER_MS },
  });
  try {
    const members = await harness.createMembers(MEMBER_COUNT);
    await Promise.all(members.map((member) => harness.fund(member, FUNDS_MINOR)));
    const memberIds = members.map((member) => member.memberId);

    const operations = operationsOf(seed);
    const answers: string[] = new Array<string>(operations.length);
    const queues = members.map((_, index) =>
      operations
        .map((operation, position) => ({ operation, position }))
        .filter(({ operation }) => operation.member === index),
    );
    // How late this thread's timers ran: Lobby times a platform out only when the platform
    // meant it, as long as this stays well below PROVIDER_TIMEOUT_MS (printed with the figures).
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const opsStarted = Date.now();
    // Members are independent (their own accounts, their own players), so only each member's
    // order matters: MEMBERS_AT_ONCE lanes take whole members, one operation after another.
    let nextQueue = 0;
    await Promise.all(
      Array.from({ length: MEMBERS_AT_ONCE }, async () => {
        while (nextQueue < queues.length) {
          const queue = queues[nextQueue++] ?? [];
          for (const { operation, position } of queue) {
            answers[position] = await perform(harness, members, operation);
          }
        }
      }),
    );
    const opsMs = Date.now() - opsStarted;
    lag.disable();

    // Held answers are sent (the last one at most HELD_ANSWER_MS - PROVIDER_TIMEOUT_MS after
    // Lobby gave up on it); then the sweep asks about every order in transit until all are
    // final: first inside the window in which a late request could still land (not found is
    // not final yet), then with the clock moved past it.
    await new Promise((resolve) => setTimeout(resolve, HELD_ANSWER_MS - PROVIDER_TIMEOUT_MS + 200));
    const inTransitBefore = await countInTransitOf(harness.database.db, memberIds);
    const reconcileStarted = Date.now();
    let rounds = 0;
    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    while ((await countInTransitOf(harness.database.db, memberIds)) > 0) {
      rounds += 1;
      if (rounds > 30) throw new Error('orders still in transit after 30 rounds');
      await harness.transfers.reconcile({ memberIds, concurrency: 50, maxBatches: 100 });
      harness.clock.advance(CHECK_BACKOFF_CAP_MS);
    }
    const reconcileMs = Date.now() - reconcileStarted;

    // Every order is final; every platform account equals the platform's balance, asked of the
    // platform itself (faults off for the question); no money appeared or vanished.
    await harness.sim.setFaults(NO_FAULTS);
    const db = harness.database.db;
    const orders = await db
      .select()
      .from(gameTransfers)
      .where(inArray(gameTransfers.memberId, memberIds));
    expect(orders.filter((order) => order.status === 'in_transit')).toEqual([]);
    const players = await db
      .select()
      .from(gamePlayers)
      .where(inArray(gamePlayers.memberId, memberIds));
    const balances: string[] = [];
    let totalMinor = 0n;
    for (const member of members) {
      const walletMinor = await harness.walletMinor(member);
      totalMinor += walletMinor;
      const line = [`${member.memberId} wallet ${walletMinor}`];
      for (const platformId of PLATFORMS) {
        const bookMinor = await harness.bookMinor(member, platformId);
        totalMinor += bookMinor;
        const player = players.find(
          (row) => row.memberId === member.memberId && row.platformId === platformId,
        );
        if (player) {
          const asked = await harness.provider.balance(platformId, player.player);
          if (asked.kind !== 'ok') throw new Error(`balance of ${player.player}: ${asked.kind}`);
          expect(`${player.player}@${platformId}: ${bookMinor}`).toBe(
            `${player.player}@${platformId}: ${asked.value.balanceMinor}`,
          );
        } else {
          expect(bookMinor).toBe(0n);
        }
        line.push(`${platformId}:${bookMinor}`);
      }
      balances.push(line.join(' '));
    }
    expect(totalMinor).toBe(FUNDS_MINOR * BigInt(MEMBER_COUNT));
    expect(await harness.ledger.check()).toEqual([]);

    const byStatus = (status: string) => orders.filter((order) => order.status === status).length;
    const refusals = new Map<string, number>();
    for (const answer of answers) {
      if (answer.startsWith('error')) refusals.set(answer, (refusals.get(answer) ?? 0) + 1);
    }
    return {
      answers,
      orders: orders
        .map(
          (order) =>
            `${order.orderNo} ${order.direction} ${order.amountMinor} ${order.status} ${order.reason ?? ''}`,
        )
        .sort(),
      balances,
      figures: {
        seconds: (Date.now() - started) / 1000,
        operationSeconds: opsMs / 1000,
        reconcileSeconds: reconcileMs / 1000,
        loopLagP99Ms: Math.round(lag.percentile(99) / 1e6),
        orders: orders.length,
        success: byStatus('success'),
        failed: byStatus('failed'),
        notReceived: orders.filter((order) => order.reason === 'transfer_not_received').length,
        inTransitAfterOperations: inTransitBefore,
        reconciliationRounds: rounds,
        statusQueries: orders.reduce((total, order) => total + order.checkAttempts, 0),
        refused: Object.fromEntries(refusals),
      },
    };
  } finally {
    await harness.close();
  }
}

/** One operation through the HTTP API, answered as text for the comparison of runs. */
async function perform(
  harness: TransferTestApp,
  members: Member[],
  operation: Operation,
): Promise<string> {
  const member = members[operation.member];
  if (!member) throw new Error('no such member');
  if (operation.kind === 'recycle') {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/game/transfer/recycle?idempotencyKey=${operation.key}`,
      headers: member.headers,
    });
    const body = response.json<{
      status: boolean;
      data: { results: { platformId: number; result: string; amount: string }[] } | string;
    }>();
    if (!body.status || typeof body.data === 'string')
      return `error ${typeof body.data === 'string' ? body.data : JSON.stringify(body.data)}`;
    return `recycle ${body.data.results
      .map((result) => `${result.platformId}:${result.result}:${result.amount}`)
      .join(',')}`;
  }
  const answer = await harness.transfer(member, {
    platform: String(operation.platform),
    type: operation.kind,
    amount: operation.amount,
    idempotencyKey: operation.key,
  });
  if (!answer.body.status) return `error ${String(answer.body.data)}`;
  const order = (answer.body.data as { order: { orderNo: string; status: string; amount: string } })
    .order;
  return `order ${order.orderNo} ${order.status} ${order.amount}`;
}

describe('transfers under injected faults', () => {
  it('end final, with the platform accounts equal to the platforms, the same for the same seed', async () => {
    const first = await run(SEED);
    console.info('transfer faults, run 1:', JSON.stringify(first.figures));
    const second = await run(SEED);
    console.info('transfer faults, run 2:', JSON.stringify(second.figures));
    // Faults really happened, and settled both ways.
    expect(first.figures.inTransitAfterOperations).toBeGreaterThan(50);
    expect(first.figures.notReceived).toBeGreaterThan(0);
    expect(first.figures.success).toBeGreaterThan(200);
    expect(second.answers).toEqual(first.answers);
    expect(second.orders).toEqual(first.orders);
    expect(second.balances).toEqual(first.balances);
  }, 240_000);
});
