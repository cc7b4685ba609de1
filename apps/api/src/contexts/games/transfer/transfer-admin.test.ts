import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_FAULTS } from '@lobby/game-protocol';
import type { Database } from '../../../db/client.ts';
import { operatorCall } from '../../../test/operators.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { approvalRequests } from '../../money/approvals/approvals.schema.ts';
import type { ProviderClient } from '../games/provider-client.ts';
import { askStatus } from './transfer-queries.ts';
import { FIRST_CHECK_DELAY_MS } from './transfer-schedule.ts';
import { gameTransfers } from './transfer.schema.ts';
import { findTransferById } from './transfer.repository.ts';
import {
  BRAND,
  createTransferTestApp,
  type Member,
  type TransferTestApp,
} from './transfer.test-support.ts';

/**
 * Transfer exceptions in the back office: a transfer the simulator's faults leave in transit
 * shows in the list past the status-query window with every status query made about it; asking
 * again settles it once the platform knows; a manual resolution needs evidence and a second
 * operator, settles once however often it is approved, and is refused when the platform now
 * answers the other way.
 */
let harness: TransferTestApp;
let maker: { username: string; token: string };
let checker: { username: string; token: string };
let secondChecker: { username: string; token: string };
let service: string;
let lumen: string;

beforeAll(async () => {
  harness = await createTransferTestApp({ timeoutMs: 1_000 });
  maker = await createOperator(harness, { role: 'finance' });
  checker = await createOperator(harness, { role: 'finance' });
  secondChecker = await createOperator(harness, { role: 'super_admin' });
  service = (await createOperator(harness, { role: 'customer_service' })).token;
  lumen = (await createOperator(harness, { role: 'finance', brands: ['lumen'] })).token;
});
afterAll(async () => {
  await harness?.close();
});
afterEach(async () => {
  await harness.sim.setFaults(NO_FAULTS);
  harness.clock.reset();
  expect(await harness.ledger.check()).toEqual([]);
});

const call = (method: 'GET' | 'POST', url: string, token: string, body?: object) =>
  operatorCall(harness.app, method, url, token, body);

type Stuck = { member: Member; id: string; orderNo: string };

/**
 * A member with 500.00 and 1.00 at the platform, then an order the platform answers 500 to
 * (applied there or not): in transit, with the faults left on so status queries fail too.
 */
async function stuck(platform: number, applied: boolean, amount = '100.00'): Promise<Stuck> {
  const [member] = await harness.createMembers(1);
  if (!member) throw new Error('no member');
  await harness.fund(member, 50_000n);
  const first = await harness.transfer(member, {
    platform: String(platform),
    type: 'in',
    amount: '1.00',
    idempotencyKey: randomUUID(),
  });
  expect(first.body.status).toBe(true);
  await harness.sim.setFaults({
    seed: `stuck-${randomUUID()}`,
    errorRate: 1,
    timeoutAppliedRate: applied ? 1 : 0,
  });
  const sent = await harness.transfer(member, {
    platform: String(platform),
    type: 'in',
    amount,
    idempotencyKey: randomUUID(),
  });
  const order = (sent.body.data as { order: { orderNo: string; status: string } }).order;
  expect(order.status).toBe('in_transit');
  const [row] = await harness.database.db
    .select({ id: gameTransfers.id })
    .from(gameTransfers)
    .where(eq(gameTransfers.orderNo, order.orderNo));
  return { member, id: String(row?.id), orderNo: order.orderNo };
}

/** Moves the order's making ten minutes back: past the status-query window (two minutes). */
async function age(transfer: Stuck): Promise<void> {
  await harness.database.db
    .update(gameTransfers)
    .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(gameTransfers.id, BigInt(transfer.id)));
}

async function finalEntries(orderNo: string): Promise<number> {
  const [row] = await harness.database.db
    .select({ total: count() })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.brandCode, BRAND),
        eq(journalEntries.idempotencyKey, `${orderNo}:final`),
      ),
    );
  return Number(row?.total ?? 0);
}

async function actionsOn(transfer: Stuck) {
  return harness.database.db
    .select()
    .from(operatorActions)
    .where(
      and(eq(operatorActions.targetType, 'transfer'), eq(operatorActions.targetId, transfer.id)),
    );
}

