import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDepositOrder, DepositOrder } from '@lobby/contracts';
import { journalEntries } from '../ledger/ledger.schema.ts';
import { depositOrders } from './deposit.schema.ts';
import { signGatewayFields } from './gateway.ts';
import {
  createDepositHarness,
  gatewayCredentials,
  memberGet,
  memberPost,
  newKey,
  type DepositHarness,
} from './deposit.test-support.ts';
import { outstandingTurnover } from '../turnover/turnover.ts';

/**
 * Confirmation: the sandbox gateway's page and signed callback, the operator's confirm and
 * reject, races between them, turnover, and the ledger proving itself at the end.
 */
let h: DepositHarness;
let operator: { token: string; username: string };

beforeAll(async () => {
  h = await createDepositHarness();
  operator = await h.newOperator();
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const app = () => h.harness.app;

async function openOrder(
  member: { token: string },
  fields: Record<string, string> = { channel: 'online', amount: '100' },
): Promise<DepositOrder> {
  const answer = await memberPost(app(), member.token, '/api/f/v1/deposit', {
    idempotencyKey: newKey(),
    ...fields,
  });
  if (!answer.body.status) throw new Error(`deposit refused: ${String(answer.body.data)}`);
  return answer.body.data as DepositOrder;
}

async function walletOf(member: { id: bigint }): Promise<bigint> {
  return (await h.ledger.balances('jinsheng', member.id, 'CNY')).walletMinor;
}

async function entriesOf(orderNo: string): Promise<number> {
  const rows = await h.harness.database.db
    .select({ total: count() })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.brandCode, 'jinsheng'),
        eq(journalEntries.idempotencyKey, `deposit:${orderNo}`),
      ),
    );
  return Number(rows[0]?.total ?? 0);
}

async function signedCallback(
  order: { orderNo: string; amount: string },
  overrides: Record<string, string> = {},
  brandCode = 'jinsheng',
): Promise<Record<string, string>> {
  const { merchantId, secret } = await gatewayCredentials(h.harness, brandCode);
  const fields: Record<string, string> = {
    merchantId,
    orderNo: order.orderNo,
    amount: order.amount,
    tradeNo: `T${Date.now()}`,
    status: 'paid',
    paidAt: new Date().toISOString(),
    ...overrides,
  };
  return { ...fields, sign: signGatewayFields(fields, secret) };
}

async function callback(body: Record<string, string>, form = false) {
  const response = await app().inject({
    method: 'POST',
    url: '/api/payment/callback/sandbox',
    ...(form
      ? {
          payload: new URLSearchParams(body).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : { payload: body }),
  });
  return { statusCode: response.statusCode, body: response.json<{ data: unknown }>() };
}

async function admin(method: 'GET' | 'POST', url: string, body?: object, token = operator.token) {
  const response = await app().inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body }),
  });
  return { statusCode: response.statusCode, body: response.json<{ data: unknown }>() };
}

