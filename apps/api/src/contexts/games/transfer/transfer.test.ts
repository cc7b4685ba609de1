import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogPlatform, NO_FAULTS } from '@lobby/game-protocol';
import { gameTransfers } from './transfer.schema.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { get } from '../../../test/members.ts';
import {
  BRAND,
  createTransferTestApp,
  type Member,
  type TransferTestApp,
} from './transfer.test-support.ts';
import { claimDueTransfers } from './transfer.repository.ts';
import { TRANSFER_RECONCILIATION_INTERVAL_MS } from './transfer-reconciliation.ts';
import {
  CHECK_LEASE_MS,
  FIRST_CHECK_DELAY_MS,
  NOT_FOUND_FINAL_AFTER_MS,
  NOT_FOUND_MARGIN_MS,
} from './transfer-schedule.ts';
import { transferOrderNo } from './transfer-orders.ts';

let harness: TransferTestApp;

beforeAll(async () => {
  harness = await createTransferTestApp({ timeoutMs: 1_000 });
});
afterAll(async () => {
  await harness?.close();
});
afterEach(async () => {
  // Every scenario leaves the ledger whole, whatever it did to the faults and the clock.
  await harness.sim.setFaults(NO_FAULTS);
  harness.clock.reset();
  expect(await harness.ledger.check()).toEqual([]);
});

type Order = {
  orderNo: string;
  platformId: number;
  direction: string;
  amount: string;
  status: string;
  reason: string | null;
  reasonText: string | null;
};
type TransferData = { order: Order; balance: string };

const key = () => `k-${randomUUID()}`;

async function funded(amountMinor = 100_000n): Promise<Member> {
  const member = await harness.register();
  await harness.fund(member, amountMinor);
  return member;
}