async function requestsFor(orderNo: string) {
  return harness.database.db
    .select()
    .from(approvalRequests)
    .where(eq(approvalRequests.target, orderNo));
}

const exceptionsOf = (member: Member, extra = '', token = maker.token) =>
  call(
    'GET',
    `/admin/api/transfers/exceptions?brand=${BRAND}&member=${member.username}${extra}`,
    token,
  );

const resolve = (transfer: Stuck, body: object, token = maker.token) =>
  call('POST', `/admin/api/transfers/${transfer.id}/resolve`, token, body);

const EVIDENCE = 'Provider ticket PX-20931: statement shows the order';

describe('the exceptions list and asking again', () => {
  it('lists a transfer past the window with its queries, and settles it once the platform knows', async () => {
    const transfer = await stuck(23, true);
    harness.clock.advance(FIRST_CHECK_DELAY_MS);
    expect(await harness.reconcile()).toEqual({ checked: 1, settled: 0, pending: 1 });
    // Inside the window the sweep is still at work: not an exception yet.
    expect((await exceptionsOf(transfer.member)).body.data).toEqual({ items: [], total: 0 });

    await age(transfer);
    const listed = await exceptionsOf(transfer.member);
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.items[0]).toMatchObject({
      id: transfer.id,
      orderNo: transfer.orderNo,
      brand: BRAND,
      username: transfer.member.username,
      platformId: 23,
      direction: 'in',
      amount: '100.00',
      currency: 'CNY',
      status: 'in_transit',
      attempts: 1,
      queries: 1,
      exception: true,
      lastError: 'server_error',
      lastQuery: { source: 'sweep', operator: null, answer: 'error', detail: 'server_error' },
      pendingResolution: null,
    });
    for (const [filter, found] of [
      ['&direction=out', 0],
      ['&direction=in', 1],
      ['&platform=24', 0],
      ['&platform=23', 1],
      ['&minAgeMinutes=60', 0],
      ['&minAgeMinutes=5', 1],
    ] as const) {
      expect((await exceptionsOf(transfer.member, filter)).body.data.total, filter).toBe(found);
    }

    // Asked while the platform still fails: recorded, nothing settled.
    const failing = await call(
      'POST',
      `/admin/api/transfers/${transfer.id}/query`,
      maker.token,
      {},
    );
    expect(failing.body.data).toMatchObject({
      settled: false,
      query: { source: 'operator', operator: maker.username, answer: 'error' },
      transfer: { status: 'in_transit' },
    });
    expect(await harness.walletMinor(transfer.member)).toBe(39_900n);

    await harness.sim.setFaults(NO_FAULTS);
    const known = await call('POST', `/admin/api/transfers/${transfer.id}/query`, maker.token, {});
    expect(known.body.data).toMatchObject({
      settled: true,
      query: { answer: 'status', status: 'success' },
      transfer: { status: 'success', exception: false },
    });
    expect(await harness.bookMinor(transfer.member, 23)).toBe(10_100n);
    expect(await harness.simMinor(transfer.member, 23)).toBe(10_100n);
    expect(await harness.walletMinor(transfer.member)).toBe(39_900n);
    expect(await finalEntries(transfer.orderNo)).toBe(1);

    // Final now: not asked again, not by the sweep either, and gone from the list.
    const again = await call('POST', `/admin/api/transfers/${transfer.id}/query`, maker.token, {});
    expect(again).toMatchObject({ statusCode: 409, body: { data: 'transfer_not_in_transit' } });
    harness.clock.advance(60 * 60_000);
    expect((await harness.reconcile()).checked).toBe(0);
    expect(await finalEntries(transfer.orderNo)).toBe(1);
    expect((await exceptionsOf(transfer.member)).body.data.total).toBe(0);

    const detail = await call('GET', `/admin/api/transfers/${transfer.id}`, service);
    expect(detail.body.data).toMatchObject({ status: 'success', queries: 3 });
    expect(
      detail.body.data.history.map((query: { source: string; operator: string | null }) => [
        query.source,
        query.operator,
      ]),
    ).toEqual([
      ['operator', maker.username],
      ['operator', maker.username],
      ['sweep', null],
    ]);
    const logged = await actionsOn(transfer);
    expect(logged.map((row) => row.action)).toEqual(['transfer_query', 'transfer_query']);
    expect(logged.find((row) => row.details.settled === true)?.details).toMatchObject({
      before: { status: 'in_transit' },
      after: { status: 'success' },
      platformAnswer: { answer: 'status', status: 'success' },
    });
  });
});