describe('the sandbox gateway', () => {
  it('serves a self-contained Chinese pay page with the amount, the order and two buttons', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'online', amount: '123.45' });
    const page = await app().inject({ method: 'GET', url: order.payUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(order.orderNo);
    expect(page.body).toContain('¥123.45');
    expect(page.body).toContain('支付成功');
    expect(page.body).toContain('取消');
    expect(page.body).toContain(`action="/sandbox/pay/${order.orderNo}/complete"`);
    // No external assets, no script, no secret.
    expect(page.body).not.toMatch(/<script|https?:\/\/|src=/);
    const { secret } = await gatewayCredentials(h.harness);
    expect(page.body).not.toContain(secret);
  });

  it('pays: the gateway notifies our callback, then the browser goes back to the deposit screen', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'online', amount: '250' });
    const paid = await app().inject({
      method: 'POST',
      url: `/sandbox/pay/${order.orderNo}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/finance/deposit?orderNo=${order.orderNo}`);
    expect(await walletOf(member)).toBe(25_000n);
    const seen = await memberGet(
      app(),
      member.token,
      `/api/f/v1/deposit/order?orderNo=${order.orderNo}`,
    );
    expect(seen.body.data).toMatchObject({ status: 'confirmed', decidedAt: expect.any(String) });
    // The brand's default multiplier is 100%: the deposit is to be bet once.
    expect(await outstandingTurnover(h.harness.database.db, 'jinsheng', member.id, 'CNY')).toBe(
      25_000n,
    );

    // Paying again (a double click, a back button) moves nothing.
    const again = await app().inject({
      method: 'POST',
      url: `/sandbox/pay/${order.orderNo}/complete`,
    });
    expect(again.statusCode).toBe(303);
    expect(await walletOf(member)).toBe(25_000n);
    expect(await entriesOf(order.orderNo)).toBe(1);
    const after = await app().inject({ method: 'GET', url: `/sandbox/pay/${order.orderNo}` });
    expect(after.body).toContain('已支付');
    expect(after.body).not.toContain('支付成功');
  });

  it('answers an HTML not-found page for unknown or non-online orders', async () => {
    const member = await h.newMember();
    const bank = await openOrder(member, { channel: 'bank', amount: '100', payerName: '张三' });
    for (const url of [
      '/sandbox/pay/D20250101000000000000',
      `/sandbox/pay/${bank.orderNo}`,
      '/sandbox/pay/%3Cscript%3E',
    ]) {
      const page = await app().inject({ method: 'GET', url });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('订单不存在');
      expect(page.body).not.toContain('<script>');
      const complete = await app().inject({ method: 'POST', url: `${url}/complete` });
      expect(complete.statusCode).toBe(404);
    }
    expect(await walletOf(member)).toBe(0n);
  });

  it('shows the refusal when a rejected order is paid, and credits nothing', async () => {
    const member = await h.newMember();
    const order = await openOrder(member);
    await h.deposits.reject(order.orderNo, 'operator:test', 'expired');
    const paid = await app().inject({
      method: 'POST',
      url: `/sandbox/pay/${order.orderNo}/complete`,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain('该订单已处理');
    expect(await walletOf(member)).toBe(0n);
  });
});

