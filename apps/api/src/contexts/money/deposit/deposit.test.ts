import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannel, DepositOrder } from '@lobby/contracts';
import { errorMessage } from '@lobby/i18n';
import { insertChannelIfAbsent } from './deposit.repository.ts';
import {
  createDepositHarness,
  memberGet,
  memberPost,
  newKey,
  type DepositHarness,
} from './deposit.test-support.ts';

/**
 * The member's side of deposits through the API on a real database: channels, orders of each
 * channel, idempotency, the bank-transfer notice, the lists, and bad input that changes nothing.
 */
let h: DepositHarness;

beforeAll(async () => {
  h = await createDepositHarness();
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const app = () => h.harness.app;

async function deposit(token: string, fields: Record<string, string>) {
  return memberPost(app(), token, '/api/f/v1/deposit', { idempotencyKey: newKey(), ...fields });
}

async function expectNothingChanged(member: { id: bigint }, orders = 0) {
  expect(await h.orderCount(member.id)).toBe(orders);
  expect(await h.ledger.balances('jinsheng', member.id, 'CNY')).toEqual({
    walletMinor: 0n,
    lockedMinor: 0n,
    platformsMinor: 0n,
  });
}

describe('OpenAPI', () => {
  it('documents the deposit endpoints from their schemas', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/f/v1/deposit/channels',
        '/api/f/v1/deposit',
        '/api/f/v1/deposit/notice',
        '/api/f/v1/deposit/orders',
        '/api/f/v1/deposit/order',
        '/api/payment/callback/sandbox',
        '/admin/api/deposits',
        '/admin/api/deposits/{orderNo}/confirm',
        '/admin/api/deposits/{orderNo}/reject',
        '/sandbox/chain/transfer',
      ]),
    );
  });
});

describe('GET /api/f/v1/deposit/channels', () => {
  it("lists the brand's enabled channels in order, with limits and public settings only", async () => {
    const member = await h.newMember();
    await insertChannelIfAbsent(h.harness.database.db, {
      brandCode: 'jinsheng',
      code: `off${randomUUID().slice(0, 8)}`,
      type: 'bank',
      name: 'disabled',
      currency: 'CNY',
      minMinor: 100n,
      maxMinor: 200n,
      enabled: false,
      sort: 0,
    });
    const answer = await memberGet(app(), member.token, '/api/f/v1/deposit/channels');
    expect(answer.statusCode).toBe(200);
    const channels = answer.body.data as DepositChannel[];
    expect(channels.map((channel) => channel.code)).toEqual(['bank', 'online', 'usdt']);
    expect(channels[0]).toMatchObject({
      type: 'bank',
      currency: 'CNY',
      min: '100.00',
      max: '50000.00',
      settings: { card: { bankName: '中国工商银行', accountName: expect.any(String) } },
    });
    expect(channels[1]).toEqual({
      code: 'online',
      type: 'online',
      name: '在线支付',
      currency: 'CNY',
      min: '50.00',
      max: '20000.00',
      sort: 2,
      settings: { gateway: 'sandbox' },
    });
    expect(channels[2]).toMatchObject({
      type: 'usdt',
      settings: {
        protocols: [
          { id: 1, name: 'TRC20' },
          { id: 2, name: 'ERC20' },
        ],
        rate: '7.20',
        confirmations: 3,
      },
    });
    // The gateway secret never reaches a browser.
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/secret|merchantId/i);
  });

  it('answers data "token" to guests and to a session of another brand', async () => {
    expect((await memberGet(app(), '', '/api/f/v1/deposit/channels')).body.data).toBe('token');
    const member = await h.newMember();
    const other = await memberGet(app(), member.token, '/api/f/v1/deposit/channels', {
      site_code: 'longteng',
    });
    expect(other.statusCode).toBe(401);
    expect(other.body.data).toBe('token');
  });

  it('seeding again adds nothing', async () => {
    const { seedDepositChannels } = await import('./deposit.seed.ts');
    expect(await seedDepositChannels(h.harness.database.db)).toBe(0);
  });
});