describe('resolving by hand', () => {
  it('needs evidence and a second operator, and moves the money once however often it is approved', async () => {
    const transfer = await stuck(24, false);
    // Too early: inside the window a late request could still land.
    const early = await resolve(transfer, { outcome: 'failed', evidence: EVIDENCE });
    expect(early).toMatchObject({ statusCode: 409, body: { data: 'transfer_still_checking' } });
    await age(transfer);

    for (const body of [
      { outcome: 'failed' },
      { outcome: 'failed', evidence: 'too short' },
      { outcome: 'failed', evidence: '          x          ' },
      { outcome: 'maybe', evidence: EVIDENCE },
      { outcome: 'failed', evidence: 'x'.repeat(2001) },
    ]) {
      const refused = await resolve(transfer, body);
      expect(refused, JSON.stringify(body)).toMatchObject({
        statusCode: 400,
        body: { data: 'validation' },
      });
    }
    expect(
      (await resolve(transfer, { outcome: 'failed', evidence: EVIDENCE }, service)).body.data,
    ).toBe('forbidden');
    expect(await requestsFor(transfer.orderNo)).toEqual([]);

    const requested = await resolve(transfer, { outcome: 'failed', evidence: EVIDENCE });
    const request = requested.body.data.approvalRequest;
    expect(request).toMatchObject({
      kind: 'transfer_resolution',
      target: transfer.orderNo,
      amount: '100.00',
      reason: EVIDENCE,
      status: 'pending',
      requestedBy: maker.username,
      details: { outcome: 'failed', transferId: transfer.id, orderNo: transfer.orderNo },
    });
    // Never applied at once.
    expect((await findTransferById(harness.database.db, BigInt(transfer.id)))?.status).toBe(
      'in_transit',
    );
    expect(await harness.walletMinor(transfer.member)).toBe(39_900n);
    const same = await resolve(transfer, { outcome: 'failed', evidence: EVIDENCE });
    expect(same.body.data.approvalRequest.id).toBe(request.id);
    const other = await resolve(transfer, { outcome: 'succeeded', evidence: EVIDENCE });
    expect(other).toMatchObject({ statusCode: 409, body: { data: 'transfer_resolution_pending' } });
    const shown = await call('GET', `/admin/api/transfers/${transfer.id}`, maker.token);
    expect(shown.body.data.pendingResolution).toMatchObject({
      approvalId: request.id,
      outcome: 'failed',
      requestedBy: maker.username,
    });

    const approve = (token: string) =>
      call('POST', `/admin/api/approvals/${request.id}/approve`, token, {});
    expect((await approve(maker.token)).body.data).toBe('approval_own_request');
    const decider = await createOperator(harness, {
      role: 'test_decide_without_transfers',
      permissions: ['approvals.decide', 'members.read'],
    });
    expect((await approve(decider.token)).body.data).toBe('forbidden');

    // Two approvers at once (the platform still fails to answer: the evidence decides).
    const answers = await Promise.all([approve(checker.token), approve(secondChecker.token)]);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    expect(answers.some((answer) => answer.body.data.status === 'approved')).toBe(true);
    expect(await finalEntries(transfer.orderNo)).toBe(1);
    expect(await findTransferById(harness.database.db, BigInt(transfer.id))).toMatchObject({
      status: 'failed',
      reason: 'transfer_failed_confirmed',
    });
    // Failed in: the money is back in the centre wallet; the platform keeps its 1.00.
    expect(await harness.walletMinor(transfer.member)).toBe(49_900n);
    expect(await harness.bookMinor(transfer.member, 24)).toBe(100n);
    expect((await approve(checker.token)).body.data).toBe('approval_not_pending');
    expect(await finalEntries(transfer.orderNo)).toBe(1);
    expect(await harness.walletMinor(transfer.member)).toBe(49_900n);

    const [decided] = await requestsFor(transfer.orderNo);
    expect(decided).toMatchObject({ status: 'approved' });
    expect(decided?.result).toMatchObject({ outcome: 'failed', status: 'failed' });
    const resolved = (await actionsOn(transfer)).filter((row) => row.action === 'transfer_resolve');
    expect(resolved).toHaveLength(1);
    expect(resolved[0]?.reason).toBe(EVIDENCE);
    expect(resolved[0]?.details).toMatchObject({
      evidence: EVIDENCE,
      approvalId: request.id,
      requestedBy: maker.username,
      outcome: 'failed',
      before: { status: 'in_transit' },
      after: { status: 'failed', reason: 'transfer_failed_confirmed' },
    });
    expect([checker.username, secondChecker.username]).toContain(resolved[0]?.details.approvedBy);
    const history = (await call('GET', `/admin/api/transfers/${transfer.id}`, maker.token)).body
      .data.history as { source: string; answer: string }[];
    expect(history.filter((query) => query.source === 'resolution').length).toBeGreaterThan(0);
  });

  it('refuses an approval the platform now contradicts, and settles nothing', async () => {
    const transfer = await stuck(25, true);
    await age(transfer);
    const request = (await resolve(transfer, { outcome: 'failed', evidence: EVIDENCE })).body.data
      .approvalRequest;
    await harness.sim.setFaults(NO_FAULTS);
    const approve = () =>
      call('POST', `/admin/api/approvals/${request.id}/approve`, checker.token, {});
    const refused = await approve();
    expect(refused).toMatchObject({
      statusCode: 409,
      body: { data: 'transfer_resolution_contradicted' },
    });
    expect((await findTransferById(harness.database.db, BigInt(transfer.id)))?.status).toBe(
      'in_transit',
    );
    expect(await finalEntries(transfer.orderNo)).toBe(0);
    expect(await harness.walletMinor(transfer.member)).toBe(39_900n);
    expect((await requestsFor(transfer.orderNo))[0]?.status).toBe('pending');
    expect((await actionsOn(transfer)).map((row) => row.action)).toEqual([]);
    const detail = await call('GET', `/admin/api/transfers/${transfer.id}`, maker.token);
    expect(detail.body.data.history[0]).toMatchObject({
      source: 'resolution',
      operator: checker.username,
      answer: 'status',
      status: 'success',
    });

    // The platform's answer settles it the platform's way; the request can no longer apply.
    await call('POST', `/admin/api/transfers/${transfer.id}/query`, maker.token, {});
    expect(await harness.bookMinor(transfer.member, 25)).toBe(10_100n);
    expect((await approve()).body.data).toBe('transfer_not_in_transit');
    expect(await finalEntries(transfer.orderNo)).toBe(1);
  });

  it('settles a transfer out resolved as succeeded into the centre wallet', async () => {
    const [member] = await harness.createMembers(1);
    if (!member) throw new Error('no member');
    await harness.fund(member, 50_000n);
    const into = await harness.transfer(member, {
      platform: '26',
      type: 'in',
      amount: '100.00',
      idempotencyKey: randomUUID(),
    });
    expect(into.body.status).toBe(true);
    // The balance asked first must pass and the transfer's answer be lost: try until it is.
    await harness.sim.setFaults({ seed: 'resolve-out', errorRate: 0.5, timeoutAppliedRate: 1 });
    let orderNo: string | undefined;
    let movedOutMinor = 0n;
    for (let attempt = 0; attempt < 40 && !orderNo; attempt++) {
      const answer = await harness.transfer(member, {
        platform: '26',
        type: 'out',
        amount: '1.00',
        idempotencyKey: randomUUID(),
      });
      if (!answer.body.status) continue;
      const order = (answer.body.data as { order: { orderNo: string; status: string } }).order;
      if (order.status === 'success') movedOutMinor += 100n;
      else orderNo = order.orderNo;
    }
    if (!orderNo) throw new Error('no transfer out was left in transit');
    // The platform is in maintenance when asked again: no final answer, the evidence decides.
    await harness.sim.setFaults({ ...NO_FAULTS, maintenancePlatformIds: [26] });
    const [row] = await harness.database.db
      .select({ id: gameTransfers.id })
      .from(gameTransfers)
      .where(eq(gameTransfers.orderNo, orderNo));
    const transfer: Stuck = { member, id: String(row?.id), orderNo };
    await age(transfer);
    const walletBefore = await harness.walletMinor(member);
    const request = (await resolve(transfer, { outcome: 'succeeded', evidence: EVIDENCE })).body
      .data.approvalRequest;
    const approved = await call(
      'POST',
      `/admin/api/approvals/${request.id}/approve`,
      checker.token,
      { note: 'statement checked' },
    );
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      result: {
        outcome: 'succeeded',
        status: 'success',
        settled: true,
        platformAnswer: { answer: 'error', detail: 'refused:maintenance' },
      },
    });
    expect(await harness.walletMinor(member)).toBe(walletBefore + 100n);
    await harness.sim.setFaults(NO_FAULTS);
    expect(await harness.bookMinor(member, 26)).toBe(await harness.simMinor(member, 26));
    expect(await harness.bookMinor(member, 26)).toBe(10_000n - movedOutMinor - 100n);
  });
});

