import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawalQueueRow } from '@lobby/contracts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { operators } from '../../identity/operator/operator.schema.ts';
import { WithdrawalClaims } from './withdrawal-claims.ts';
import { withdrawalOrders } from './withdrawal.schema.ts';
import { createCashierHarness, type CashierHarness } from './cashier.test-support.ts';

/**
 * The withdrawal queue of the cashiers: claims, holds, notes and releases, a decision only by
 * the holder, two claims at once, stale claims and takeovers, the second approval an order waits
 * for, the queue's filters and paging, bad input, permissions and brands.
 */
let h: CashierHarness;
type Operator = { token: string; username: string };
let alice: Operator;
let bob: Operator;

beforeAll(async () => {
  h = await createCashierHarness();
  alice = await h.operator('finance');
  bob = await h.operator('finance');
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const MINUTE = 60_000;
const orderUrl = (orderNo: string, action = '') =>
  `/admin/api/withdrawals/${orderNo}${action ? `/${action}` : ''}`;

async function pendingOrder(amountMinor = 10_000n, at?: Date) {
  const member = await h.member();
  const account = await h.payoutAccount(member.id);
  const orderNo = await h.withdrawal(member.id, account, amountMinor, at);
  return { member, orderNo };
}

async function row(orderNo: string, as: Operator = alice): Promise<AdminWithdrawalQueueRow> {
  const answer = await h.call(as.token, 'GET', orderUrl(orderNo));
  expect(answer.statusCode).toBe(200);
  return answer.body.data.order as AdminWithdrawalQueueRow;
}

async function queue(query: string, as: Operator = alice) {
  const answer = await h.call(as.token, 'GET', `/admin/api/withdrawals?brand=${h.brand}&${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.body.data;
}

const orderNos = (rows: { orderNo: string }[]) => rows.map((item) => item.orderNo);

async function status(orderNo: string) {
  const rows = await h.harness.database.db
    .select({ status: withdrawalOrders.status })
    .from(withdrawalOrders)
    .where(eq(withdrawalOrders.orderNo, orderNo));
  return rows[0]?.status;
}

describe('claims, holds, notes', () => {
  it('lets one operator hold an order; others see who and are refused, with nothing changed', async () => {
    const { member, orderNo } = await pendingOrder();
    const claimed = await h.call(alice.token, 'POST', orderUrl(orderNo, 'claim'), {});
    expect(claimed.statusCode).toBe(200);
    expect(claimed.body.data).toMatchObject({
      orderNo,
      claimedBy: alice.username,
      claimStale: false,
      onHold: false,
      holdReason: null,
      notesCount: 0,
    });
    expect(claimed.body.data.claimedAt).toEqual(expect.any(String));

    for (const [action, body] of [
      ['claim', {}],
      ['hold', { reason: 'mine now' }],
      ['release', {}],
      ['reject', { reason: 'not yours' }],
      ['approve', {}],
    ] as const) {
      const refused = await h.call(bob.token, 'POST', orderUrl(orderNo, action), body);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.body.data, action).toBe('order_claimed_by_other');
      expect((refused.body as { message?: string }).message, action).toContain(alice.username);
    }
    expect(await status(orderNo)).toBe('pending');
    expect(await h.ledger.balances(h.brand, member.id, 'CNY')).toMatchObject({
      lockedMinor: 10_000n,
    });
    expect((await row(orderNo)).claimedBy).toBe(alice.username);

    const held = await h.call(alice.token, 'POST', orderUrl(orderNo, 'hold'), {
      reason: 'waiting for the member’s ID card',
    });
    expect(held.body.data).toMatchObject({
      claimedBy: alice.username,
      onHold: true,
      holdReason: 'waiting for the member’s ID card',
    });

    // Notes belong to nobody's claim: anyone reviewing may add one; they stay in order.
    const first = await h.call(alice.token, 'POST', orderUrl(orderNo, 'notes'), {
      body: 'Called the member.\nAsked for the ID.',
    });
    expect(first.body.data).toMatchObject({ author: alice.username });
    await h.call(bob.token, 'POST', orderUrl(orderNo, 'notes'), { body: 'Card looks fine.' });
    const detail = await h.call(bob.token, 'GET', orderUrl(orderNo));
    expect(detail.body.data.notes).toMatchObject([
      { author: alice.username, body: 'Called the member.\nAsked for the ID.' },
      { author: bob.username, body: 'Card looks fine.' },
    ]);
    expect(detail.body.data.order).toMatchObject({ notesCount: 2, onHold: true });
    expect(detail.body.data.member).toMatchObject({
      username: member.username,
      locked: '100.00',
      balance: '0.00',
    });

    const released = await h.call(alice.token, 'POST', orderUrl(orderNo, 'release'), {});
    expect(released.body.data).toMatchObject({ claimedBy: null, onHold: false, holdReason: null });
    const again = await h.call(alice.token, 'POST', orderUrl(orderNo, 'release'), {});
    expect(again).toMatchObject({ statusCode: 409, body: { data: 'order_not_claimed' } });

    // Free again: Bob decides it, claiming it for the decision; the member sees the reason.
    const rejected = await h.call(bob.token, 'POST', orderUrl(orderNo, 'reject'), {
      reason: 'Card name does not match',
    });
    // Who decided shows by username (recorded as `operator:<id>`), in the answer and the queue.
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'Card name does not match',
      decidedBy: bob.username,
    });
    expect(await row(orderNo)).toMatchObject({ claimedBy: null, decidedBy: bob.username });

    const log = await h.actions(orderNo);
    expect(log.map((entry) => entry.action)).toEqual([
      'withdrawal_claim',
      'withdrawal_hold',
      'withdrawal_note',
      'withdrawal_note',
      'withdrawal_release',
      'withdrawal_reject',
    ]);
    expect(log[0]?.details).toMatchObject({
      before: null,
      after: { claimedBy: alice.username, onHold: false },
    });
    expect(log[1]).toMatchObject({
      reason: 'waiting for the member’s ID card',
      details: {
        before: { claimedBy: alice.username, onHold: false },
        after: { claimedBy: alice.username, onHold: true },
      },
    });
    expect(log[2]?.details).toMatchObject({
      before: null,
      after: { body: 'Called the member.\nAsked for the ID.' },
    });
    expect(log[4]?.details).toMatchObject({
      before: { claimedBy: alice.username, onHold: true },
      after: null,
    });
    // Nobody held it when Bob decided: the decision's row says nothing of a claim.
    expect(log[5]?.details).not.toHaveProperty('claim');
  });

  it('ends the holder’s claim with the decision, logged in the decision’s row', async () => {
    const { orderNo } = await pendingOrder();
    await h.call(alice.token, 'POST', orderUrl(orderNo, 'hold'), { reason: 'checking' });
    const rejected = await h.call(alice.token, 'POST', orderUrl(orderNo, 'reject'), {
      reason: 'Duplicate request',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    expect(await row(orderNo)).toMatchObject({ claimedBy: null, onHold: false });
    const decision = (await h.actions(orderNo)).at(-1);
    expect(decision).toMatchObject({
      action: 'withdrawal_reject',
      details: {
        claim: { before: { claimedBy: alice.username, holdReason: 'checking' }, after: null },
      },
    });
    const late = await h.call(bob.token, 'POST', orderUrl(orderNo, 'claim'), {});
    expect(late).toMatchObject({ statusCode: 409, body: { data: 'withdrawal_not_pending' } });
  });

  it('lets exactly one of two operators claiming at once win', async () => {
    for (let round = 0; round < 5; round++) {
      const { orderNo } = await pendingOrder();
      const answers = await Promise.all([
        h.call(alice.token, 'POST', orderUrl(orderNo, 'claim'), {}),
        h.call(bob.token, 'POST', orderUrl(orderNo, 'claim'), {}),
      ]);
      const winners = answers.filter((answer) => answer.statusCode === 200);
      expect(winners).toHaveLength(1);
      const loser = answers.find((answer) => answer.statusCode !== 200);
      expect(loser?.body.data).toBe('order_claimed_by_other');
      const winner = winners[0]?.body.data.claimedBy as string;
      expect((await row(orderNo)).claimedBy).toBe(winner);
      expect((await h.actions(orderNo)).map((entry) => entry.action)).toEqual(['withdrawal_claim']);
    }
  });
});

describe('the decision’s own check', () => {
  it('refuses inside the decision’s transaction a claim that came after the early check', async () => {
    const { orderNo } = await pendingOrder();
    await h.call(alice.token, 'POST', orderUrl(orderNo, 'claim'), {});
    const db = h.harness.database.db;
    const [bobRow] = await db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.username, bob.username));
    const asBob: OperatorIdentity = {
      sessionId: 0n,
      operatorId: bobRow!.id,
      username: bob.username,
      role: 'finance',
      permissions: new Set(),
      brands: 'all',
      totpEnabled: true,
      totpEnrolmentRequired: false,
    };
    const claims = new WithdrawalClaims({ db, operators: { record: async () => undefined } });
    const settle = (secondApproval: boolean) =>
      db.transaction(async (transaction) => {
        await claims.settleForDecision(transaction, asBob, orderNo, { secondApproval });
        // Only to look: the change is rolled back.
        throw new Error('rolled back');
      });
    await expect(settle(false)).rejects.toMatchObject({ code: 'order_claimed_by_other' });
    // The approver of the holder's own request carries it out past the claim.
    await expect(settle(true)).rejects.toThrow('rolled back');
    expect((await row(orderNo)).claimedBy).toBe(alice.username);
  });
});

describe('stale claims and takeovers', () => {
  it('frees a claim idle for 30 minutes, a held one only after 24 hours', async () => {
    const { orderNo } = await pendingOrder();
    await h.call(alice.token, 'POST', orderUrl(orderNo, 'claim'), {});
    await h.idle(orderNo, 29 * MINUTE);
    expect((await h.call(bob.token, 'POST', orderUrl(orderNo, 'claim'), {})).body.data).toBe(
      'order_claimed_by_other',
    );
    await h.idle(orderNo, 31 * MINUTE);
    expect(await row(orderNo)).toMatchObject({ claimedBy: alice.username, claimStale: true });
    expect(orderNos(await queue('claim=unclaimed'))).toContain(orderNo);
    expect(orderNos(await queue('claim=claimed'))).not.toContain(orderNo);

    const taken = await h.call(bob.token, 'POST', orderUrl(orderNo, 'claim'), {});
    expect(taken.body.data).toMatchObject({ claimedBy: bob.username, claimStale: false });
    expect((await h.actions(orderNo)).at(-1)?.details).toMatchObject({
      takenOverFrom: alice.username,
      stale: true,
      before: { claimedBy: alice.username },
      after: { claimedBy: bob.username },
    });
    // The former holder may no longer decide it.
    const refused = await h.call(alice.token, 'POST', orderUrl(orderNo, 'reject'), {
      reason: 'late',
    });
    expect(refused.body.data).toBe('order_claimed_by_other');

    await h.call(bob.token, 'POST', orderUrl(orderNo, 'hold'), { reason: 'documents' });
    await h.idle(orderNo, 31 * MINUTE);
    expect((await h.call(alice.token, 'POST', orderUrl(orderNo, 'claim'), {})).body.data).toBe(
      'order_claimed_by_other',
    );
    await h.idle(orderNo, 25 * 60 * MINUTE);
    const after = await h.call(alice.token, 'POST', orderUrl(orderNo, 'claim'), {});
    // The order still waits for what the hold says; the new holder keeps the hold.
    expect(after.body.data).toMatchObject({
      claimedBy: alice.username,
      onHold: true,
      holdReason: 'documents',
    });
  });

  it('lets an operator with cashier.takeover take a live claim, and nobody else', async () => {
    const admin = await h.superAdmin();
    const { orderNo } = await pendingOrder();
    await h.call(alice.token, 'POST', orderUrl(orderNo, 'claim'), {});
    // Without asking for a takeover even a super admin is told who holds it.
    expect((await h.call(admin.token, 'POST', orderUrl(orderNo, 'claim'), {})).body.data).toBe(
      'order_claimed_by_other',
    );
    const forbidden = await h.call(bob.token, 'POST', orderUrl(orderNo, 'claim'), {
      takeover: true,
    });
    expect(forbidden).toMatchObject({ statusCode: 403, body: { data: 'forbidden' } });
    expect((await row(orderNo)).claimedBy).toBe(alice.username);

    const taken = await h.call(admin.token, 'POST', orderUrl(orderNo, 'claim'), {
      takeover: true,
    });
    expect(taken.body.data).toMatchObject({ claimedBy: admin.username });
    expect((await h.actions(orderNo)).at(-1)?.details).toMatchObject({
      takenOverFrom: alice.username,
      stale: false,
    });
    // A supervisor may also hand someone's claim back to the queue.
    await h.call(alice.token, 'POST', orderUrl(orderNo, 'notes'), { body: 'handing over' });
    await h.call(bob.token, 'POST', orderUrl(orderNo, 'release'), {}).then((answer) => {
      expect(answer.body.data).toBe('order_claimed_by_other');
    });
    const released = await h.call(admin.token, 'POST', orderUrl(orderNo, 'release'), {});
    expect(released.body.data).toMatchObject({ claimedBy: null });
  });
});

describe('second approval', () => {
  it('shows the request an order waits for and its maker; the checker pays it', async () => {
    const carol = await h.operator('finance');
    // Above the brand's threshold (50,000.00 by default): a request for a second operator.
    const { member, orderNo } = await pendingOrder(6_000_000n);
    const asked = await h.call(alice.token, 'POST', orderUrl(orderNo, 'approve'), {
      note: 'large, documents checked',
    });
    const request = asked.body.data.approvalRequest;
    expect(request).toMatchObject({ kind: 'withdrawal_approval', requestedBy: alice.username });

    const listed = (await queue('claim=mine')).find(
      (item: AdminWithdrawalQueueRow) => item.orderNo === orderNo,
    );
    expect(listed).toMatchObject({
      claimedBy: alice.username,
      approvalRequest: { id: request.id, status: 'pending', requestedBy: alice.username },
    });
    const detail = await h.call(bob.token, 'GET', orderUrl(orderNo));
    expect(detail.body.data.approvalRequest).toMatchObject({
      id: request.id,
      amount: '60000.00',
      reason: 'large, documents checked',
    });
    expect((await h.actions(orderNo))[0]?.details).toMatchObject({
      implicit: 'second_approval',
      after: { claimedBy: alice.username },
    });
    // Another cashier cannot ask for it (or decide it) meanwhile.
    expect((await h.call(bob.token, 'POST', orderUrl(orderNo, 'approve'), {})).body.data).toBe(
      'order_claimed_by_other',
    );

    const approved = await h.call(
      carol.token,
      'POST',
      `/admin/api/approvals/${request.id}/approve`,
      {},
    );
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    expect(await status(orderNo)).toBe('approved');
    expect(await row(orderNo)).toMatchObject({ claimedBy: null, approvalRequest: null });
    expect(await h.ledger.balances(h.brand, member.id, 'CNY')).toMatchObject({ lockedMinor: 0n });
    expect((await h.actions(orderNo)).at(-1)).toMatchObject({
      action: 'withdrawal_approve',
      details: { claim: { before: { claimedBy: alice.username }, after: null } },
    });
  });
});

describe('the queue', () => {
  it('filters, sorts and pages on the server, and answers the old array without a page', async () => {
    const member = await h.member();
    const account = await h.payoutAccount(member.id);
    const hour = 60 * MINUTE;
    const now = Date.now();
    const made = [];
    for (const [amount, ago] of [
      [10_000n, 3],
      [20_000n, 2],
      [30_000n, 1],
    ] as const) {
      made.push(await h.withdrawal(member.id, account, amount, new Date(now - ago * hour)));
    }
    const byMember = `username=${member.username.toUpperCase()}`;
    expect(orderNos(await queue(byMember))).toEqual(made);

    const page = await queue(`${byMember}&sort=amount&order=desc&page=1&pageSize=2`);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(orderNos(page.items)).toEqual([made[2], made[1]]);
    const second = await queue(`${byMember}&sort=amount&order=desc&page=2&pageSize=2`);
    expect(orderNos(second.items)).toEqual([made[0]]);

    expect(orderNos(await queue(`${byMember}&amountMin=150&amountMax=250.00`))).toEqual([made[1]]);
    const from = new Date(now - 2.5 * hour).toISOString();
    const to = new Date(now - 1.5 * hour).toISOString();
    expect(orderNos(await queue(`${byMember}&from=${from}&to=${to}`))).toEqual([made[1]]);
    expect(await queue(`${byMember}&status=rejected`)).toEqual([]);

    await h.call(bob.token, 'POST', orderUrl(made[0]!, 'hold'), { reason: 'held' });
    await h.call(alice.token, 'POST', orderUrl(made[1]!, 'claim'), {});
    expect(orderNos(await queue(`${byMember}&claim=held`))).toEqual([made[0]]);
    expect(orderNos(await queue(`${byMember}&claim=mine`))).toEqual([made[1]]);
    expect(orderNos(await queue(`${byMember}&claim=mine`, bob))).toEqual([made[0]]);
    expect(orderNos(await queue(`${byMember}&claim=unclaimed`))).toEqual([made[2]]);
    expect(orderNos(await queue(`${byMember}&claim=claimed`))).toEqual([made[0], made[1]]);
    const rows = (await queue(byMember)) as AdminWithdrawalQueueRow[];
    expect(rows[0]).toMatchObject({ onHold: true, holdReason: 'held', claimedBy: bob.username });
  });
});

describe('refusals', () => {
  it('refuses bad input with a code and changes nothing', async () => {
    const { orderNo } = await pendingOrder();
    const post = (action: string, body: object) =>
      h.call(alice.token, 'POST', orderUrl(orderNo, action), body);
    for (const [action, body] of [
      ['hold', {}],
      ['hold', { reason: '   ' }],
      ['hold', { reason: 'x'.repeat(201) }],
      ['hold', { reason: 'bell\u0007' }],
      ['notes', {}],
      ['notes', { body: 'x'.repeat(1001) }],
      ['claim', { takeover: 'yes' }],
    ] as const) {
      const answer = await post(action, body);
      expect(answer.statusCode, `${action} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.data).toBe('validation');
    }
    for (const query of [
      'claim=someone',
      'amountMin=abc',
      'amountMin=300&amountMax=200',
      'from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      'from=yesterday',
      'page=0',
      'pageSize=201',
      'sort=member',
      'order=up',
      'status=paid',
    ]) {
      const answer = await h.call(alice.token, 'GET', `/admin/api/withdrawals?${query}`);
      expect(answer.body.data, query).toBe('validation');
    }
    expect((await h.call(alice.token, 'GET', orderUrl('bad-number'))).body.data).toBe('validation');
    const unknown = await h.call(alice.token, 'POST', orderUrl('W20250101000000ABCDEFGH', 'claim'));
    expect(unknown).toMatchObject({ statusCode: 404, body: { data: 'withdrawal_not_found' } });
    expect(await row(orderNo)).toMatchObject({ claimedBy: null, onHold: false, notesCount: 0 });
    expect(await h.actions(orderNo)).toEqual([]);
  });

  it('answers 403 to a role without the permission and missing to another brand', async () => {
    const { orderNo } = await pendingOrder();
    const marketing = await h.operator('marketing');
    const outsider = await h.operator('finance', { brands: ['lumen'] });
    const calls = [
      ['GET', '/admin/api/withdrawals', undefined],
      ['GET', orderUrl(orderNo), undefined],
      ['POST', orderUrl(orderNo, 'claim'), {}],
      ['POST', orderUrl(orderNo, 'release'), {}],
      ['POST', orderUrl(orderNo, 'hold'), { reason: 'probe' }],
      ['POST', orderUrl(orderNo, 'notes'), { body: 'probe' }],
    ] as const;
    for (const [method, url, body] of calls) {
      const answer = await h.call(marketing.token, method, url, body);
      expect(answer, `${method} ${url}`).toMatchObject({
        statusCode: 403,
        body: { data: 'forbidden' },
      });
    }
    for (const [method, url, body] of calls.slice(1)) {
      const answer = await h.call(outsider.token, method, url, body);
      expect(answer, `${method} ${url}`).toMatchObject({
        statusCode: 404,
        body: { data: 'withdrawal_not_found' },
      });
    }
    const named = await h.call(outsider.token, 'GET', `/admin/api/withdrawals?brand=${h.brand}`);
    expect(named.body.data).toBe('forbidden');
    const own = await h.call(outsider.token, 'GET', '/admin/api/withdrawals?pageSize=200');
    expect(orderNos(own.body.data.items)).not.toContain(orderNo);
    expect(await h.actions(orderNo)).toEqual([]);
  });
});