describe('POST /api/payment/callback/sandbox', () => {
  it('confirms a signed notification once, as JSON or as a form', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'online', amount: '77.70' });
    const body = await signedCallback(order);
    const first = await callback(body);
    expect(first).toEqual({
      statusCode: 200,
      body: { status: true, data: { orderNo: order.orderNo, status: 'confirmed' } },
    });
    const repeated = await callback(body, true);
    expect(repeated.body).toEqual(first.body);
    expect(await walletOf(member)).toBe(7_770n);
    expect(await entriesOf(order.orderNo)).toBe(1);
  });

  it('refuses a bad signature, an unknown merchant, a missing sign; nothing changes', async () => {
    const member = await h.newMember();
    const order = await openOrder(member);
    const body = await signedCallback(order);
    const cases: [Record<string, string>, number, string][] = [
      [{ ...body, sign: 'f'.repeat(64) }, 401, 'gateway_signature'],
      [{ ...body, amount: '1000000.00' }, 401, 'gateway_signature'],
      [{ ...body, sign: body.sign?.slice(0, 63) ?? '' }, 400, 'validation'],
      [{ ...body, merchantId: 'SBX-nobody' }, 401, 'gateway_signature'],
      [
        { ...(await signedCallback(order, {}, 'longteng')), merchantId: body.merchantId ?? '' },
        401,
        'gateway_signature',
      ],
      [
        Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'sign')),
        400,
        'validation',
      ],
      [{ ...body, status: 'refunded' }, 400, 'validation'],
    ];
    for (const [payload, statusCode, code] of cases) {
      const answer = await callback(payload);
      expect({ statusCode: answer.statusCode, data: answer.body.data }).toEqual({
        statusCode,
        data: code,
      });
    }
    const malformed = await app().inject({
      method: 'POST',
      url: '/api/payment/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"orderNo":',
    });
    expect(malformed.json()).toMatchObject({ data: 'malformed_body' });
    const text = await app().inject({
      method: 'POST',
      url: '/api/payment/callback/sandbox',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(await walletOf(member)).toBe(0n);
    expect((await h.deposits.memberOrder(await brand(), member.id, order.orderNo)).status).toBe(
      'pending',
    );
  });

  it('answers not_found for unknown orders, other brands’ orders and non-online orders', async () => {
    const member = await h.newMember();
    const bank = await openOrder(member, { channel: 'bank', amount: '100', payerName: '张三' });
    const unknown = await callback(
      await signedCallback({ orderNo: 'D20250101000000000000', amount: '100.00' }),
    );
    expect(unknown).toMatchObject({ statusCode: 404, body: { data: 'not_found' } });
    const notOnline = await callback(await signedCallback(bank));
    expect(notOnline.body.data).toBe('not_found');

    const online = await openOrder(member);
    // Signed correctly, but by another brand's merchant.
    const foreign = await callback(await signedCallback(online, {}, 'longteng'));
    expect(foreign.body.data).toBe('not_found');
    expect(await walletOf(member)).toBe(0n);
  });

  it('refuses an amount that is not the order’s; a failed payment changes nothing', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'online', amount: '100' });
    for (const amount of ['100.01', '99.99', '1e2', 'abc', '-100']) {
      const answer = await callback(await signedCallback({ ...order, amount }));
      expect(answer).toMatchObject({ statusCode: 400, body: { data: 'gateway_amount_mismatch' } });
    }
    const failed = await callback(await signedCallback(order, { status: 'failed' }));
    expect(failed.body).toEqual({
      status: true,
      data: { orderNo: order.orderNo, status: 'pending' },
    });
    expect(await walletOf(member)).toBe(0n);
    // The same amount written another way is the same amount.
    const ok = await callback(await signedCallback({ ...order, amount: '100' }));
    expect(ok.body.data).toEqual({ orderNo: order.orderNo, status: 'confirmed' });
    expect(await walletOf(member)).toBe(10_000n);
  });
});

async function brand() {
  const found = app().brands.get('jinsheng');
  if (!found) throw new Error('no brand');
  return found;
}