describe('who may see and act', () => {
  it('answers another brand’s transfer as missing, and a role without the permission 403', async () => {
    const transfer = await stuck(27, false);
    await age(transfer);
    const valid = { outcome: 'failed', evidence: EVIDENCE };
    for (const [method, path, body] of [
      ['GET', `/admin/api/transfers/${transfer.id}`, undefined],
      ['POST', `/admin/api/transfers/${transfer.id}/query`, {}],
      ['POST', `/admin/api/transfers/${transfer.id}/resolve`, valid],
    ] as const) {
      const answer = await call(method, path, lumen, body);
      expect(answer, path).toMatchObject({ statusCode: 404, body: { data: 'transfer_not_found' } });
    }
    expect((await exceptionsOf(transfer.member, '', lumen)).body.data).toBe('forbidden');
    const own = await call('GET', '/admin/api/transfers/exceptions?pageSize=200', lumen);
    expect(own.body.data.items.every((item: { brand: string }) => item.brand === 'lumen')).toBe(
      true,
    );
    expect(await requestsFor(transfer.orderNo)).toEqual([]);

    const content = (await createOperator(harness, { role: 'content' })).token;
    expect((await call('GET', '/admin/api/transfers/exceptions', content)).body.data).toBe(
      'forbidden',
    );
    const query = await call('POST', `/admin/api/transfers/${transfer.id}/query`, service, {});
    expect(query).toMatchObject({ statusCode: 403, body: { data: 'forbidden' } });
    expect((await exceptionsOf(transfer.member, '', service)).body.data.total).toBe(1);
  });

  it('answers bad input with a code and changes nothing', async () => {
    for (const url of [
      '/admin/api/transfers/abc',
      '/admin/api/transfers/0',
      '/admin/api/transfers/exceptions?direction=sideways',
      '/admin/api/transfers/exceptions?pageSize=0',
      '/admin/api/transfers/exceptions?platform=x',
      '/admin/api/transfers/exceptions?minAgeMinutes=-1',
    ]) {
      const answer = await call('GET', url, maker.token);
      expect(answer, url).toMatchObject({ statusCode: 400, body: { data: 'validation' } });
    }
    const missing = await call('GET', '/admin/api/transfers/999999999999', maker.token);
    expect(missing).toMatchObject({ statusCode: 404, body: { data: 'transfer_not_found' } });
    const query = await call('POST', '/admin/api/transfers/999999999999/query', maker.token, {});
    expect(query.body.data).toBe('transfer_not_found');
  });
});

describe('the status-query history', () => {
  it('never fails a query for want of its history row', async () => {
    const warn = vi.fn();
    const failing = {
      insert() {
        throw new Error('the history table is gone');
      },
    } as unknown as Database;
    const provider = {
      transferStatus: async () => ({
        kind: 'ok' as const,
        value: { orderId: 'T1', status: 'success' as const },
      }),
    } as unknown as ProviderClient;
    const row = { id: 1n, platformId: 1, orderNo: 'T1', direction: 'in', amountMinor: 100n };
    const asked = await askStatus(
      { db: failing, provider, now: () => new Date(), log: { warn } as never },
      row as never,
      { source: 'sweep' },
    );
    expect(asked).toMatchObject({ queryId: null, answer: { kind: 'ok' } });
    expect(warn).toHaveBeenCalledOnce();
  });
});
