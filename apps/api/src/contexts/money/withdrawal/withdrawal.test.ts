import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@lobby/i18n';
import { startOfDay } from '@lobby/time';
import { vipLevels } from '../../engagement/vip/vip.schema.ts';
import { turnoverRequirements } from '../turnover/turnover.schema.ts';
import { withdrawalOrders } from './withdrawal.schema.ts';
import { onPostgres } from '../../../test/database.ts';
import { get, post } from '../../../test/members.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import {
  addCard,
  createWalletTestApp,
  WITHDRAW_PASSWORD,
  type Member,
  type WalletTestApp,
} from './wallet-test-app.ts';

let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
});
afterAll(async () => {
  await harness.close();
});

type Order = {
  orderNo: string;
  amount: string;
  currency: string;
  status: string;
  reason: string | null;
  account: { id: string; account: string };
};
type AdminOrder = Order & {
  brand: string;
  username: string;
  decidedBy: string | null;
  account: { id: string; accountNumber: string; holderName: string; institutionName: string };
};

function withdraw(
  member: Member,
  fields: Partial<Record<'amount' | 'accountId' | 'withdrawPassword' | 'idempotencyKey', string>>,
) {
  return post(
    harness.app,
    '/api/f/v1/withdraw',
    {
      withdrawPassword: harness.enc(WITHDRAW_PASSWORD),
      idempotencyKey: randomUUID(),
      ...fields,
    },
    member.headers,
  );
}

async function admin(method: 'GET' | 'POST', url: string, body?: object) {
  const response = await harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
    ...(body === undefined ? {} : { payload: body }),
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown; message?: string }>(),
  };
}

async function ordersOf(member: Member) {
  return harness.database.db
    .select()
    .from(withdrawalOrders)
    .where(eq(withdrawalOrders.memberId, member.memberId));
}

/** A member with money, a card and no turnover owed, ready to withdraw. */
async function fundedMember(amountMinor: bigint, brand?: string) {
  const member = await harness.register(brand ? { brand } : {});
  await harness.deposit(member, amountMinor);
  const accountId = await addCard(harness.app, member);
  return { member, accountId };
}