async function transferOk(
  member: Member,
  fields: { platform: string; type: string; amount: string; idempotencyKey?: string },
  method: 'GET' | 'POST' = 'GET',
): Promise<TransferData> {
  const answer = await harness.transfer(member, { idempotencyKey: key(), ...fields }, method);
  if (!answer.body.status) throw new Error(`transfer refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data as TransferData;
}

async function orderRow(member: Member, idempotencyKey: string) {
  const rows = await harness.database.db
    .select()
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.memberId, member.memberId),
        eq(gameTransfers.idempotencyKey, idempotencyKey),
      ),
    );
  return rows[0];
}

async function memberBalance(member: Member) {
  const answer = await get(harness.app, '/api/findmed/v1/member/balance', member.headers);
  return answer.body.data as { balance: string; platforms: string; total: string };
}

describe('GET and POST /api/game/transfer', () => {
  it('moves money in and out through the platform, never cached', async () => {
    const member = await funded(100_000n);
    const inKey = key();
    const answer = await harness.transfer(member, {
      platform: '1',
      type: 'in',
      amount: '100.00',
      idempotencyKey: inKey,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const moved = answer.body.data as TransferData;
    expect(moved.order).toMatchObject({
      orderNo: transferOrderNo(BRAND, member.memberId, inKey),
      platformId: 1,
      direction: 'in',
      amount: '100.00',
      status: 'success',
      reason: null,
    });
    expect(moved.order.orderNo).toMatch(/^T[A-Z2-7]{20}$/);
    expect(moved.balance).toBe('900.00');
    expect(await harness.simMinor(member, 1)).toBe(10_000n);
    expect(await harness.bookMinor(member, 1)).toBe(10_000n);

    const out = await harness.transfer(
      member,
      { platform: '1', type: 'out', amount: '40', idempotencyKey: key() },
      'POST',
    );
    expect(out.statusCode).toBe(200);
    expect(out.headers['cache-control']).toBe('no-store');
    expect((out.body.data as TransferData).order).toMatchObject({
      direction: 'out',
      amount: '40.00',
      status: 'success',
    });
    expect((out.body.data as TransferData).balance).toBe('940.00');
    expect(await harness.simMinor(member, 1)).toBe(6_000n);
    expect(await harness.bookMinor(member, 1)).toBe(6_000n);
    expect(await memberBalance(member)).toMatchObject({
      balance: '940.00',
      platforms: '60.00',
      total: '1000.00',
    });

    // The member's records show both, typed, with the wallet's side of each.
    const records = await get(
      harness.app,
      '/api/findmed/v1/member/record/trans?type=all',
      member.headers,
    );
    const items = (records.body.data as { items: { type: string; amount: string }[] }).items;
    expect(items.map((item) => [item.type, item.amount])).toEqual([
      ['transfer_out', '40.00'],
      ['transfer_in', '-100.00'],
      ['deposit', '1000.00'],
    ]);
    const onlyIn = await get(
      harness.app,
      '/api/findmed/v1/member/record/trans?type=transfer_in',
      member.headers,
    );
    expect((onlyIn.body.data as { total: number }).total).toBe(1);

    const orders = await get(harness.app, '/api/game/transfer/orders', member.headers);
    expect(orders.headers['cache-control']).toBe('no-store');
    const page = orders.body.data as { items: Order[]; total: number };
    expect(page.total).toBe(2);
    expect(page.items.map((order) => order.direction)).toEqual(['out', 'in']);
  });

  it('refuses more than the wallet holds, and changes nothing', async () => {
    const member = await funded(5_000n);
    const refusedKey = key();
    const answer = await harness.transfer(member, {
      platform: '2',
      type: 'in',
      amount: '50.01',
      idempotencyKey: refusedKey,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toMatchObject({ status: false, data: 'insufficient_funds' });
    expect(await harness.walletMinor(member)).toBe(5_000n);
    expect(await orderRow(member, refusedKey)).toBeUndefined();
    expect(await harness.bookMinor(member, 2)).toBe(0n);
  });

  it.each([
    [{ amount: '0' }, 'transfer_amount_invalid'],
    [{ amount: '0.00' }, 'transfer_amount_invalid'],
    [{ amount: '1.234' }, 'transfer_amount_invalid'],
    [{ amount: 'abc' }, 'transfer_amount_invalid'],
    [{ amount: '-5' }, 'transfer_amount_invalid'],
    [{ amount: ' 100 ' }, 'transfer_amount_invalid'],
    [{ amount: '100.' }, 'transfer_amount_invalid'],
    [{ amount: '1e3' }, 'transfer_amount_invalid'],
    [{ platform: '999' }, 'game_platform_not_found'],
    [{ platform: '40' }, 'transfer_not_supported'],
    [{ platform: 'x' }, 'validation'],
    [{ type: 'sideways' }, 'validation'],
    [{ idempotencyKey: 'short' }, 'validation'],
  ])('refuses %j with %s and moves nothing', async (change, code) => {
    const member = await funded(10_000n);
    const fields = { platform: '3', type: 'in', amount: '10.00', idempotencyKey: key(), ...change };
    const answer = await harness.transfer(member, fields);
    expect(answer.body).toMatchObject({ status: false, data: code });
    expect(answer.body.message).toBeTruthy();
    expect(await harness.walletMinor(member)).toBe(10_000n);
    const orders = await harness.database.db
      .select()
      .from(gameTransfers)
      .where(eq(gameTransfers.memberId, member.memberId));
    expect(orders).toEqual([]);
  });

  it('asks for a session', async () => {
    const answer = await harness.app.inject({
      method: 'GET',
      url: '/api/game/transfer?platform=1&type=in&amount=1&idempotencyKey=abcdefgh12',
    });
    expect(answer.json()).toMatchObject({ status: false, data: 'token' });
  });

  it('moves money once per key: a repeat answers the same order, another request conflicts', async () => {
    const member = await funded(50_000n);
    const fields = { platform: '4', type: 'in', amount: '120.50', idempotencyKey: key() };
    const first = await transferOk(member, fields);
    const again = await transferOk(member, fields, 'POST');
    expect(again.order).toEqual(first.order);
    expect(await harness.walletMinor(member)).toBe(50_000n - 12_050n);
    expect(await harness.simMinor(member, 4)).toBe(12_050n);

    // Same key, other amount (or platform, or direction): refused, nothing moves.
    for (const change of [{ amount: '1.00' }, { platform: '5' }, { type: 'out' }]) {
      const conflict = await harness.transfer(member, { ...fields, ...change });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.body).toMatchObject({ status: false, data: 'idempotency_conflict' });
    }
    expect(await harness.walletMinor(member)).toBe(50_000n - 12_050n);
    expect(await harness.simMinor(member, 4)).toBe(12_050n);
  });

  it('moves money once when the same request arrives twice at the same time', async () => {
    const member = await funded(50_000n);
    const fields = { platform: '6', type: 'in', amount: '10.00', idempotencyKey: key() };
    const answers = await Promise.all([
      harness.transfer(member, fields),
      harness.transfer(member, fields, 'POST'),
      harness.transfer(member, fields),
    ]);
    const orders = answers.map((answer) => (answer.body.data as TransferData).order.orderNo);
    expect(new Set(orders).size).toBe(1);
    expect(await harness.walletMinor(member)).toBe(49_000n);
    expect(await harness.simMinor(member, 6)).toBe(1_000n);
  });

  it('refuses out of a platform more than it holds, and out of one never used', async () => {
    const member = await funded(10_000n);
    const never = await harness.transfer(member, {
      platform: '7',
      type: 'out',
      amount: '1.00',
      idempotencyKey: key(),
    });
    expect(never.body).toMatchObject({ status: false, data: 'platform_insufficient_balance' });
    await transferOk(member, { platform: '7', type: 'in', amount: '30.00' });
    const tooMuch = await harness.transfer(member, {
      platform: '7',
      type: 'out',
      amount: '30.01',
      idempotencyKey: key(),
    });
    expect(tooMuch.body).toMatchObject({ status: false, data: 'platform_insufficient_balance' });
    expect(await harness.walletMinor(member)).toBe(7_000n);
    expect(await harness.simMinor(member, 7)).toBe(3_000n);
  });

  it('books the win or loss at the platform before money moves out of it', async () => {
    const member = await funded(20_000n);
    await transferOk(member, { platform: '23', type: 'in', amount: '100.00' });
    // Rounds played at the platform move its balance away from the book.
    const game = await openGame(member, 23);
    let played = 10_000n;
    for (let round = 0; round < 10; round++) played = await spin(game, 100n);
    expect(await harness.simMinor(member, 23)).toBe(played);
    expect(await harness.bookMinor(member, 23)).toBe(10_000n);

    const out = await transferOk(member, { platform: '23', type: 'out', amount: '50.00' });
    expect(out.order.status).toBe('success');
    expect(await harness.simMinor(member, 23)).toBe(played - 5_000n);
    expect(await harness.bookMinor(member, 23)).toBe(played - 5_000n);
    expect(await harness.walletMinor(member)).toBe(15_000n);
    const entries = await harness.database.db
      .select({ reason: journalEntries.reason })
      .from(journalEntries)
      .where(eq(journalEntries.memo, out.order.orderNo));
    expect(entries.map((row) => row.reason).sort()).toEqual(
      [
        ...(played === 10_000n ? [] : ['game_result']),
        'game_transfer_out',
        'game_transfer_out_reserve',
      ].sort(),
    );

    // More rounds; then more than the platform holds is asked out: refused, and the result of
    // the rounds is booked all the same (the book follows the platform).
    for (let round = 0; round < 5; round++) played = await spin(game, 200n);
    const refused = await harness.transfer(member, {
      platform: '23',
      type: 'out',
      amount: ((Number(played) + 1) / 100).toFixed(2),
      idempotencyKey: key(),
    });
    expect(refused.body).toMatchObject({ status: false, data: 'platform_insufficient_balance' });
    expect(await harness.bookMinor(member, 23)).toBe(played);
    expect(await harness.simMinor(member, 23)).toBe(played);
  });

  it('refuses to move money out while the member is in a round', async () => {
    const member = await funded(20_000n);
    await transferOk(member, { platform: '31', type: 'in', amount: '50.00' });
    const game = await openGame(member, 31);
    await playCall(game, '/fish/enter');
    const refused = await harness.transfer(member, {
      platform: '31',
      type: 'out',
      amount: '10.00',
      idempotencyKey: key(),
    });
    expect(refused.body).toMatchObject({ status: false, data: 'player_in_round' });
    expect(await harness.simMinor(member, 31)).toBe(5_000n);
    expect(await harness.walletMinor(member)).toBe(15_000n);
    // Out of the round, the same transfer goes through.
    await playCall(game, '/fish/leave');
    await transferOk(member, { platform: '31', type: 'out', amount: '10.00' });
    expect(await harness.walletMinor(member)).toBe(16_000n);
  });
});

describe('GET and POST /api/game/transfer/recycle', () => {
  it('brings every platform balance back at once, with a result per platform', async () => {
    const member = await funded(100_000n);
    await transferOk(member, { platform: '9', type: 'in', amount: '100.00' });
    await transferOk(member, { platform: '10', type: 'in', amount: '200.00' });
    await transferOk(member, { platform: '17', type: 'in', amount: '50.25' });
    await transferOk(member, { platform: '12', type: 'in', amount: '10.00' });
    await transferOk(member, { platform: '12', type: 'out', amount: '10.00' });
    // Rounds at platform 17: what comes back is what the platform holds after them.
    const game = await openGame(member, 17);
    let played = 5_025n;
    for (let round = 0; round < 5; round++) played = await spin(game, 100n);
    const recycleKey = key();
    const answer = await harness.app.inject({
      method: 'GET',
      url: `/api/game/transfer/recycle?idempotencyKey=${recycleKey}`,
      headers: member.headers,
    });
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json().data as {
      results: { platformId: number; result: string; amount: string; orderNo: string | null }[];
      recycled: string;
      balance: string;
    };
    const byPlatform = Object.fromEntries(
      data.results.map((result) => [result.platformId, [result.result, result.amount]]),
    );
    expect(byPlatform).toEqual({
      9: ['success', '100.00'],
      10: ['success', '200.00'],
      12: ['empty', '0.00'],
      17: ['success', decimal(played)],
    });
    expect(data.recycled).toBe(decimal(30_000n + played));
    expect(data.balance).toBe(decimal(100_000n - 35_025n + 30_000n + played));
    for (const platformId of [9, 10, 12, 17]) {
      expect(await harness.simMinor(member, platformId)).toBe(0n);
      expect(await harness.bookMinor(member, platformId)).toBe(0n);
    }

    // A repeat (POST this time) answers the same orders and moves nothing.
    const again = await harness.app.inject({
      method: 'POST',
      url: '/api/game/transfer/recycle',
      payload: `idempotencyKey=${recycleKey}`,
      headers: { ...member.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.json().data).toEqual(data);
    expect(await harness.walletMinor(member)).toBe(100_000n - 35_025n + 30_000n + played);
  });

  it('skips platforms in transit and refuses one in a round, moving the rest', async () => {
    const member = await funded(100_000n);
    await transferOk(member, { platform: '13', type: 'in', amount: '10.00' });
    await transferOk(member, { platform: '31', type: 'in', amount: '20.00' });
    await transferOk(member, { platform: '14', type: 'in', amount: '30.00' });
    const fish = await openGame(member, 31);
    await playCall(fish, '/fish/enter');
    // An order with platform 13 whose answer never came.
    await harness.sim.setFaults({
      seed: 'skip',
      timeoutRate: 1,
      timeoutAppliedRate: 1,
      timeoutDelayMs: 1_500,
    });
    const stuck = await transferOk(member, { platform: '13', type: 'in', amount: '5.00' });
    await harness.sim.setFaults(NO_FAULTS);
    expect(stuck.order.status).toBe('in_transit');

    const answer = await harness.app.inject({
      method: 'GET',
      url: `/api/game/transfer/recycle?idempotencyKey=${key()}`,
      headers: member.headers,
    });
    const results = (
      answer.json().data as {
        results: { platformId: number; result: string; reason: string | null }[];
      }
    ).results;
    expect(
      Object.fromEntries(
        results.map((result) => [result.platformId, [result.result, result.reason]]),
      ),
    ).toEqual({
      13: ['skipped', 'transfer_in_progress'],
      14: ['success', null],
      31: ['failed', 'player_in_round'],
    });
    await playCall(fish, '/fish/leave');
    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    await harness.reconcileAll();
  });

  it('asks for a session', async () => {
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/api/game/transfer/recycle',
      payload: 'idempotencyKey=abcdefgh12',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.json()).toMatchObject({ status: false, data: 'token' });
  });
});

describe('unknown outcomes and reconciliation', () => {
  it('keeps a timed-out transfer in transit, shows it, and settles it from the platform', async () => {
    const member = await funded(50_000n);
    await transferOk(member, { platform: '15', type: 'in', amount: '1.00' });
    await harness.sim.setFaults({
      seed: 'late',
      timeoutRate: 1,
      timeoutAppliedRate: 1,
      timeoutDelayMs: 1_500,
    });
    const late = await transferOk(member, { platform: '15', type: 'in', amount: '100.00' });
    await harness.sim.setFaults(NO_FAULTS);
    expect(late.order).toMatchObject({ status: 'in_transit', reason: null });
    expect(late.balance).toBe('399.00');
    // The platform did apply it; Lobby does not know yet, and shows the money as in transit.
    expect(await harness.simMinor(member, 15)).toBe(10_100n);
    expect(await memberBalance(member)).toMatchObject({
      balance: '399.00',
      platforms: '101.00',
      total: '500.00',
    });
    const orders = await get(harness.app, '/api/game/transfer/orders', member.headers);
    expect((orders.body.data as { items: Order[] }).items[0]).toMatchObject({
      orderNo: late.order.orderNo,
      status: 'in_transit',
    });
    const list = await get(harness.app, '/api/game/walletlist', member.headers);
    const platform15 = (list.body.data as { id: number; inTransit: boolean }[]).find(
      (platform) => platform.id === 15,
    );
    expect(platform15?.inTransit).toBe(true);
    // No other transfer with the platform until this one is final.
    const blocked = await harness.transfer(member, {
      platform: '15',
      type: 'out',
      amount: '1.00',
      idempotencyKey: key(),
    });
    expect(blocked.body).toMatchObject({ status: false, data: 'transfer_in_progress' });
    const blockedIn = await harness.transfer(member, {
      platform: '15',
      type: 'in',
      amount: '1.00',
      idempotencyKey: key(),
    });
    expect(blockedIn.body).toMatchObject({ status: false, data: 'transfer_in_progress' });
    expect(await harness.walletMinor(member)).toBe(39_900n);
    expect(await harness.ledger.check()).toEqual([]);

    // Not due yet: the sweep leaves it alone.
    expect((await harness.reconcile()).checked).toBe(0);
    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    expect(await harness.reconcile()).toEqual({ checked: 1, settled: 1, pending: 0 });
    const settled = await orderRow(member, (await orderRowByNo(late.order.orderNo)).idempotencyKey);
    expect(settled).toMatchObject({ status: 'success', checkAttempts: 1, nextCheckAt: null });
    expect(await harness.bookMinor(member, 15)).toBe(10_100n);
    expect(await memberBalance(member)).toMatchObject({
      balance: '399.00',
      platforms: '101.00',
      total: '500.00',
    });
  });

  it('fails an order the platform never received, only once no request can still land', async () => {
    const member = await funded(50_000n);
    await transferOk(member, { platform: '16', type: 'in', amount: '1.00' });
    await harness.sim.setFaults({
      seed: 'lost',
      timeoutRate: 1,
      timeoutAppliedRate: 0,
      timeoutDelayMs: 1_500,
    });
    const lost = await transferOk(member, { platform: '16', type: 'in', amount: '100.00' });
    await harness.sim.setFaults(NO_FAULTS);
    expect(lost.order.status).toBe('in_transit');
    expect(await harness.simMinor(member, 16)).toBe(100n);

    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    expect(await harness.reconcile()).toEqual({ checked: 1, settled: 0, pending: 1 });
    const waiting = await orderRowByNo(lost.order.orderNo);
    expect(waiting).toMatchObject({ status: 'in_transit', lastError: 'not_found' });
    // Asked again after the backoff, still inside the window: still in transit.
    harness.clock.advance(30_000);
    expect((await harness.reconcile()).settled).toBe(0);
    expect(await harness.walletMinor(member)).toBe(39_900n);

    harness.clock.advance(60_000 + NOT_FOUND_MARGIN_MS);
    expect(await harness.reconcile()).toEqual({ checked: 1, settled: 1, pending: 0 });
    expect(await orderRowByNo(lost.order.orderNo)).toMatchObject({
      status: 'failed',
      reason: 'transfer_not_received',
    });
    expect(await harness.walletMinor(member)).toBe(49_900n);
    const orders = await get(harness.app, '/api/game/transfer/orders', member.headers);
    expect((orders.body.data as { items: Order[] }).items[0]).toMatchObject({
      status: 'failed',
      reason: 'transfer_not_received',
    });
    expect((orders.body.data as { items: Order[] }).items[0]?.reasonText).toBeTruthy();
  });

  it('makes an order the platform never kept final within 30 s of the window, a lost claim and all', async () => {
    const member = await funded(50_000n);
    await transferOk(member, { platform: '19', type: 'in', amount: '1.00' });
    await harness.sim.setFaults({
      seed: 'never-kept',
      timeoutRate: 1,
      timeoutAppliedRate: 0,
      timeoutDelayMs: 1_500,
    });
    const lost = await transferOk(member, { platform: '19', type: 'in', amount: '100.00' });
    await harness.sim.setFaults(NO_FAULTS);
    expect(lost.order.status).toBe('in_transit');
    const windowEndMs =
      (await orderRowByNo(lost.order.orderNo)).createdAt.getTime() + NOT_FOUND_FINAL_AFTER_MS;

    // The sweep runs every interval on the moved clock. The first run past the window's end is
    // a node that claims the order and dies before asking: its claim must lapse within seconds.
    let claimLost = false;
    for (let run = 0; run < 200; run++) {
      harness.clock.advance(TRANSFER_RECONCILIATION_INTERVAL_MS);
      const now = harness.clock.now();
      if (!claimLost && now.getTime() > windowEndMs) {
        const leaseUntil = new Date(now.getTime() + CHECK_LEASE_MS);
        const claimed = await claimDueTransfers(harness.database.db, now, leaseUntil, 10, [
          member.memberId,
        ]);
        claimLost = claimed.length === 1;
        continue;
      }
      await harness.reconcile();
      if ((await orderRowByNo(lost.order.orderNo)).status !== 'in_transit') break;
    }
    expect(claimLost).toBe(true);
    const final = await orderRowByNo(lost.order.orderNo);
    expect(final).toMatchObject({ status: 'failed', reason: 'transfer_not_received' });
    const lateMs = (final.finishedAt?.getTime() ?? Infinity) - windowEndMs;
    expect(lateMs).toBeGreaterThan(0);
    expect(lateMs).toBeLessThanOrEqual(30_000);
    expect(await harness.walletMinor(member)).toBe(49_900n);
  });

  it.each([
    [true, 'success'],
    [false, 'failed'],
  ])('settles a 5xx answer (applied: %s) as %s', async (applied, status) => {
    const member = await funded(50_000n);
    await transferOk(member, { platform: '17', type: 'in', amount: '1.00' });
    await harness.sim.setFaults({
      seed: `5xx-${applied}`,
      errorRate: 1,
      timeoutAppliedRate: applied ? 1 : 0,
    });
    const sent = await transferOk(member, { platform: '17', type: 'in', amount: '60.00' });
    await harness.sim.setFaults(NO_FAULTS);
    expect(sent.order.status).toBe('in_transit');
    expect(await memberBalance(member)).toMatchObject({ platforms: '61.00', total: '500.00' });
    expect(await harness.simMinor(member, 17)).toBe(applied ? 6_100n : 100n);

    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    await harness.reconcile();
    if (!applied) {
      // Not found, but a request signed a moment ago could still land: not final yet.
      expect((await orderRowByNo(sent.order.orderNo)).status).toBe('in_transit');
      harness.clock.advance(60_000 + NOT_FOUND_MARGIN_MS);
      await harness.reconcile();
    }
    expect((await orderRowByNo(sent.order.orderNo)).status).toBe(status);
    expect(await harness.bookMinor(member, 17)).toBe(await harness.simMinor(member, 17));
    expect(await memberBalance(member)).toMatchObject({ total: '500.00' });
    expect(await harness.walletMinor(member)).toBe(applied ? 43_900n : 49_900n);
  });

  it("keeps money out of a platform in transit counted as the member's until it settles", async () => {
    const member = await funded(50_000n);
    await transferOk(member, { platform: '22', type: 'in', amount: '100.00' });
    // Faults hit every call, the balance asked first too: try until the balance passes and the
    // transfer's answer is lost (the seed makes the sequence the same on every run).
    await harness.sim.setFaults({ seed: 'out-5xx', errorRate: 0.5, timeoutAppliedRate: 1 });
    let inTransit: TransferData | undefined;
    let movedOutMinor = 0n;
    for (let attempt = 0; attempt < 40 && !inTransit; attempt++) {
      const answer = await harness.transfer(member, {
        platform: '22',
        type: 'out',
        amount: '1.00',
        idempotencyKey: key(),
      });
      if (!answer.body.status) {
        expect(answer.body.data).toBe('platform_unavailable');
        continue;
      }
      const data = answer.body.data as TransferData;
      if (data.order.status === 'success') movedOutMinor += 100n;
      else inTransit = data;
    }
    await harness.sim.setFaults(NO_FAULTS);
    if (!inTransit) throw new Error('no transfer out was left in transit');
    expect(inTransit.order.status).toBe('in_transit');
    expect(await memberBalance(member)).toMatchObject({
      balance: (400 + Number(movedOutMinor) / 100).toFixed(2),
      platforms: (100 - Number(movedOutMinor) / 100).toFixed(2),
      total: '500.00',
    });
    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    await harness.reconcile();
    expect((await orderRowByNo(inTransit.order.orderNo)).status).toBe('success');
    expect(await harness.bookMinor(member, 22)).toBe(await harness.simMinor(member, 22));
    expect(await harness.walletMinor(member)).toBe(40_000n + movedOutMinor + 100n);
    expect(await memberBalance(member)).toMatchObject({ total: '500.00' });
  });

  it('settles each order once when two reconciliations run at the same time', async () => {
    const members = await Promise.all([funded(10_000n), funded(10_000n), funded(10_000n)]);
    for (const member of members) {
      await transferOk(member, { platform: '18', type: 'in', amount: '1.00' });
    }
    await harness.sim.setFaults({ seed: 'twice', errorRate: 1, timeoutAppliedRate: 1 });
    for (const member of members) {
      await transferOk(member, { platform: '18', type: 'in', amount: '20.00' });
    }
    await harness.sim.setFaults(NO_FAULTS);
    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    const reports = await Promise.all([harness.reconcile(), harness.reconcile()]);
    const settled = reports.reduce((total, report) => total + report.settled, 0);
    expect(settled).toBe(3);
    for (const member of members) {
      expect(await harness.bookMinor(member, 18)).toBe(2_100n);
      expect(await harness.walletMinor(member)).toBe(7_900n);
    }
  });

  it('is one of the app sweeps', () => {
    expect(harness.app.sweeps.map((sweep) => sweep.name)).toContain('transfer-reconciliation');
  });
});

describe('GET /api/game/walletlist', () => {
  it('lists the transfer-wallet platforms in order; guests see no balances', async () => {
    const list = await get(harness.app, '/api/game/walletlist');
    expect(list.headers['cache-control']).toBe('no-store');
    const platforms = list.body.data as {
      id: number;
      wallet: number;
      sort: number;
      balance: string | null;
    }[];
    expect(platforms.length).toBeGreaterThan(0);
    expect(platforms.every((platform) => platform.wallet === 1 && platform.balance === null)).toBe(
      true,
    );
    expect(platforms.map((platform) => platform.id)).not.toContain(40);
    const sorts = platforms.map((platform) => platform.sort);
    expect(sorts).toEqual([...sorts].sort((left, right) => left - right));

    const slots = await get(harness.app, '/api/game/walletlist?show=4');
    expect(
      (slots.body.data as { category: number }[]).every((platform) => platform.category === 4),
    ).toBe(true);
  });

  it("shows a member's live balances, and the book value as stale when a platform is silent", async () => {
    const member = await funded(10_000n);
    await transferOk(member, { platform: '19', type: 'in', amount: '12.34' });
    await transferOk(member, { platform: '20', type: 'in', amount: '5.00' });
    const game = await openGame(member, 19);
    let played = 1_234n;
    for (let round = 0; round < 3; round++) played = await spin(game, 100n);
    await harness.sim.setFaults({ ...NO_FAULTS, maintenancePlatformIds: [20] });
    const list = await get(harness.app, '/api/game/walletlist', member.headers);
    const byId = new Map(
      (list.body.data as { id: number; balance: string; stale: boolean }[]).map((platform) => [
        platform.id,
        platform,
      ]),
    );
    expect(byId.get(19)).toMatchObject({ balance: decimal(played), stale: false });
    expect(byId.get(20)).toMatchObject({ balance: '5.00', stale: true });
    expect(byId.get(21)).toMatchObject({ balance: '0.00', stale: false });
    await harness.sim.setFaults(NO_FAULTS);
    // Reading balances books nothing: the book still says 12.34 until money moves.
    expect(await harness.bookMinor(member, 19)).toBe(1_234n);
  });
});

async function orderRowByNo(orderNo: string) {
  const rows = await harness.database.db
    .select()
    .from(gameTransfers)
    .where(eq(gameTransfers.orderNo, orderNo));
  const row = rows[0];
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

const decimal = (minor: bigint) => (Number(minor) / 100).toFixed(2);

/** A game of the platform opened as the member's browser would: launch URL, then its page. */
async function openGame(member: Member, platformId: number): Promise<string> {
  const gameCode = catalogPlatform(platformId)?.games[0]?.code;
  if (!gameCode) throw new Error(`platform ${platformId} has no game`);
  const launched = await harness.provider.launch(platformId, {
    player: `${BRAND}_${member.memberId}`,
    gameCode,
    lang: 'en',
  });
  if (launched.kind !== 'ok') throw new Error(`launch: ${JSON.stringify(launched)}`);
  const page = await fetch(`${harness.sim.baseUrl}${new URL(launched.value.url).pathname}`);
  const config = /<script type="application\/json" id="play-config">(.*?)<\/script>/s.exec(
    await page.text(),
  );
  if (!config?.[1]) throw new Error(`no play config (${page.status})`);
  return (JSON.parse(config[1]) as { sessionId: string }).sessionId;
}

/** A call of the game page to the simulator's play API. */
async function playCall(sessionId: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${harness.sim.baseUrl}/play/api${path}`, {
    method: 'POST',
    headers: { 'x-play-session': sessionId, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`play ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One slot round; answers what the platform holds after it. */
async function spin(sessionId: string, betMinor: bigint): Promise<bigint> {
  const round = (await playCall(sessionId, '/round', {
    params: { betMinor: String(betMinor) },
  })) as { balanceMinor: string };
  return BigInt(round.balanceMinor);
}

describe('the ledger check of transfers', () => {
  it('reports an order stuck in transit, a final order without its entry, and money astray', async () => {
    // A database of its own: the test breaks the invariants on purpose.
    const isolated = await createTransferTestApp({ isolated: true, sim: harness.sim });
    try {
      const db = isolated.database.db;
      const member = await isolated.register();
      await isolated.fund(member, 10_000n);
      const settled = await isolated.transfer(member, {
        platform: '1',
        type: 'in',
        amount: '10.00',
        idempotencyKey: key(),
      });
      const settledNo = (settled.body.data as TransferData).order.orderNo;
      await harness.sim.setFaults({ seed: 'check', errorRate: 1, timeoutAppliedRate: 1 });
      const pending = await isolated.transfer(member, {
        platform: '1',
        type: 'in',
        amount: '5.00',
        idempotencyKey: key(),
      });
      await harness.sim.setFaults(NO_FAULTS);
      const pendingNo = (pending.body.data as TransferData).order.orderNo;
      expect((pending.body.data as TransferData).order.status).toBe('in_transit');
      expect(await isolated.ledger.check()).toEqual([]);

      await db
        .update(gameTransfers)
        .set({ nextCheckAt: null })
        .where(eq(gameTransfers.orderNo, pendingNo));
      await db
        .update(gameTransfers)
        .set({ finalEntryId: null })
        .where(eq(gameTransfers.orderNo, settledNo));
      await db
        .update(gameTransfers)
        .set({ amountMinor: 400n })
        .where(eq(gameTransfers.orderNo, pendingNo));
      const violations = (await isolated.ledger.check()).map((violation) => violation.invariant);
      expect(violations.sort()).toEqual([
        'final transfer has its final entry',
        'money in transit equals the transfers in transit',
        'transfer is final or in transit with a status query pending',
      ]);
    } finally {
      await isolated.close();
    }
  });
});
