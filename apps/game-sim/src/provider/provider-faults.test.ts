import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faultConfig, REQUEST_MAX_AGE_MS, type FaultConfig } from '@lobby/game-protocol';
import { decideProviderFault, type FaultDecision } from '../faults/fault-plan.ts';
import type { SimDatabase } from '../db/database.ts';
import {
  createTestSim,
  fundedPlayer,
  openTestDatabase,
  providerCall,
  resetDatabase,
  type TestSim,
} from '../test/helpers.ts';

const SLOT = 17;

let database: SimDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let open: TestSim | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A simulator on an emptied database (one at a time) with a funded player. */
async function simWith(faults: Partial<FaultConfig>): Promise<TestSim> {
  await open?.close();
  await resetDatabase(database);
  const sim = await createTestSim({ database, keepDatabase: true });
  open = sim;
  await fundedPlayer(sim, SLOT, 'fault_1', 100_000n);
  sim.setFaults({ seed: 'none', ...faults });
  return sim;
}

/** The first order id whose first transfer attempt meets the wanted fault. */
function orderIdWhere(
  faults: Partial<FaultConfig>,
  wanted: (decision: FaultDecision) => boolean,
): string {
  const config = faultConfig.parse({ seed: 'none', ...faults });
  for (let index = 0; index < 10_000; index += 1) {
    const orderId = `fault-order-${index}`;
    if (wanted(decideProviderFault(config, 'transfer', `${SLOT}:${orderId}`, 1))) return orderId;
  }
  throw new Error('no order id meets the wanted fault');
}

function transferIn(sim: TestSim, orderId: string, signedAt?: number) {
  return providerCall(sim, {
    platformId: SLOT,
    method: 'POST',
    path: '/transfers',
    body: { orderId, player: 'fault_1', direction: 'in', amountMinor: '500' },
    ...(signedAt === undefined ? {} : { signedAt }),
  });
}

async function statusOf(sim: TestSim, orderId: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await providerCall(sim, {
      platformId: SLOT,
      method: 'GET',
      path: `/transfers/${orderId}`,
    });
    // Status queries fail too: the caller asks again.
    if (response.statusCode === 200) return response.json<{ status: string }>().status;
  }
  throw new Error('the status query never answered');
}

async function balanceOf(sim: TestSim): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await providerCall(sim, {
      platformId: SLOT,
      method: 'GET',
      path: '/players/fault_1/balance',
    });
    if (response.statusCode === 200) return response.json<{ balanceMinor: string }>().balanceMinor;
  }
  throw new Error('the balance query never answered');
}

describe('injected faults', () => {
  it('a timeout that was not applied holds the answer, and the order stays not_found forever', async () => {
    const faults = { seed: 'lost', timeoutRate: 1, timeoutAppliedRate: 0, timeoutDelayMs: 30 };
    const sim = await simWith(faults);
    const orderId = orderIdWhere(faults, (d) => d.kind === 'timeout' && !d.applied);
    const signedAt = sim.clock.now().getTime();
    const started = Date.now();
    const response = await transferIn(sim, orderId, signedAt);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(response.statusCode).toBe(504);

    sim.setFaults({ seed: 'none' });
    expect(await statusOf(sim, orderId)).toBe('not_found');
    expect(await balanceOf(sim)).toBe('100000');
    // A repeat, even with faults gone, meets the same loss: the order is never applied.
    expect((await transferIn(sim, orderId)).statusCode).toBe(504);
    expect(await statusOf(sim, orderId)).toBe('not_found');
    // The original request arriving late is refused outright.
    sim.clock.advance(REQUEST_MAX_AGE_MS + 1);
    expect((await transferIn(sim, orderId, signedAt)).statusCode).toBe(401);
    expect(await statusOf(sim, orderId)).toBe('not_found');
    expect(await balanceOf(sim)).toBe('100000');
  });

  it('a timeout that was applied answers late, and the status shows the transfer', async () => {
    const faults = { seed: 'late', timeoutRate: 1, timeoutAppliedRate: 1, timeoutDelayMs: 10 };
    const sim = await simWith(faults);
    const orderId = orderIdWhere(faults, (d) => d.kind === 'timeout' && d.applied);
    const response = await transferIn(sim, orderId);
    // The answer was sent after the caller gave up; the transfer happened.
    expect(response.statusCode).toBe(200);
    sim.setFaults({ seed: 'none' });
    expect(await statusOf(sim, orderId)).toBe('success');
    expect(await balanceOf(sim)).toBe('100500');
  });

  it('a 500 is applied or not as the seed says', async () => {
    const faults = { seed: 'errors', errorRate: 1, timeoutAppliedRate: 0.5 };
    const sim = await simWith(faults);
    const applied = orderIdWhere(faults, (d) => d.kind === 'error' && d.applied);
    const lost = orderIdWhere(faults, (d) => d.kind === 'error' && !d.applied);
    const first = await transferIn(sim, applied);
    const second = await transferIn(sim, lost);
    expect(first.statusCode).toBe(500);
    expect(second.statusCode).toBe(500);
    expect(first.json()).toEqual({ error: 'internal', message: 'internal error' });
    sim.setFaults({ seed: 'none' });
    expect(await statusOf(sim, applied)).toBe('success');
    expect(await statusOf(sim, lost)).toBe('not_found');
    expect(await balanceOf(sim)).toBe('100500');
  });

  it('a slow answer comes after the delay', async () => {
    const sim = await simWith({ seed: 'slow', slowRate: 1, slowDelayMs: 40 });
    const started = Date.now();
    const response = await transferIn(sim, 'slow-order-1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(response.statusCode).toBe(200);
  });

  it('status and balance queries fail too, and a caller that retries gets the answer', async () => {
    const sim = await simWith({ seed: 'queries', errorRate: 0.6 });
    const outcomes: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await providerCall(sim, {
        platformId: SLOT,
        method: 'GET',
        path: '/transfers/fund-fault_1-17',
      });
      outcomes.push(response.statusCode);
    }
    expect(outcomes).toContain(500);
    expect(outcomes).toContain(200);
    expect(await statusOf(sim, 'fund-fault_1-17')).toBe('success');
    expect(await balanceOf(sim)).toBe('100000');
  });

  it('replay: the same seed and calls give the same answers; another seed other answers', async () => {
    async function run(seed: string): Promise<string[]> {
      const sim = await simWith({ seed, errorRate: 0.3, timeoutRate: 0.2, timeoutDelayMs: 0 });
      const answers: string[] = [];
      for (let index = 0; index < 24; index += 1) {
        const response = await transferIn(sim, `replay-order-${index}`);
        answers.push(`${response.statusCode}`);
      }
      sim.setFaults({ seed: 'none' });
      for (let index = 0; index < 24; index += 1) {
        answers.push(await statusOf(sim, `replay-order-${index}`));
      }
      answers.push(await balanceOf(sim));
      return answers;
    }
    const first = await run('replay-a');
    expect(await run('replay-a')).toEqual(first);
    expect(await run('replay-b')).not.toEqual(first);
  });
});
