import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDepositQueueRow, DepositOrder } from '@lobby/contracts';
import { operatorCall } from '../../../test/operators.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { operatorActions, operators } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { journalEntries } from '../ledger/ledger.schema.ts';
import { depositOrders } from './deposit.schema.ts';
import {
  createDepositHarness,
  memberPost,
  newKey,
  type DepositHarness,
} from './deposit.test-support.ts';

/**
 * The deposit queue of the cashiers: claims, holds, notes and releases, a decision only by the
 * holder, two claims at once, stale claims and takeovers, the queue's filters (channel, status,
 * amount, time, member, claim) and paging, bad input, permissions and brands.
 */
let h: DepositHarness;
type Operator = { token: string; username: string };
let alice: Operator;
let bob: Operator;

beforeAll(async () => {
  h = await createDepositHarness();
  alice = await createOperator(h.harness, { role: 'finance' });
  bob = await createOperator(h.harness, { role: 'finance' });
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const MINUTE = 60_000;
const db = () => h.harness.database.db;
const call = (as: Operator, method: 'GET' | 'POST', url: string, body?: object) =>
  operatorCall(h.harness.app, method, url, as.token, body);
const orderUrl = (orderNo: string, action = '') =>
  `/admin/api/deposits/${orderNo}${action ? `/${action}` : ''}`;

async function openOrder(
  member: { token: string },
  fields: Record<string, string> = { channel: 'bank', amount: '100', payerName: '张三' },
): Promise<DepositOrder> {
  const answer = await memberPost(h.harness.app, member.token, '/api/f/v1/deposit', {
    idempotencyKey: newKey(),
    ...fields,
  });
  if (!answer.body.status) throw new Error(`deposit refused: ${String(answer.body.data)}`);
  return answer.body.data as DepositOrder;
}

async function freshOrder() {
  const member = await h.newMember();
  return { member, orderNo: (await openOrder(member)).orderNo };
}

async function row(orderNo: string): Promise<AdminDepositQueueRow> {
  const answer = await call(alice, 'GET', orderUrl(orderNo));
  expect(answer.statusCode).toBe(200);
  return answer.body.data.order as AdminDepositQueueRow;
}

async function queue(query: string, as: Operator = alice) {
  const answer = await call(as, 'GET', `/admin/api/deposits?brand=jinsheng&${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.body.data;
}

const orderNos = (rows: { orderNo: string }[]) => rows.map((item) => item.orderNo);

async function actions(orderNo: string) {
  return db()
    .select()
    .from(operatorActions)
    .where(
      and(eq(operatorActions.targetType, 'deposit_order'), eq(operatorActions.targetId, orderNo)),
    )
    .orderBy(operatorActions.id);
}

async function idle(orderNo: string, agoMs: number) {
  await db()
    .update(depositOrders)
    .set({ claimActiveAt: new Date(Date.now() - agoMs) })
    .where(eq(depositOrders.orderNo, orderNo));
}

async function entriesOf(orderNo: string): Promise<number> {
  const rows = await db()
    .select({ total: count() })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, `deposit:${orderNo}`));
  return Number(rows[0]?.total ?? 0);
}

describe('claims, holds, notes', () => {
  it('lets one operator hold an order; others see who and are refused, with nothing changed', async () => {
    const { member, orderNo } = await freshOrder();
    const claimed = await call(alice, 'POST', orderUrl(orderNo, 'claim'), {});
    expect(claimed.body.data).toMatchObject({
      orderNo,
      status: 'pending',
      claimedBy: alice.username,
      claimStale: false,
      onHold: false,
      notesCount: 0,
    });

    for (const [action, body] of [
      ['claim', {}],
      ['hold', { reason: 'mine' }],
      ['release', {}],
      ['confirm', { reason: 'arrived' }],
      ['reject', { reason: 'no money' }],
    ] as const) {
      const refused = await call(bob, 'POST', orderUrl(orderNo, action), body);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.body.data, action).toBe('order_claimed_by_other');
      expect((refused.body as { message?: string }).message, action).toContain(alice.username);
    }
    expect((await h.ledger.balances('jinsheng', member.id, 'CNY')).walletMinor).toBe(0n);
    expect(await entriesOf(orderNo)).toBe(0);
    expect(await row(orderNo)).toMatchObject({ status: 'pending', claimedBy: alice.username });

    const held = await call(alice, 'POST', orderUrl(orderNo, 'hold'), {
      reason: 'waiting for the transfer slip',
    });
    expect(held.body.data).toMatchObject({
      onHold: true,
      holdReason: 'waiting for the transfer slip',
    });
    await call(alice, 'POST', orderUrl(orderNo, 'notes'), { body: 'Asked for the slip.' });
    await call(bob, 'POST', orderUrl(orderNo, 'notes'), { body: 'Bank shows nothing yet.' });
    const detail = await call(bob, 'GET', orderUrl(orderNo));
    expect(detail.body.data).toMatchObject({
      order: { orderNo, notesCount: 2, onHold: true, claimedBy: alice.username },
      member: { username: member.username, balance: '0.00', depositsCount: 0 },
      notes: [
        { author: alice.username, body: 'Asked for the slip.' },
        { author: bob.username, body: 'Bank shows nothing yet.' },
      ],
    });

    const released = await call(alice, 'POST', orderUrl(orderNo, 'release'), {});
    expect(released.body.data).toMatchObject({ claimedBy: null, onHold: false });
    expect((await call(alice, 'POST', orderUrl(orderNo, 'release'), {})).body.data).toBe(
      'order_not_claimed',
    );
    // Free again: Bob confirms, claiming it for the decision.
    const confirmed = await call(bob, 'POST', orderUrl(orderNo, 'confirm'), {});
    // Who decided shows by username (recorded as `operator:<id>`), in the answer and the queue.
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', decidedBy: bob.username });
    expect((await row(orderNo)).decidedBy).toBe(bob.username);
    const listed = (await queue(`status=confirmed&username=${member.username}`)) as {
      orderNo: string;
      decidedBy: string | null;
    }[];
    expect(listed.map((item) => [item.orderNo, item.decidedBy])).toEqual([[orderNo, bob.username]]);
    expect((await h.ledger.balances('jinsheng', member.id, 'CNY')).walletMinor).toBe(10_000n);

    const log = await actions(orderNo);
    expect(log.map((entry) => entry.action)).toEqual([
      'deposit_claim',
      'deposit_hold',
      'deposit_note',
      'deposit_note',
      'deposit_release',
      'deposit_confirm',
    ]);
    expect(log[0]?.details).toMatchObject({ before: null, after: { claimedBy: alice.username } });
    expect(log[1]).toMatchObject({
      reason: 'waiting for the transfer slip',
      details: { before: { onHold: false }, after: { onHold: true } },
    });
    expect(log[4]?.details).toMatchObject({ before: { claimedBy: alice.username }, after: null });
    expect(log[5]?.details).not.toHaveProperty('claim');
  });

  it('ends the holder’s claim with the decision, logged in the decision’s row', async () => {
    const { orderNo } = await freshOrder();
    await call(alice, 'POST', orderUrl(orderNo, 'claim'), {});
    const rejected = await call(alice, 'POST', orderUrl(orderNo, 'reject'), {
      reason: '付款人不符',
    });
    // The reason is the member's to see, as before.
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: '付款人不符' });
    expect(await row(orderNo)).toMatchObject({ claimedBy: null });
    expect((await actions(orderNo)).at(-1)).toMatchObject({
      action: 'deposit_reject',
      details: { claim: { before: { claimedBy: alice.username }, after: null } },
    });
    expect((await call(bob, 'POST', orderUrl(orderNo, 'claim'), {})).body.data).toBe(
      'deposit_not_pending',
    );
  });

  it('lets the gateway confirm a claimed order: the money lands, the claim is over', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'online', amount: '50' });
    await call(alice, 'POST', orderUrl(order.orderNo, 'claim'), {});
    await h.deposits.confirm(order.orderNo, {
      actor: { type: 'system', id: 'test' },
      decidedBy: 'test',
    });
    // Other deciders show as recorded.
    expect(await row(order.orderNo)).toMatchObject({
      status: 'confirmed',
      claimedBy: null,
      decidedBy: 'test',
    });
    expect(await queue(`claim=mine&username=${member.username}`)).toEqual([]);
  });

  it('lets exactly one of two operators claiming at once win', async () => {
    for (let round = 0; round < 5; round++) {
      const { orderNo } = await freshOrder();
      const answers = await Promise.all([
        call(alice, 'POST', orderUrl(orderNo, 'claim'), {}),
        call(bob, 'POST', orderUrl(orderNo, 'claim'), {}),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const loser = answers.find((answer) => answer.statusCode !== 200);
      expect(loser?.body.data).toBe('order_claimed_by_other');
      const winner = answers.find((answer) => answer.statusCode === 200)?.body.data.claimedBy;
      expect((await row(orderNo)).claimedBy).toBe(winner);
      expect(await actions(orderNo)).toHaveLength(1);
    }
  });
});

describe('the decision’s own check', () => {
  it('refuses inside the decision’s transaction a claim that came after the early check', async () => {
    const { orderNo } = await freshOrder();
    await call(alice, 'POST', orderUrl(orderNo, 'claim'), {});
    const [bobRow] = await db()
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
    await expect(
      db().transaction((transaction) =>
        h.deposits.cashier.settleForDecision(transaction, asBob, orderNo),
      ),
    ).rejects.toMatchObject({ code: 'order_claimed_by_other' });
    expect((await row(orderNo)).claimedBy).toBe(alice.username);
  });
});

describe('stale claims and takeovers', () => {
  it('frees a claim idle for 30 minutes (24 hours on hold); a takeover needs the permission', async () => {
    const { member, orderNo } = await freshOrder();
    await call(alice, 'POST', orderUrl(orderNo, 'hold'), { reason: 'slip' });
    await idle(orderNo, 31 * MINUTE);
    expect((await call(bob, 'POST', orderUrl(orderNo, 'claim'), {})).body.data).toBe(
      'order_claimed_by_other',
    );
    await call(alice, 'POST', orderUrl(orderNo, 'release'), {});
    await call(alice, 'POST', orderUrl(orderNo, 'claim'), {});
    await idle(orderNo, 29 * MINUTE);
    expect((await call(bob, 'POST', orderUrl(orderNo, 'confirm'), {})).body.data).toBe(
      'order_claimed_by_other',
    );
    await idle(orderNo, 31 * MINUTE);
    expect(orderNos(await queue(`claim=unclaimed&username=${member.username}`))).toContain(orderNo);
    const taken = await call(bob, 'POST', orderUrl(orderNo, 'claim'), {});
    expect(taken.body.data).toMatchObject({ claimedBy: bob.username, claimStale: false });
    expect((await actions(orderNo)).at(-1)?.details).toMatchObject({
      takenOverFrom: alice.username,
      stale: true,
    });

    const forbidden = await call(alice, 'POST', orderUrl(orderNo, 'claim'), { takeover: true });
    expect(forbidden).toMatchObject({ statusCode: 403, body: { data: 'forbidden' } });
    const admin = await h.newOperator();
    const takenOver = await call(admin, 'POST', orderUrl(orderNo, 'claim'), { takeover: true });
    expect(takenOver.body.data).toMatchObject({ claimedBy: admin.username });
    expect((await actions(orderNo)).at(-1)?.details).toMatchObject({
      takenOverFrom: bob.username,
      stale: false,
    });
    // Bob may no longer confirm it; the new holder may.
    expect((await call(bob, 'POST', orderUrl(orderNo, 'confirm'), {})).body.data).toBe(
      'order_claimed_by_other',
    );
    expect((await call(admin, 'POST', orderUrl(orderNo, 'confirm'), {})).body.data).toMatchObject({
      status: 'confirmed',
    });
  });
});

describe('the queue', () => {
  it('filters by channel, status, amount, time, member and claim; sorts and pages', async () => {
    const member = await h.newMember();
    const bank = await openOrder(member, { channel: 'bank', amount: '100', payerName: '张三' });
    const online = await openOrder(member, { channel: 'online', amount: '200' });
    const usdt = await openOrder(member, { channel: 'usdt', amount: '300', protocol: '1' });
    const noticed = await openOrder(member, { channel: 'bank', amount: '400', payerName: '张三' });
    await memberPost(h.harness.app, member.token, '/api/f/v1/deposit/notice', {
      orderNo: noticed.orderNo,
      payerName: '张三',
      transferredAt: new Date().toISOString(),
    });
    const hour = 60 * MINUTE;
    const base = Date.now();
    for (const [index, order] of [bank, online, usdt, noticed].entries()) {
      await db()
        .update(depositOrders)
        .set({ createdAt: new Date(base - (4 - index) * hour) })
        .where(eq(depositOrders.orderNo, order.orderNo));
    }
    const byMember = `username=${member.username.toUpperCase()}`;
    // Without a page: the old array, newest first.
    expect(orderNos(await queue(byMember))).toEqual(
      [noticed, usdt, online, bank].map((order) => order.orderNo),
    );
    expect(orderNos(await queue(`${byMember}&channelType=online`))).toEqual([online.orderNo]);
    expect(orderNos(await queue(`${byMember}&channelType=usdt`))).toEqual([usdt.orderNo]);
    // The bank notices to confirm.
    expect(orderNos(await queue(`${byMember}&channelType=bank&status=submitted`))).toEqual([
      noticed.orderNo,
    ]);
    expect(orderNos(await queue(`${byMember}&amountMin=150&amountMax=300`))).toEqual([
      usdt.orderNo,
      online.orderNo,
    ]);
    const from = new Date(base - 3.5 * hour).toISOString();
    const to = new Date(base - 2.5 * hour).toISOString();
    expect(orderNos(await queue(`${byMember}&from=${from}&to=${to}`))).toEqual([online.orderNo]);

    const page = await queue(`${byMember}&sort=amount&order=asc&page=2&pageSize=3`);
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(orderNos(page.items)).toEqual([noticed.orderNo]);

    await call(bob, 'POST', orderUrl(bank.orderNo, 'hold'), { reason: 'slip' });
    await call(alice, 'POST', orderUrl(online.orderNo, 'claim'), {});
    expect(orderNos(await queue(`${byMember}&claim=held`))).toEqual([bank.orderNo]);
    expect(orderNos(await queue(`${byMember}&claim=mine`))).toEqual([online.orderNo]);
    expect(orderNos(await queue(`${byMember}&claim=mine`, bob))).toEqual([bank.orderNo]);
    expect(orderNos(await queue(`${byMember}&claim=unclaimed`))).toEqual([
      noticed.orderNo,
      usdt.orderNo,
    ]);
    const rows = (await queue(byMember)) as AdminDepositQueueRow[];
    expect(rows.find((item) => item.orderNo === bank.orderNo)).toMatchObject({
      claimedBy: bob.username,
      onHold: true,
      holdReason: 'slip',
      channelType: 'bank',
    });
  });
});

describe('refusals', () => {
  it('refuses bad input with a code and changes nothing', async () => {
    const { orderNo } = await freshOrder();
    for (const [action, body] of [
      ['hold', {}],
      ['hold', { reason: '' }],
      ['hold', { reason: 'x'.repeat(201) }],
      ['notes', { body: '  ' }],
      ['notes', { body: 'x'.repeat(1001) }],
      ['claim', { takeover: 1 }],
    ] as const) {
      const answer = await call(alice, 'POST', orderUrl(orderNo, action), body);
      expect(answer.body.data, `${action} ${JSON.stringify(body)}`).toBe('validation');
    }
    for (const query of [
      'claim=all',
      'channelType=card',
      'amountMax=-1',
      'amountMin=5&amountMax=4.99',
      'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      'page=0',
      'pageSize=500',
      'order=sideways',
    ]) {
      expect((await call(alice, 'GET', `/admin/api/deposits?${query}`)).body.data, query).toBe(
        'validation',
      );
    }
    const unknown = await call(alice, 'POST', orderUrl('D20250101000000000000', 'claim'), {});
    expect(unknown).toMatchObject({ statusCode: 404, body: { data: 'not_found' } });
    expect((await call(alice, 'GET', orderUrl('bad-number'))).body.data).toBe('validation');
    expect(await row(orderNo)).toMatchObject({ claimedBy: null, onHold: false, notesCount: 0 });
    expect(await actions(orderNo)).toEqual([]);
  });

  it('answers 403 to a role without the permission and missing to another brand', async () => {
    const { orderNo } = await freshOrder();
    const marketing = await createOperator(h.harness, { role: 'marketing' });
    const outsider = await createOperator(h.harness, { role: 'finance', brands: ['lumen'] });
    const calls = [
      ['GET', '/admin/api/deposits', undefined],
      ['GET', orderUrl(orderNo), undefined],
      ['POST', orderUrl(orderNo, 'claim'), {}],
      ['POST', orderUrl(orderNo, 'release'), {}],
      ['POST', orderUrl(orderNo, 'hold'), { reason: 'probe' }],
      ['POST', orderUrl(orderNo, 'notes'), { body: 'probe' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect(await call(marketing, method, url, body), `${method} ${url}`).toMatchObject({
        statusCode: 403,
        body: { data: 'forbidden' },
      });
    }
    for (const [method, url, body] of calls.slice(1)) {
      expect(await call(outsider, method, url, body), `${method} ${url}`).toMatchObject({
        statusCode: 404,
        body: { data: 'not_found' },
      });
    }
    expect((await call(outsider, 'GET', '/admin/api/deposits?brand=jinsheng')).body.data).toBe(
      'forbidden',
    );
    expect(await row(orderNo)).toMatchObject({ claimedBy: null, notesCount: 0 });
    expect(await actions(orderNo)).toEqual([]);
  });
});