describe('the withdrawal journey', () => {
  it('deposit -> password -> card -> withdraw (locked) -> approve (paid); another rejected (money back)', async () => {
    // Set up through the API like a member would: register, set the withdrawal password, add a card.
    const member = await harness.register({ withdrawPassword: null });
    await harness.deposit(member, 100_000n);
    await harness.database.db.insert(turnoverRequirements).values({
      brandCode: member.brand,
      memberId: member.memberId,
      currency: 'CNY',
      outstandingMinor: 0n,
    });
    const setPassword = await post(
      harness.app,
      '/api/findmed/v1/member/withdraw/password',
      {
        withdrawPassword: harness.enc(WITHDRAW_PASSWORD),
        confirmWithdrawPassword: harness.enc(WITHDRAW_PASSWORD),
      },
      member.headers,
    );
    expect(setPassword.body.status).toBe(true);
    const accountId = await addCard(harness.app, member);

    const first = await withdraw(member, { amount: '300.00', accountId });
    expect(first.body).toMatchObject({
      status: true,
      data: { amount: '300.00', currency: 'CNY', status: 'pending', reason: null },
    });
    const firstOrder = first.body.data as Order;
    expect(firstOrder.account.account).toMatch(/^6222 \*\*\*\* \*\*\*\* \d{4}$/);
    expect(await harness.balances(member)).toEqual({ walletMinor: 70_000n, lockedMinor: 30_000n });
    const balance = await get(harness.app, '/api/findmed/v1/member/balance', member.headers);
    expect(balance.body.data).toMatchObject({
      balance: '700.00',
      locked: '300.00',
      total: '1000.00',
    });

    const pending = await admin(
      'GET',
      `/admin/api/withdrawals?status=pending&brand=${member.brand}&limit=500`,
    );
    const listed = (pending.body.data as AdminOrder[]).find(
      (order) => order.orderNo === firstOrder.orderNo,
    );
    expect(listed).toMatchObject({
      username: member.username,
      brand: member.brand,
      amount: '300.00',
      status: 'pending',
      account: { holderName: '张三', institutionName: '中国工商银行' },
    });
    expect(listed?.account.accountNumber).toMatch(/^\d{16}$/);

    const approved = await admin('POST', `/admin/api/withdrawals/${firstOrder.orderNo}/approve`);
    expect(approved.body).toMatchObject({
      status: true,
      // The deciding operator by username (the harness's `cash…`), not the recorded id.
      data: { status: 'approved', decidedBy: expect.stringMatching(/^cash[0-9a-f]{8}$/) },
    });
    expect(await harness.balances(member)).toEqual({ walletMinor: 70_000n, lockedMinor: 0n });

    const second = await withdraw(member, { amount: '200', accountId });
    const secondOrder = second.body.data as Order;
    expect(await harness.balances(member)).toEqual({ walletMinor: 50_000n, lockedMinor: 20_000n });
    const rejected = await admin('POST', `/admin/api/withdrawals/${secondOrder.orderNo}/reject`, {
      reason: 'Card name does not match',
    });
    expect(rejected.body).toMatchObject({
      status: true,
      data: { status: 'rejected', reason: 'Card name does not match' },
    });
    expect(await harness.balances(member)).toEqual({ walletMinor: 70_000n, lockedMinor: 0n });

    const orders = await get(harness.app, '/api/f/v1/withdraw/orders', member.headers);
    expect(orders.body.data).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 20,
      items: [
        {
          orderNo: secondOrder.orderNo,
          status: 'rejected',
          reason: 'Card name does not match',
          amount: '200.00',
        },
        { orderNo: firstOrder.orderNo, status: 'approved', reason: null, amount: '300.00' },
      ],
    });
    const secondPage = await get(
      harness.app,
      '/api/f/v1/withdraw/orders?page=2&pageSize=1',
      member.headers,
    );
    expect(secondPage.body.data).toMatchObject({
      total: 2,
      page: 2,
      pageSize: 1,
      items: [{ orderNo: firstOrder.orderNo }],
    });

    const log = await admin(
      'GET',
      `/admin/api/actions?targetType=withdrawal&targetId=${secondOrder.orderNo}`,
    );
    expect(log.body.data).toMatchObject([
      { action: 'withdrawal_reject', reason: 'Card name does not match', brandCode: member.brand },
    ]);
  });

  it('answers a retry with the same key and body with the same order, and moves money once', async () => {
    const { member, accountId } = await fundedMember(50_000n);
    const key = randomUUID();
    const first = await withdraw(member, { amount: '100', accountId, idempotencyKey: key });
    const again = await withdraw(member, { amount: '100.00', accountId, idempotencyKey: key });
    expect(again.body).toEqual(first.body);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () =>
        withdraw(member, { amount: '100', accountId, idempotencyKey: key }),
      ),
    );
    for (const answer of concurrent) expect(answer.body).toEqual(first.body);
    expect(await harness.balances(member)).toEqual({ walletMinor: 40_000n, lockedMinor: 10_000n });

    const otherAmount = await withdraw(member, { amount: '150', accountId, idempotencyKey: key });
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.body.data).toBe('idempotency_conflict');
    const otherAccount = await addCard(harness.app, member);
    const otherBody = await withdraw(member, {
      amount: '100',
      accountId: otherAccount,
      idempotencyKey: key,
    });
    expect(otherBody.body.data).toBe('idempotency_conflict');
    expect(await harness.balances(member)).toEqual({ walletMinor: 40_000n, lockedMinor: 10_000n });
    expect(await ordersOf(member)).toHaveLength(1);
  });

  it('runs concurrent keys of different members on the same ledger without mixing them up', async () => {
    const one = await fundedMember(20_000n);
    const two = await fundedMember(20_000n);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      withdraw(one.member, { amount: '100', accountId: one.accountId, idempotencyKey: key }),
      withdraw(two.member, { amount: '120', accountId: two.accountId, idempotencyKey: key }),
    ]);
    expect(a?.body.status).toBe(true);
    expect(b?.body.status).toBe(true);
  });
});

