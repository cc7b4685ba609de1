import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorCall, operatorLogin } from '../../../test/operators.ts';
import { members } from '../../identity/member/member.schema.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { journalEntries } from '../ledger/ledger.schema.ts';
import { addTurnover } from '../turnover/turnover.ts';

/**
 * Maker-checker: above the brand's threshold (default 1,000.00 for adjustments and waivers) an
 * adjustment or a waiver becomes a request; a second operator with the permission carries it
 * out by approving, the requester never decides their own, and a rejection moves nothing.
 */
const BRAND = 'jinsheng';
let harness: TestApp;
let maker: string;
let checker: string;
let username: string;
let memberId: bigint;

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, body?: object) {
  return operatorCall(harness.app, method, url, token, body);
}

const adjust = (amount: string, token = maker, key = randomUUID()) =>
  call('POST', `/admin/api/members/${username}/adjust`, token, {
    brand: BRAND,
    amount,
    reason: 'goodwill',
    idempotencyKey: key,
  });

async function balance(): Promise<string> {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/members?q=${username}&brand=${BRAND}`,
    headers: { authorization: `Bearer ${checker}` },
  });
  return response.json<{ data: { items: { balance: string }[] } }>().data.items[0]!.balance;
}

async function adjustmentEntries(): Promise<number> {
  const [row] = await harness.database.db
    .select({ total: count() })
    .from(journalEntries)
    .where(and(eq(journalEntries.brandCode, BRAND), eq(journalEntries.reason, 'adjustment')));
  return Number(row?.total ?? 0);
}

beforeAll(async () => {
  harness = await createTestApp();
  const name = `mk${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(name, 'operator-pass-1');
  maker = await operatorLogin(harness.app, { username: name, password: 'operator-pass-1' });
  checker = (await createOperator(harness, { role: 'finance' })).token;
  username = `mc${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const [row] = await harness.database.db
    .insert(members)
    .values({
      brandCode: BRAND,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: randomUUID().slice(0, 8),
    })
    .returning({ id: members.id });
  memberId = row!.id;
});
afterAll(async () => {
  await harness.close();
});

describe('maker-checker', () => {
  it('carries out an adjustment within the threshold at once', async () => {
    const answer = await adjust('800.00');
    expect(answer.body.data).toMatchObject({ amount: '800.00', balance: '800.00' });
  });

  it('turns a larger one into a request that a second operator carries out', async () => {
    const entriesBefore = await adjustmentEntries();
    const key = randomUUID();
    const requested = await adjust('1500.00', maker, key);
    const request = requested.body.data.approvalRequest;
    expect(request).toMatchObject({
      kind: 'balance_adjustment',
      target: username,
      amount: '1500.00',
      status: 'pending',
      reason: 'goodwill',
    });
    expect(await balance()).toBe('800.00');
    expect(await adjustmentEntries()).toBe(entriesBefore);
    // Asking again with the same key answers the same request.
    expect((await adjust('1500.00', maker, key)).body.data.approvalRequest.id).toBe(request.id);

    const queue = await call('GET', `/admin/api/approvals?brand=${BRAND}`, checker);
    expect(queue.body.data.items.map((item: { id: string }) => item.id)).toContain(request.id);

    const own = await call('POST', `/admin/api/approvals/${request.id}/approve`, maker, {});
    expect(own.body.data).toBe('approval_own_request');

    const approved = await call('POST', `/admin/api/approvals/${request.id}/approve`, checker, {
      note: 'checked the ticket',
    });
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      decisionNote: 'checked the ticket',
      result: { amount: '1500.00', balance: '2300.00' },
    });
    expect(await balance()).toBe('2300.00');
    expect(await adjustmentEntries()).toBe(entriesBefore + 1);
    const again = await call('POST', `/admin/api/approvals/${request.id}/approve`, checker, {});
    expect(again.body.data).toBe('approval_not_pending');
    expect(await balance()).toBe('2300.00');

    const logged = await harness.database.db
      .select({ action: operatorActions.action })
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.targetType, 'approval'),
          eq(operatorActions.targetId, request.id as string),
        ),
      );
    expect(logged.map((row) => row.action).sort()).toEqual([
      'approval_approve',
      'approval_request',
    ]);
  });

  it('moves nothing on a rejection, and hands back a request its action cannot carry out', async () => {
    const rejected = (await adjust('2000.00')).body.data.approvalRequest;
    const answer = await call('POST', `/admin/api/approvals/${rejected.id}/reject`, checker, {
      note: 'no ticket',
    });
    expect(answer.body.data).toMatchObject({ status: 'rejected', decisionNote: 'no ticket' });
    expect(
      (await call('POST', `/admin/api/approvals/${rejected.id}/approve`, checker, {})).body.data,
    ).toBe('approval_not_pending');
    expect(
      (await call('POST', `/admin/api/approvals/${rejected.id}/reject`, checker, {})).body.data,
    ).toBe('validation');
    expect(await balance()).toBe('2300.00');

    // A debit larger than the wallet: the approval fails and the request waits again.
    const debit = (await adjust('-5000.00')).body.data.approvalRequest;
    const failed = await call('POST', `/admin/api/approvals/${debit.id}/approve`, checker, {});
    expect(failed.body.status).toBe(false);
    expect(failed.statusCode).toBeLessThan(500);
    const queue = await call(
      'GET',
      `/admin/api/approvals?brand=${BRAND}&kind=balance_adjustment`,
      checker,
    );
    expect(queue.body.data.items.find((item: { id: string }) => item.id === debit.id)?.status).toBe(
      'pending',
    );
    expect(await balance()).toBe('2300.00');
  });

  it('puts a large turnover waiver to a second operator too', async () => {
    await addTurnover(harness.database.db, {
      brandCode: BRAND,
      memberId,
      currency: 'CNY',
      amountMinor: 300_000n,
    });
    const waive = await call('POST', `/admin/api/members/${username}/turnover/waive`, maker, {
      brand: BRAND,
      reason: 'promotion error',
    });
    const request = waive.body.data.approvalRequest;
    expect(request).toMatchObject({ kind: 'turnover_waiver', amount: '3000.00' });
    const decided = await call('POST', `/admin/api/approvals/${request.id}/approve`, checker, {});
    expect(decided.body.data).toMatchObject({ status: 'approved', result: { waived: '3000.00' } });
  });

  it('keeps the queue to deciders and their brands', async () => {
    const service = await createOperator(harness, { role: 'customer_service' });
    expect((await call('GET', '/admin/api/approvals', service.token)).body.data).toBe('forbidden');
    const lumen = await createOperator(harness, { role: 'finance', brands: ['lumen'] });
    const pending = (await adjust('3000.00')).body.data.approvalRequest;
    expect(
      (await call('POST', `/admin/api/approvals/${pending.id}/approve`, lumen.token, {})).body.data,
    ).toBe('approval_not_found');
    expect((await call('GET', '/admin/api/approvals', lumen.token)).body.data.items).toEqual([]);
  });
});