describe('POST /api/f/v1/deposit', () => {
  it('opens a bank-transfer order with the card to pay to', async () => {
    const member = await h.newMember();
    const answer = await deposit(member.token, {
      channel: 'bank',
      amount: '100',
      payerName: '张三',
    });
    expect(answer.statusCode).toBe(200);
    const order = answer.body.data as DepositOrder;
    expect(order).toMatchObject({
      status: 'pending',
      channel: 'bank',
      channelType: 'bank',
      channelName: '银行转账',
      currency: 'CNY',
      amount: '100.00',
      decidedAt: null,
      card: { bankCode: 'icbc', cardNumber: expect.stringMatching(/^6222 /) },
    });
    expect(order.orderNo).toMatch(/^D\d{8}\d{12}$/);
    expect(order.payUrl).toBeUndefined();
    expect(await h.orderCount(member.id)).toBe(1);
  });

  it('opens an online order with the gateway pay address', async () => {
    const member = await h.newMember();
    const answer = await deposit(member.token, { channel: 'online', amount: '88.8' });
    const order = answer.body.data as DepositOrder;
    expect(order).toMatchObject({ status: 'pending', amount: '88.80', channelType: 'online' });
    expect(order.payUrl).toBe(`/sandbox/pay/${order.orderNo}`);
  });

  it('opens a USDT order with the member’s address (made once per protocol) and coin amount', async () => {
    const member = await h.newMember();
    const first = (await deposit(member.token, { channel: 'usdt', amount: '100', protocol: '1' }))
      .body.data as DepositOrder;
    expect(first.coin).toEqual({
      protocol: 1,
      protocolName: 'TRC20',
      address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
      currency: 'USDT',
      // 100.00 / 7.20 = 13.8888..., rounded up so paying it credits at least 100.00.
      amount: '13.888889',
      rate: '7.20',
    });
    const second = (await deposit(member.token, { channel: 'usdt', amount: '720', protocol: '1' }))
      .body.data as DepositOrder;
    expect(second.coin?.address).toBe(first.coin?.address);
    expect(second.coin?.amount).toBe('100.000000');
    const erc = (await deposit(member.token, { channel: 'usdt', amount: '200', protocol: '2' }))
      .body.data as DepositOrder;
    expect(erc.coin?.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(erc.coin?.protocolName).toBe('ERC20');

    const someoneElse = await h.newMember();
    const theirs = (
      await deposit(someoneElse.token, { channel: 'usdt', amount: '100', protocol: '1' })
    ).body.data as DepositOrder;
    expect(theirs.coin?.address).not.toBe(first.coin?.address);
  });

  it('takes JSON as well as a form', async () => {
    const member = await h.newMember();
    const response = await app().inject({
      method: 'POST',
      url: '/api/f/v1/deposit',
      headers: { t: member.token },
      payload: { channel: 'usdt', amount: '150.00', protocol: 2, idempotencyKey: newKey() },
    });
    expect(response.json()).toMatchObject({ status: true, data: { amount: '150.00' } });
  });

  it('is idempotent per member and key: same body, same order; other body, a conflict', async () => {
    const member = await h.newMember();
    const idempotencyKey = newKey();
    const fields = { channel: 'bank', amount: '500', payerName: '李四', idempotencyKey };
    const first = await memberPost(app(), member.token, '/api/f/v1/deposit', fields);
    const again = await memberPost(app(), member.token, '/api/f/v1/deposit', {
      ...fields,
      amount: '500.00',
    });
    expect(again.body.data).toEqual(first.body.data);

    const conflict = await memberPost(app(), member.token, '/api/f/v1/deposit', {
      ...fields,
      amount: '501',
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body.data).toBe('idempotency_conflict');
    expect(await h.orderCount(member.id)).toBe(1);

    // Another member may use the same key for an order of their own.
    const other = await h.newMember();
    const theirs = await memberPost(app(), other.token, '/api/f/v1/deposit', fields);
    expect((theirs.body.data as DepositOrder).orderNo).not.toBe(
      (first.body.data as DepositOrder).orderNo,
    );
  });

  it('makes one order of ten parallel requests with one key', async () => {
    const member = await h.newMember();
    const fields = { channel: 'online', amount: '60', idempotencyKey: newKey() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        memberPost(app(), member.token, '/api/f/v1/deposit', fields),
      ),
    );
    const numbers = new Set(answers.map((answer) => (answer.body.data as DepositOrder).orderNo));
    expect(numbers.size).toBe(1);
    expect(await h.orderCount(member.id)).toBe(1);
  });

  it.each([
    ['1e3', 'deposit_amount_invalid'],
    ['-5', 'deposit_amount_invalid'],
    ['0.001', 'deposit_amount_invalid'],
    ['abc', 'deposit_amount_invalid'],
    ['', 'deposit_amount_invalid'],
    ['0', 'deposit_amount_invalid'],
    ['0.00', 'deposit_amount_invalid'],
    ['1,000', 'deposit_amount_invalid'],
    ['12.5.1', 'deposit_amount_invalid'],
    ['Infinity', 'deposit_amount_invalid'],
    ['99999999999999999999999', 'deposit_amount_invalid'],
    // The wire form only: the forms send "100.00", never what a member typed around it.
    [' 100 ', 'deposit_amount_invalid'],
    ['100.', 'deposit_amount_invalid'],
    ['.5', 'deposit_amount_invalid'],
    ['99.99', 'deposit_amount_out_of_range'],
    ['50000.01', 'deposit_amount_out_of_range'],
    ['9'.repeat(65), 'validation'],
  ])('refuses the amount %j with %s and changes nothing', async (amount, code) => {
    const member = await h.newMember();
    const answer = await deposit(member.token, { channel: 'bank', amount, payerName: '张三' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.data).toBe(code);
    await expectNothingChanged(member);
  });

  it('names the limits when an amount is out of range, in the request language', async () => {
    const member = await h.newMember();
    const answer = await memberPost(
      app(),
      member.token,
      '/api/f/v1/deposit',
      { channel: 'online', amount: '20000.01', idempotencyKey: newKey() },
      { lang: 'en' },
    );
    expect(answer.body.message).toBe(
      errorMessage('deposit_amount_out_of_range', 'en', { min: '50.00', max: '20000.00' }),
    );
    expect(answer.body.message).toContain('50.00');
    expect(answer.body.message).toContain('20000.00');
  });

  it.each<[string, Record<string, string>, string, string?]>([
    ['no channel', { amount: '100' }, 'validation', 'channel'],
    ['an unknown channel', { channel: 'paypal', amount: '100' }, 'deposit_channel_unavailable'],
    ['a huge channel', { channel: 'x'.repeat(1000), amount: '100' }, 'validation', 'channel'],
    ['no amount', { channel: 'online' }, 'validation', 'amount'],
    [
      'no payer name for a bank transfer',
      { channel: 'bank', amount: '100' },
      'validation',
      'payerName',
    ],
    [
      'a huge payer name',
      { channel: 'bank', amount: '100', payerName: '张'.repeat(61) },
      'validation',
      'payerName',
    ],
    ['no protocol for USDT', { channel: 'usdt', amount: '100' }, 'validation', 'protocol'],
    [
      'an unknown protocol',
      { channel: 'usdt', amount: '100', protocol: '3' },
      'validation',
      'protocol',
    ],
    [
      'a protocol that is no number',
      { channel: 'usdt', amount: '100', protocol: 'TRC20' },
      'validation',
      'protocol',
    ],
  ])('refuses %s and changes nothing', async (_name, fields, code, path) => {
    const member = await h.newMember();
    const answer = await deposit(member.token, fields);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.data).toBe(code);
    if (path) expect(answer.body.fields?.map((field) => field.path)).toContain(path);
    await expectNothingChanged(member);
  });

  it.each([
    ['missing', undefined],
    ['too short', 'abc'],
    ['too long', 'k'.repeat(65)],
    ['with spaces', 'key with spaces'],
  ])('refuses an idempotency key that is %s', async (_name, idempotencyKey) => {
    const member = await h.newMember();
    const fields: Record<string, string> = { channel: 'online', amount: '100' };
    if (idempotencyKey !== undefined) fields.idempotencyKey = idempotencyKey;
    const answer = await memberPost(app(), member.token, '/api/f/v1/deposit', fields);
    expect(answer.body.data).toBe('validation');
    expect(answer.body.fields?.map((field) => field.path)).toContain('idempotencyKey');
    await expectNothingChanged(member);
  });

  it('refuses wrong types, repeated fields and a wrong content type', async () => {
    const member = await h.newMember();
    const json = await app().inject({
      method: 'POST',
      url: '/api/f/v1/deposit',
      headers: { t: member.token },
      payload: { channel: 'online', amount: 100, idempotencyKey: newKey() },
    });
    expect(json.json()).toMatchObject({ status: false, data: 'validation' });

    const repeated = await app().inject({
      method: 'POST',
      url: '/api/f/v1/deposit',
      headers: { t: member.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `channel=online&amount=100&amount=200&idempotencyKey=${newKey()}`,
    });
    expect(repeated.json()).toMatchObject({ status: false, data: 'validation' });

    const text = await app().inject({
      method: 'POST',
      url: '/api/f/v1/deposit',
      headers: { t: member.token, 'content-type': 'text/plain' },
      payload: 'channel=online&amount=100',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ status: false, data: 'unsupported_media_type' });

    const malformed = await app().inject({
      method: 'POST',
      url: '/api/f/v1/deposit',
      headers: { t: member.token, 'content-type': 'application/json' },
      payload: '{"channel":',
    });
    expect(malformed.json()).toMatchObject({ status: false, data: 'malformed_body' });
    await expectNothingChanged(member);
  });

  it('answers data "token" to a guest, even with a malformed body', async () => {
    const guest = await app().inject({
      method: 'POST',
      url: '/api/f/v1/deposit',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ status: false, data: 'token' });
    const bogus = await memberPost(app(), 'x'.repeat(43), '/api/f/v1/deposit', {
      channel: 'online',
      amount: '100',
      idempotencyKey: newKey(),
    });
    expect(bogus.body.data).toBe('token');
  });
});

describe('POST /api/f/v1/deposit/notice', () => {
  async function bankOrder(member: { token: string }) {
    const answer = await deposit(member.token, {
      channel: 'bank',
      amount: '300',
      payerName: '王五',
    });
    return answer.body.data as DepositOrder;
  }

  it('records the transfer and moves the order to submitted', async () => {
    const member = await h.newMember();
    const order = await bankOrder(member);
    const answer = await memberPost(app(), member.token, '/api/f/v1/deposit/notice', {
      orderNo: order.orderNo,
      payerName: '王五',
      transferredAt: '2025-01-02T10:20:30+08:00',
      note: '工行手机银行',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      orderNo: order.orderNo,
      status: 'submitted',
      notice: {
        payerName: '王五',
        transferredAt: '2025-01-02T02:20:30.000Z',
        note: '工行手机银行',
      },
    });
    // A corrected notice while the order is still open replaces the first.
    const again = await memberPost(app(), member.token, '/api/f/v1/deposit/notice', {
      orderNo: order.orderNo,
      payerName: '王五',
      transferredAt: '2025-01-02T02:25:00Z',
    });
    expect(again.body.data).toMatchObject({
      status: 'submitted',
      notice: { transferredAt: '2025-01-02T02:25:00.000Z', note: '' },
    });
  });

  it.each<[string, Record<string, string>, string]>([
    ['no payer name', { transferredAt: '2025-01-02T02:25:00Z' }, 'payerName'],
    ['a time that is no time', { payerName: 'a', transferredAt: 'yesterday' }, 'transferredAt'],
    [
      'a time without an offset',
      { payerName: 'a', transferredAt: '2025-01-02 10:00' },
      'transferredAt',
    ],
    [
      'a time in the future',
      { payerName: 'a', transferredAt: '2999-01-01T00:00:00Z' },
      'transferredAt',
    ],
    [
      'a huge note',
      { payerName: 'a', transferredAt: '2025-01-02T02:25:00Z', note: 'n'.repeat(201) },
      'note',
    ],
  ])('refuses %s and changes nothing', async (_name, fields, path) => {
    const member = await h.newMember();
    const order = await bankOrder(member);
    const answer = await memberPost(app(), member.token, '/api/f/v1/deposit/notice', {
      orderNo: order.orderNo,
      ...fields,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.data).toBe('validation');
    expect(answer.body.fields?.map((field) => field.path)).toContain(path);
    const after = await memberGet(
      app(),
      member.token,
      `/api/f/v1/deposit/order?orderNo=${order.orderNo}`,
    );
    expect(after.body.data).toMatchObject({ status: 'pending' });
    expect((after.body.data as DepositOrder).notice).toBeUndefined();
  });

  it("answers not_found for another member's order or a malformed number", async () => {
    const owner = await h.newMember();
    const order = await bankOrder(owner);
    const intruder = await h.newMember();
    const fields = { payerName: 'x', transferredAt: '2025-01-02T02:25:00Z' };
    const stolen = await memberPost(app(), intruder.token, '/api/f/v1/deposit/notice', {
      orderNo: order.orderNo,
      ...fields,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body.data).toBe('not_found');
    const unknown = await memberPost(app(), owner.token, '/api/f/v1/deposit/notice', {
      orderNo: 'D20250101000000000000',
      ...fields,
    });
    expect(unknown.body.data).toBe('not_found');
    const malformed = await memberPost(app(), owner.token, '/api/f/v1/deposit/notice', {
      orderNo: "D1' or 1=1 --",
      ...fields,
    });
    expect(malformed.body.data).toBe('validation');
    const after = await memberGet(
      app(),
      owner.token,
      `/api/f/v1/deposit/order?orderNo=${order.orderNo}`,
    );
    expect(after.body.data).toMatchObject({ status: 'pending' });
  });

  it('takes notices for open bank orders only', async () => {
    const member = await h.newMember();
    const online = (await deposit(member.token, { channel: 'online', amount: '100' })).body
      .data as DepositOrder;
    const fields = { payerName: 'x', transferredAt: '2025-01-02T02:25:00Z' };
    const notBank = await memberPost(app(), member.token, '/api/f/v1/deposit/notice', {
      orderNo: online.orderNo,
      ...fields,
    });
    expect(notBank.body.data).toBe('deposit_notice_not_allowed');

    const order = await bankOrder(member);
    await h.deposits.reject(order.orderNo, 'operator:test', 'no such transfer');
    const closed = await memberPost(app(), member.token, '/api/f/v1/deposit/notice', {
      orderNo: order.orderNo,
      ...fields,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.body.data).toBe('deposit_not_pending');
  });

  it('answers data "token" to a guest', async () => {
    const answer = await memberPost(app(), '', '/api/f/v1/deposit/notice', {});
    expect(answer.body.data).toBe('token');
  });
});

describe('GET /api/f/v1/deposit/orders and /order', () => {
  it("lists the member's own orders, newest first, page by page, with their status", async () => {
    const member = await h.newMember();
    const made: DepositOrder[] = [];
    for (const amount of ['100', '200', '300']) {
      made.push(
        (await deposit(member.token, { channel: 'online', amount })).body.data as DepositOrder,
      );
    }
    await h.deposits.reject(made[0]?.orderNo ?? '', 'operator:test', 'test');
    const someoneElse = await h.newMember();
    await deposit(someoneElse.token, { channel: 'online', amount: '100' });

    const first = await memberGet(app(), member.token, '/api/f/v1/deposit/orders?pageSize=2');
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    const firstItems = (first.body.data as { items: DepositOrder[] }).items;
    expect(firstItems.map((order) => order.amount)).toEqual(['300.00', '200.00']);
    const second = await memberGet(
      app(),
      member.token,
      '/api/f/v1/deposit/orders?pageSize=2&page=2',
    );
    const secondItems = (second.body.data as { items: DepositOrder[] }).items;
    expect(secondItems.map((order) => [order.amount, order.status])).toEqual([
      ['100.00', 'rejected'],
    ]);
    const rejected = await memberGet(
      app(),
      member.token,
      '/api/f/v1/deposit/orders?status=rejected',
    );
    expect((rejected.body.data as { total: number }).total).toBe(1);

    const one = await memberGet(
      app(),
      member.token,
      `/api/f/v1/deposit/order?orderNo=${made[0]?.orderNo}`,
    );
    expect(one.body.data).toMatchObject({ orderNo: made[0]?.orderNo, status: 'rejected' });
    // A rejected online order no longer offers the pay page.
    expect((one.body.data as DepositOrder).payUrl).toBeUndefined();
  });

  it("answers not_found for another member's order", async () => {
    const owner = await h.newMember();
    const order = (await deposit(owner.token, { channel: 'online', amount: '100' })).body
      .data as DepositOrder;
    const intruder = await h.newMember();
    const answer = await memberGet(
      app(),
      intruder.token,
      `/api/f/v1/deposit/order?orderNo=${order.orderNo}`,
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.body.data).toBe('not_found');
    const list = await memberGet(app(), intruder.token, '/api/f/v1/deposit/orders');
    expect(list.body.data).toMatchObject({ items: [], total: 0 });
  });

  it.each([
    '/api/f/v1/deposit/orders?page=0',
    '/api/f/v1/deposit/orders?page=abc',
    '/api/f/v1/deposit/orders?pageSize=1000',
    '/api/f/v1/deposit/orders?status=paid',
    '/api/f/v1/deposit/order',
    '/api/f/v1/deposit/order?orderNo=',
    `/api/f/v1/deposit/order?orderNo=${'D'.repeat(300)}`,
  ])('answers validation to %s', async (url) => {
    const member = await h.newMember();
    const answer = await memberGet(app(), member.token, url);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.data).toBe('validation');
  });

  it('answers data "token" to a guest', async () => {
    expect((await memberGet(app(), '', '/api/f/v1/deposit/orders')).body.data).toBe('token');
    expect((await memberGet(app(), '', '/api/f/v1/deposit/order?orderNo=D1')).body.data).toBe(
      'token',
    );
  });
});