describe('withdrawal checks, in order, with clear codes and no change', () => {
  it('refuses bad amounts, passwords, accounts, limits, turnover and balance', async () => {
    const { member, accountId } = await fundedMember(20_000n);
    const stranger = await fundedMember(20_000n);
    const unset = await harness.register({ withdrawPassword: null });
    await harness.deposit(unset, 20_000n);
    const expectNothingMoved = async () => {
      expect(await harness.balances(member)).toEqual({ walletMinor: 20_000n, lockedMinor: 0n });
      expect(await ordersOf(member)).toEqual([]);
    };

    for (const amount of [
      '1e3',
      '-5',
      '0.001',
      'abc',
      '0',
      '0.00',
      '',
      ' ',
      '1,000',
      '0x10',
      '9'.repeat(30),
      ' 100 ',
      '100.',
      '.5',
    ]) {
      const answer = await withdraw(member, { amount, accountId });
      expect(answer.body.data, `amount ${JSON.stringify(amount)}`).toMatch(
        /^(withdraw_amount_invalid|validation)$/,
      );
      expect(answer.statusCode).toBe(400);
    }
    expect((await withdraw(member, { amount: '1e3', accountId })).body.data).toBe(
      'withdraw_amount_invalid',
    );
    expect((await withdraw(member, { amount: 'x'.repeat(5_000), accountId })).body.data).toBe(
      'validation',
    );
    for (const fields of [
      { amount: '100', accountId: 'abc' },
      { amount: '100', accountId: '-1' },
      { amount: '100', accountId, idempotencyKey: 'short' },
      { amount: '100', accountId, idempotencyKey: 'k'.repeat(65) },
      { amount: '100', accountId, withdrawPassword: 'plain' },
    ]) {
      expect((await withdraw(member, fields)).body.data).toBe('validation');
    }
    const missing = await post(harness.app, '/api/f/v1/withdraw', {}, member.headers);
    expect(missing.body.data).toBe('validation');

    const notSet = await withdraw(unset, { amount: '100', accountId });
    expect(notSet.statusCode).toBe(403);
    expect(notSet.body).toEqual({
      status: false,
      data: 'withdraw_password_not_set',
      message: errorMessage('withdraw_password_not_set', 'zh-CN'),
    });
    const wrong = await withdraw(member, {
      amount: '100',
      accountId,
      withdrawPassword: harness.enc('000000'),
    });
    expect(wrong.body.data).toBe('withdraw_password_wrong');
    const garbled = await withdraw(member, {
      amount: '100',
      accountId,
      withdrawPassword: `${'A'.repeat(342)}==`,
    });
    expect(garbled.body.data).toBe('password_encryption');

    const foreign = await withdraw(member, { amount: '100', accountId: stranger.accountId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.data).toBe('payout_account_not_found');
    expect((await withdraw(member, { amount: '100', accountId: '999999999999' })).body.data).toBe(
      'payout_account_not_found',
    );

    const low = await withdraw(member, { amount: '99.99', accountId });
    expect(low.body.data).toBe('withdraw_amount_out_of_range');
    expect(low.body.message).toBe(
      errorMessage('withdraw_amount_out_of_range', 'zh-CN', { min: '100.00', max: '50000.00' }),
    );
    expect((await withdraw(member, { amount: '50000.01', accountId })).body.data).toBe(
      'withdraw_amount_out_of_range',
    );

    await harness.database.db.insert(turnoverRequirements).values({
      brandCode: member.brand,
      memberId: member.memberId,
      currency: 'CNY',
      outstandingMinor: 12_345n,
    });
    const owed = await withdraw(member, { amount: '100', accountId });
    expect(owed.statusCode).toBe(409);
    expect(owed.body.data).toBe('withdraw_turnover_outstanding');
    expect(owed.body.message).toContain('123.45');
    await harness.database.db
      .update(turnoverRequirements)
      .set({ outstandingMinor: 0n })
      .where(and(eq(turnoverRequirements.memberId, member.memberId)));

    const poor = await withdraw(member, { amount: '200.01', accountId });
    expect(poor.body.data).toBe('insufficient_funds');
    await expectNothingMoved();

    // A deleted account is no longer a destination.
    await post(harness.app, '/api/f/v1/member/bank/delete', { id: accountId }, member.headers);
    expect((await withdraw(member, { amount: '100', accountId })).body.data).toBe(
      'payout_account_not_found',
    );
    await expectNothingMoved();
  });

  it('locks the withdrawal password after five wrong tries', async () => {
    const { member, accountId } = await fundedMember(20_000n);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(
        (
          await withdraw(member, {
            amount: '100',
            accountId,
            withdrawPassword: harness.enc('111111'),
          })
        ).body.data,
      ).toBe('withdraw_password_wrong');
    }
    const fifth = await withdraw(member, {
      amount: '100',
      accountId,
      withdrawPassword: harness.enc('111111'),
    });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.body).toMatchObject({
      data: 'withdraw_password_locked',
      retryAfterSeconds: expect.any(Number),
    });
    // Even the right password waits out the window.
    expect((await withdraw(member, { amount: '100', accountId })).body.data).toBe(
      'withdraw_password_locked',
    );
    expect(await harness.balances(member)).toEqual({ walletMinor: 20_000n, lockedMinor: 0n });
  });

  it('holds the daily count, also under concurrent requests', async () => {
    const { member, accountId } = await fundedMember(500_000n);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => withdraw(member, { amount: '100', accountId })),
    );
    expect(answers.filter((answer) => answer.body.status)).toHaveLength(5);
    const refused = answers.filter((answer) => !answer.body.status);
    expect(refused.map((answer) => answer.body.data)).toEqual(
      Array(3).fill('withdraw_daily_limit'),
    );
    expect(refused[0]?.body.message).toBe(
      errorMessage('withdraw_daily_limit', 'zh-CN', { count: 5 }),
    );
    expect(await harness.balances(member)).toEqual({ walletMinor: 450_000n, lockedMinor: 50_000n });

    // A rejected request does not use up the day.
    const orderNo = (answers.find((answer) => answer.body.status)?.body.data as Order).orderNo;
    await admin('POST', `/admin/api/withdrawals/${orderNo}/reject`, { reason: 'test' });
    expect((await withdraw(member, { amount: '100', accountId })).body.status).toBe(true);
    expect((await withdraw(member, { amount: '100', accountId })).body.data).toBe(
      'withdraw_daily_limit',
    );
  });

  it(`lets exactly the affordable ones of 20 parallel withdrawals through${onPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const brand = await harness.createBrand({ withdrawDailyCount: 100 });
    const { member, accountId } = await fundedMember(100_000n, brand);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(member, { amount: '100.00', accountId })),
    );
    expect(answers.filter((answer) => answer.body.status)).toHaveLength(10);
    expect(answers.filter((answer) => answer.body.data === 'insufficient_funds')).toHaveLength(10);
    expect(await harness.balances(member)).toEqual({ walletMinor: 0n, lockedMinor: 100_000n });
    expect(await ordersOf(member)).toHaveLength(10);
  }, 60_000);

  it('works without a password on a brand that does not use them', async () => {
    const brand = await harness.createBrand({}, false);
    const member = await harness.register({ brand, withdrawPassword: null });
    await harness.deposit(member, 20_000n);
    const accountId = await addCard(harness.app, member);
    const answer = await post(
      harness.app,
      '/api/f/v1/withdraw',
      { amount: '100', accountId, idempotencyKey: randomUUID() },
      member.headers,
    );
    expect(answer.body).toMatchObject({ status: true, data: { status: 'pending' } });
  });

  it('has no cancel call for members (UKGC RTS 14B)', async () => {
    const { member } = await fundedMember(20_000n);
    for (const url of ['/api/f/v1/withdraw/cancel', '/api/findmed/v1/withdraw/cancel']) {
      expect((await post(harness.app, url, { orderNo: 'W1' }, member.headers)).statusCode).toBe(
        404,
      );
    }
  });

  it('answers guests with data "token"', async () => {
    const post1 = await post(harness.app, '/api/f/v1/withdraw', { amount: '100' });
    expect(post1.statusCode).toBe(401);
    expect(post1.body.data).toBe('token');
    const orders = await get(harness.app, '/api/f/v1/withdraw/orders');
    expect(orders.body).toMatchObject({ status: false, data: 'token' });
    const badPage = await harness.register();
    expect(
      (await get(harness.app, '/api/f/v1/withdraw/orders?pageSize=101', badPage.headers)).body.data,
    ).toBe('validation');
    expect(
      (await get(harness.app, '/api/f/v1/withdraw/orders?page=0', badPage.headers)).body.data,
    ).toBe('validation');
  });
});

describe("the brand's business day", () => {
  /** Moves an order's creation to another instant, as if it had been made then. */
  async function madeAt(answer: { body: { data: unknown } }, createdAt: Date) {
    const { orderNo } = answer.body.data as Order;
    await harness.database.db
      .update(withdrawalOrders)
      .set({ createdAt })
      .where(eq(withdrawalOrders.orderNo, orderNo));
  }

  // New York's midnight and Shanghai's are 12 or 13 hours apart: counted in Shanghai days, an
  // order a minute before New York's midnight (or one at it) falls on the other side of one of
  // the two steps below.
  it.each(['America/New_York', 'Asia/Shanghai'])(
    "counts the day's withdrawals from midnight in the brand's zone (%s)",
    async (timeZone) => {
      const brand = await harness.createBrand({ withdrawDailyCount: 1 }, true, { timeZone });
      const { member, accountId } = await fundedMember(100_000n, brand);
      const first = await withdraw(member, { amount: '100', accountId });
      expect(first.body.status).toBe(true);
      expect((await withdraw(member, { amount: '100', accountId })).body.data).toBe(
        'withdraw_daily_limit',
      );

      const midnight = startOfDay(new Date(), timeZone);
      // Made a minute before the zone's midnight: yesterday's, so today has room again.
      await madeAt(first, new Date(midnight.getTime() - 60_000));
      const second = await withdraw(member, { amount: '100', accountId });
      expect(second.body.status).toBe(true);
      // Made at the zone's midnight: today's, so the day is full.
      await madeAt(second, midnight);
      expect((await withdraw(member, { amount: '100', accountId })).body.data).toBe(
        'withdraw_daily_limit',
      );
    },
  );

  it("sums the day's amount from midnight in the brand's zone (America/New_York)", async () => {
    const timeZone = 'America/New_York';
    const brand = await harness.createBrand({}, true, { timeZone });
    const { member, accountId } = await fundedMember(100_000n, brand);
    const first = await withdraw(member, { amount: '100', accountId });
    expect(first.body.status).toBe(true);
    // The VIP levels' daily amount (the brand's levels exist since the first request): 150.
    await harness.database.db
      .update(vipLevels)
      .set({ withdrawDailyMaxMinor: 15_000n })
      .where(eq(vipLevels.brandCode, brand));
    expect((await withdraw(member, { amount: '100', accountId })).body.data).toBe(
      'withdraw_daily_amount_limit',
    );

    const midnight = startOfDay(new Date(), timeZone);
    await madeAt(first, new Date(midnight.getTime() - 60_000));
    const second = await withdraw(member, { amount: '100', accountId });
    expect(second.body.status).toBe(true);
    await madeAt(second, midnight);
    expect((await withdraw(member, { amount: '100', accountId })).body.data).toBe(
      'withdraw_daily_amount_limit',
    );
  });
});

describe('operator review', () => {
  it('needs an operator token', async () => {
    for (const [method, url] of [
      ['GET', '/admin/api/withdrawals'],
      ['POST', '/admin/api/withdrawals/W20250101000000ABCDEFGH/approve'],
      ['POST', '/admin/api/withdrawals/W20250101000000ABCDEFGH/reject'],
      ['POST', '/admin/api/members/someone/adjust'],
    ] as const) {
      const answer = await harness.app.inject({ method, url });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ data: 'operator_token' });
    }
    // A member session is no operator session.
    const member = await harness.register();
    const answer = await harness.app.inject({
      method: 'GET',
      url: '/admin/api/withdrawals',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('decides once: a repeat answers the same order, the other decision is not_pending', async () => {
    const { member, accountId } = await fundedMember(50_000n);
    const order = (await withdraw(member, { amount: '100', accountId })).body.data as Order;
    const approve = () => admin('POST', `/admin/api/withdrawals/${order.orderNo}/approve`);
    const first = await approve();
    expect(first.body.status).toBe(true);
    expect((await approve()).body).toEqual(first.body);
    const late = await admin('POST', `/admin/api/withdrawals/${order.orderNo}/reject`, {
      reason: 'late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.body.data).toBe('withdrawal_not_pending');
    expect(await harness.balances(member)).toEqual({ walletMinor: 40_000n, lockedMinor: 0n });
  });

  it('lets exactly one of a racing approve and reject win', async () => {
    const { member, accountId } = await fundedMember(200_000n);
    for (let round = 0; round < 3; round++) {
      const order = (await withdraw(member, { amount: '100', accountId })).body.data as Order;
      const answers = await Promise.all([
        admin('POST', `/admin/api/withdrawals/${order.orderNo}/approve`),
        admin('POST', `/admin/api/withdrawals/${order.orderNo}/reject`, { reason: 'race' }),
        admin('POST', `/admin/api/withdrawals/${order.orderNo}/approve`),
        admin('POST', `/admin/api/withdrawals/${order.orderNo}/reject`, { reason: 'race' }),
      ]);
      const winners = answers.filter((answer) => answer.body.status);
      const statuses = new Set(winners.map((answer) => (answer.body.data as Order).status));
      expect(statuses.size).toBe(1);
      for (const loser of answers.filter((answer) => !answer.body.status)) {
        expect(loser.statusCode).toBe(409);
        expect(loser.body.data).toBe('withdrawal_not_pending');
      }
    }
    const { lockedMinor, walletMinor } = await harness.balances(member);
    expect(lockedMinor).toBe(0n);
    expect(walletMinor).toBeGreaterThanOrEqual(170_000n);
  });

  it('refuses bad input and unknown orders', async () => {
    const { member, accountId } = await fundedMember(20_000n);
    const order = (await withdraw(member, { amount: '100', accountId })).body.data as Order;
    for (const body of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 5 },
    ]) {
      const answer = await admin('POST', `/admin/api/withdrawals/${order.orderNo}/reject`, body);
      expect(answer.body.data).toBe('validation');
    }
    const unknown = await admin('POST', '/admin/api/withdrawals/W20200101000000ABCDEFGH/approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.data).toBe('withdrawal_not_found');
    expect((await admin('POST', '/admin/api/withdrawals/nonsense/approve')).body.data).toBe(
      'validation',
    );
    expect((await admin('GET', '/admin/api/withdrawals?status=paid')).body.data).toBe('validation');
    expect((await admin('GET', '/admin/api/withdrawals?limit=9999')).body.data).toBe('validation');
    expect(await harness.balances(member)).toEqual({ walletMinor: 10_000n, lockedMinor: 10_000n });
    const [row] = await ordersOf(member);
    expect(row?.status).toBe('pending');
  });
});

describe('operator adjustments', () => {
  it('credits and debits with a reason, never overdraws, replays by key, and is recorded', async () => {
    const member = await harness.register();
    const url = `/admin/api/members/${member.username}/adjust`;
    const body = (amount: string, idempotencyKey = randomUUID()) => ({
      brand: member.brand,
      amount,
      reason: 'Goodwill credit',
      idempotencyKey,
    });
    const key = randomUUID();
    const credit = await admin('POST', url, body('50.00', key));
    expect(credit.body).toMatchObject({
      status: true,
      data: {
        amount: '50.00',
        balance: '50.00',
        currency: 'CNY',
        replayed: false,
        username: member.username,
      },
    });
    const replay = await admin('POST', url, body('50', key));
    expect(replay.body).toMatchObject({ status: true, data: { replayed: true, balance: '50.00' } });
    expect((await admin('POST', url, body('60', key))).body.data).toBe('idempotency_conflict');

    const debit = await admin('POST', url, body('-20.5'));
    expect(debit.body).toMatchObject({
      status: true,
      data: { amount: '-20.50', balance: '29.50' },
    });
    const overdraw = await admin('POST', url, body('-29.51'));
    expect(overdraw.body.data).toBe('insufficient_funds');
    expect(await harness.balances(member)).toEqual({ walletMinor: 2_950n, lockedMinor: 0n });

    for (const amount of ['0', '1e3', '0.001', 'abc', '--1', '']) {
      expect((await admin('POST', url, body(amount))).body.data, amount).toMatch(
        /^(adjustment_amount_invalid|validation)$/,
      );
    }
    expect((await admin('POST', url, body('0.001'))).body.data).toBe('adjustment_amount_invalid');
    expect((await admin('POST', url, { ...body('1'), reason: '' })).body.data).toBe('validation');
    expect(
      (await admin('POST', url, { brand: member.brand, amount: '1', idempotencyKey: randomUUID() }))
        .body.data,
    ).toBe('validation');
    expect((await admin('POST', url, { ...body('1'), amount: 1 })).body.data).toBe('validation');
    expect((await admin('POST', '/admin/api/members/nobody0000/adjust', body('1'))).body.data).toBe(
      'member_not_found',
    );
    expect((await admin('POST', url, { ...body('1'), brand: 'nosuchbrand' })).body.data).toBe(
      'unknown_site',
    );
    expect(await harness.balances(member)).toEqual({ walletMinor: 2_950n, lockedMinor: 0n });

    const log = await admin(
      'GET',
      `/admin/api/actions?targetType=member&targetId=${member.username}`,
    );
    const actions = log.body.data as {
      action: string;
      reason: string;
      details: { amount: string };
    }[];
    expect(
      actions
        .filter((action) => action.action === 'member_adjust')
        .map((action) => action.details.amount)
        .sort(),
    ).toEqual(['-20.50', '50.00', '50.00'].sort());
    expect(actions[0]?.reason).toBe('Goodwill credit');
  });
});

describe('OpenAPI', () => {
  it('documents the payout, withdrawal and records calls', async () => {
    const document = (await get(harness.app, '/api/openapi.json')).body as unknown as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/f/v1/member/banks',
      '/api/f/v1/withdraw/can/banks',
      '/api/f/v1/virtual/can/protocol',
      '/api/findmed/v1/member/virtual/delete',
      '/api/f/v1/member/bank/add',
      '/api/f/v1/member/alipay/add',
      '/api/f/v1/member/virtual/add',
      '/api/f/v1/member/bank/delete',
      '/api/f/v1/withdraw',
      '/api/f/v1/withdraw/orders',
      '/api/findmed/v1/member/record/trans',
      '/admin/api/withdrawals',
      '/admin/api/withdrawals/{orderNo}/approve',
      '/admin/api/withdrawals/{orderNo}/reject',
      '/admin/api/members/{username}/adjust',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});

describe('the ledger afterwards', () => {
  it('holds every invariant', async () => {
    expect(await new LedgerService(harness.database.db).check()).toEqual([]);
  });
});