describe('operator review', () => {
  it('lists orders by status and brand with the member', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'bank', amount: '100', payerName: '张三' });
    const pending = await admin(
      'GET',
      '/admin/api/deposits?status=pending&brand=jinsheng&limit=500',
    );
    expect(pending.statusCode).toBe(200);
    const row = (pending.body.data as AdminDepositOrder[]).find(
      (candidate) => candidate.orderNo === order.orderNo,
    );
    expect(row).toMatchObject({
      brandCode: 'jinsheng',
      memberId: String(member.id),
      username: member.username,
      status: 'pending',
      amount: '100.00',
      details: { payerName: '张三' },
    });
    const otherBrand = await admin('GET', '/admin/api/deposits?status=pending&brand=longteng');
    expect(
      (otherBrand.body.data as AdminDepositOrder[]).some((item) => item.orderNo === order.orderNo),
    ).toBe(false);
    const everyBrand = await admin('GET', '/admin/api/deposits?brand=&limit=5');
    expect((everyBrand.body.data as unknown[]).length).toBeLessThanOrEqual(5);
  });

  it('confirms once: the member is credited, the turnover added, and the action logged', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'bank', amount: '1000', payerName: '张三' });
    const confirmed = await admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`, {
      reason: '已到账',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      orderNo: order.orderNo,
      status: 'confirmed',
      // Shown by username; recorded by id, as the ledger's actor names them.
      decidedBy: operator.username,
      reason: '已到账',
      ledgerEntryId: expect.stringMatching(/^\d+$/),
    });
    const [stored] = await h.harness.database.db
      .select({ decidedBy: depositOrders.decidedBy })
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, order.orderNo));
    expect(stored?.decidedBy).toMatch(/^operator:\d+$/);
    expect(await walletOf(member)).toBe(100_000n);
    expect(await outstandingTurnover(h.harness.database.db, 'jinsheng', member.id, 'CNY')).toBe(
      100_000n,
    );

    // A second confirmation (no body at all) answers the same order and moves nothing.
    const again = await admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`);
    expect(again.body.data).toMatchObject({ status: 'confirmed' });
    expect(await walletOf(member)).toBe(100_000n);
    expect(await outstandingTurnover(h.harness.database.db, 'jinsheng', member.id, 'CNY')).toBe(
      100_000n,
    );

    const log = await admin(
      'GET',
      `/admin/api/actions?targetType=deposit_order&targetId=${order.orderNo}`,
    );
    expect(log.body.data).toEqual([
      expect.objectContaining({
        action: 'deposit_confirm',
        details: expect.objectContaining({ replayed: true }),
      }),
      expect.objectContaining({
        operator: operator.username,
        action: 'deposit_confirm',
        brandCode: 'jinsheng',
        reason: '已到账',
        details: { amountMinor: '100000', currency: 'CNY', replayed: false },
      }),
    ]);

    // Rejecting a confirmed order is refused: its money has moved.
    const reject = await admin('POST', `/admin/api/deposits/${order.orderNo}/reject`, {
      reason: 'too late',
    });
    expect(reject.statusCode).toBe(409);
    expect(reject.body.data).toBe('deposit_not_pending');
    expect(await walletOf(member)).toBe(100_000n);
  });

  it('rejects with a reason; a rejected order cannot be confirmed', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'bank', amount: '100', payerName: '张三' });
    const noReason = await admin('POST', `/admin/api/deposits/${order.orderNo}/reject`, {});
    expect(noReason.body.data).toBe('validation');
    const blank = await admin('POST', `/admin/api/deposits/${order.orderNo}/reject`, {
      reason: '  ',
    });
    expect(blank.body.data).toBe('validation');
    const rejected = await admin('POST', `/admin/api/deposits/${order.orderNo}/reject`, {
      reason: '付款人不符',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: '付款人不符' });
    const confirm = await admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`, {});
    expect(confirm).toMatchObject({ statusCode: 409, body: { data: 'deposit_not_pending' } });
    const twice = await admin('POST', `/admin/api/deposits/${order.orderNo}/reject`, {
      reason: 'again',
    });
    expect(twice.body.data).toBe('deposit_not_pending');
    expect(await walletOf(member)).toBe(0n);
    expect(await entriesOf(order.orderNo)).toBe(0);
    const seen = await memberGet(
      app(),
      member.token,
      `/api/f/v1/deposit/order?orderNo=${order.orderNo}`,
    );
    expect(seen.body.data).toMatchObject({ status: 'rejected' });
    const log = await admin(
      'GET',
      `/admin/api/actions?targetType=deposit_order&targetId=${order.orderNo}`,
    );
    expect(log.body.data).toEqual([
      expect.objectContaining({ action: 'deposit_reject', reason: '付款人不符' }),
    ]);
  });

  it('refuses bad input and callers without an operator session', async () => {
    const member = await h.newMember();
    const order = await openOrder(member);
    expect((await admin('GET', '/admin/api/deposits?limit=0')).body.data).toBe('validation');
    expect((await admin('GET', '/admin/api/deposits?limit=501')).body.data).toBe('validation');
    expect((await admin('GET', '/admin/api/deposits?status=paid')).body.data).toBe('validation');
    expect((await admin('GET', '/admin/api/deposits?brand=NOT_A_BRAND')).body.data).toBe(
      'validation',
    );
    expect(
      (await admin('POST', '/admin/api/deposits/D20250101000000000000/confirm', {})).body.data,
    ).toBe('not_found');
    expect((await admin('POST', '/admin/api/deposits/bad-number/confirm', {})).body.data).toBe(
      'validation',
    );
    expect(
      (
        await admin('POST', `/admin/api/deposits/${order.orderNo}/reject`, {
          reason: 'r'.repeat(201),
        })
      ).body.data,
    ).toBe('validation');
    expect(
      (await admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`, { reason: 5 })).body
        .data,
    ).toBe('validation');
    for (const token of ['', 'x'.repeat(43), member.token]) {
      const answer = await admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`, {}, token);
      expect(answer).toMatchObject({ statusCode: 401, body: { data: 'operator_token' } });
    }
    const guestList = await admin('GET', '/admin/api/deposits', undefined, '');
    expect(guestList.body.data).toBe('operator_token');
    expect(await walletOf(member)).toBe(0n);
    expect((await h.deposits.memberOrder(await brand(), member.id, order.orderNo)).status).toBe(
      'pending',
    );
  });
});

describe('races', () => {
  it('ten parallel confirmations credit once', async () => {
    const member = await h.newMember();
    const order = await openOrder(member, { channel: 'online', amount: '321.09' });
    const body = await signedCallback(order);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`, {}),
      ),
      ...Array.from({ length: 3 }, () => callback(body)),
      ...Array.from({ length: 3 }, () =>
        h.deposits.confirm(order.orderNo, {
          actor: { type: 'system', id: 'test' },
          decidedBy: 'test',
        }),
      ),
    ]);
    expect(answers).toHaveLength(10);
    for (const answer of answers.slice(0, 7)) {
      expect((answer as { statusCode: number }).statusCode).toBe(200);
    }
    expect(await walletOf(member)).toBe(32_109n);
    expect(await entriesOf(order.orderNo)).toBe(1);
    expect(await outstandingTurnover(h.harness.database.db, 'jinsheng', member.id, 'CNY')).toBe(
      32_109n,
    );
  });

  it('confirm against reject: exactly one wins, and the money follows the winner', async () => {
    for (let round = 0; round < 6; round++) {
      const member = await h.newMember();
      const order = await openOrder(member, { channel: 'bank', amount: '100', payerName: '张三' });
      const confirm = admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`, {});
      const reject = admin('POST', `/admin/api/deposits/${order.orderNo}/reject`, {
        reason: 'race',
      });
      const [confirmed, rejected] =
        round % 2 === 0
          ? await Promise.all([confirm, reject])
          : (await Promise.all([reject, confirm])).reverse();
      const winners = [confirmed, rejected].filter((answer) => answer?.statusCode === 200);
      expect(winners).toHaveLength(1);
      const loser = [confirmed, rejected].find((answer) => answer?.statusCode !== 200);
      expect(loser?.body.data).toBe('deposit_not_pending');
      const final = await h.deposits.memberOrder(await brand(), member.id, order.orderNo);
      if (confirmed?.statusCode === 200) {
        expect(final.status).toBe('confirmed');
        expect(await walletOf(member)).toBe(10_000n);
      } else {
        expect(final.status).toBe('rejected');
        expect(await walletOf(member)).toBe(0n);
        expect(await entriesOf(order.orderNo)).toBe(0);
      }
    }
  });

  it('a member’s several deposits confirmed at once all land, turnover adding up', async () => {
    const member = await h.newMember();
    const orders = await Promise.all(
      ['100', '200', '300', '400'].map((amount) =>
        openOrder(member, { channel: 'online', amount }),
      ),
    );
    await Promise.all(
      orders.map((order) => admin('POST', `/admin/api/deposits/${order.orderNo}/confirm`, {})),
    );
    expect(await walletOf(member)).toBe(100_000n);
    expect(await outstandingTurnover(h.harness.database.db, 'jinsheng', member.id, 'CNY')).toBe(
      100_000n,
    );
  });
});
