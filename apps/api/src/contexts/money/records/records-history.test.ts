import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonthsToDay, dayOf } from '@lobby/time';
import { get, post } from '../../../test/members.ts';
import {
  addCard,
  createWalletTestApp,
  WITHDRAW_PASSWORD,
  type Member,
  type WalletTestApp,
} from '../withdrawal/wallet-test-app.ts';
import { memberRecordRange } from './record-range.ts';

/**
 * Account history (issue 15, point 11): a member reads three months of their own records, with
 * the net deposits of the range, and nothing older; and no member call reverses a withdrawal.
 */
let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
});
afterAll(async () => {
  await harness.close();
});

const ZONE = 'Asia/Shanghai';
const TRANS = '/api/findmed/v1/member/record/trans';
const BETS = '/api/findmed/v1/member/record/game';

type Summary = {
  firstDay: string;
  lastDay: string;
  deposits: string;
  withdrawals: string;
  netDeposits: string;
  currency: string;
};

async function operator(url: string, body: object) {
  const response = await harness.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
    payload: body,
  });
  return response.json<{ status: boolean; data: unknown }>();
}

async function withdraw(member: Member, accountId: string, amount: string): Promise<string> {
  const answer = await post(
    harness.app,
    '/api/f/v1/withdraw',
    {
      amount,
      accountId,
      withdrawPassword: harness.enc(WITHDRAW_PASSWORD),
      idempotencyKey: randomUUID(),
    },
    member.headers,
  );
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
  return (answer.body.data as { orderNo: string }).orderNo;
}

describe('the range of a member record read', () => {
  const now = new Date('2026-05-31T04:00:00Z');

  it('reads three months back at most, the same day of the month or the month end', () => {
    expect(addMonthsToDay('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonthsToDay('2024-05-31', -3)).toBe('2024-02-29');
    expect(addMonthsToDay('2026-01-15', -3)).toBe('2025-10-15');
    expect(memberRecordRange({ datePreset: 4 }, now, ZONE)).toMatchObject({
      first: '2026-02-28',
      last: '2026-05-31',
      from: new Date('2026-02-27T16:00:00Z'),
      to: new Date('2026-05-31T16:00:00Z'),
    });
    // No preset is the whole self-serve history, never all time.
    expect(memberRecordRange({ datePreset: -1 }, now, ZONE)).toMatchObject({
      first: '2026-02-28',
      last: '2026-05-31',
    });
    expect(
      memberRecordRange(
        { datePreset: 0, startDate: '2026-02-28', endDate: '2026-03-01' },
        now,
        ZONE,
      ),
    ).toMatchObject({ first: '2026-02-28', last: '2026-03-01' });
  });

  it('refuses a start before the history, a day that does not exist and a reversed range', () => {
    const refusal = (query: Parameters<typeof memberRecordRange>[0]) => {
      try {
        memberRecordRange(query, now, ZONE);
      } catch (error) {
        return (error as { code: string }).code;
      }
      return 'none';
    };
    expect(refusal({ datePreset: -1, startDate: '2026-02-27' })).toBe('record_range_too_old');
    expect(refusal({ datePreset: -1, endDate: '2026-01-01' })).toBe('validation');
    expect(refusal({ datePreset: -1, startDate: '2026-04-31' })).toBe('validation');
    expect(refusal({ datePreset: -1, startDate: '2026-05-02', endDate: '2026-05-01' })).toBe(
      'validation',
    );
  });
});

describe('account history for the member', () => {
  it('shows the net deposits of the range: deposits less paid withdrawals', async () => {
    const member = await harness.register();
    await harness.deposit(member, 50_000n);
    await harness.deposit(member, 2_550n);
    const accountId = await addCard(harness.app, member);
    await operator(
      `/admin/api/withdrawals/${await withdraw(member, accountId, '100')}/approve`,
      {},
    );
    await operator(`/admin/api/withdrawals/${await withdraw(member, accountId, '200')}/reject`, {
      reason: 'test',
    });
    // Still in review: not paid out, so not in the net figure.
    await withdraw(member, accountId, '150');
    const today = dayOf(new Date(), ZONE);
    const answer = await get(harness.app, `${TRANS}?datePreset=4`, member.headers);
    expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
    const summary = (answer.body.data as { summary: Summary }).summary;
    expect(summary).toEqual({
      firstDay: addMonthsToDay(today, -3),
      lastDay: today,
      deposits: '525.50',
      withdrawals: '100.00',
      netDeposits: '425.50',
      currency: 'CNY',
    });
    // A range of days before any of it has nothing.
    const yesterday = addDays(today, -1);
    const before = await get(
      harness.app,
      `${TRANS}?startDate=${addDays(today, -5)}&endDate=${yesterday}`,
      member.headers,
    );
    expect((before.body.data as { summary: Summary; total: number }).summary).toMatchObject({
      deposits: '0.00',
      withdrawals: '0.00',
      netDeposits: '0.00',
    });
    expect((before.body.data as { total: number }).total).toBe(0);
  });

  it('refuses anything older than three months with a code, in the member language', async () => {
    const member = await harness.register();
    const today = dayOf(new Date(), ZONE);
    const tooOld = addDays(addMonthsToDay(today, -3), -1);
    for (const path of [TRANS, BETS]) {
      const refused = await get(harness.app, `${path}?startDate=${tooOld}`, {
        ...member.headers,
        lang: 'en',
      });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.body, path).toMatchObject({ status: false, data: 'record_range_too_old' });
      expect(refused.body.message).toContain('3 months');
      const oldest = await get(harness.app, `${path}?startDate=${addMonthsToDay(today, -3)}`, {
        ...member.headers,
      });
      expect(oldest.body.status, path).toBe(true);
      for (const query of ['?startDate=2026-13-01', '?startDate=20260101', '?datePreset=5']) {
        const bad = await get(harness.app, `${path}${query}`, member.headers);
        expect(bad.statusCode, `${path}${query}`).toBe(400);
        expect(bad.body.data).toBe('validation');
      }
    }
  });
});

describe('withdrawals cannot be reversed by the member', () => {
  it('offers no member call that cancels or reverses a withdrawal', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const memberPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/'));
    expect(memberPaths.length).toBeGreaterThan(50);
    const withdrawalPaths = memberPaths.filter((path) => /withdraw/i.test(path));
    // The request, the order list, the accounts a withdrawal may go to and the withdrawal
    // password: nothing else. A new member call here must show it cannot undo a withdrawal.
    expect(withdrawalPaths.sort()).toEqual([
      '/api/f/v1/withdraw',
      '/api/f/v1/withdraw/can/banks',
      '/api/f/v1/withdraw/orders',
      '/api/f/v1/withdraw/password/config',
      '/api/findmed/v1/member/withdraw/password',
    ]);
    expect(memberPaths.filter((path) => /cancel|revers|revoke|undo|rollback/i.test(path))).toEqual(
      [],
    );
  });

  it('keeps a withdrawal in review locked whatever a member sends', async () => {
    const member = await harness.register();
    await harness.deposit(member, 20_000n);
    const accountId = await addCard(harness.app, member);
    const orderNo = await withdraw(member, accountId, '100');
    const balances = async () => harness.ledger.balances(member.brand, member.memberId, 'CNY');
    const before = await balances();
    for (const path of [
      '/api/f/v1/withdraw/cancel',
      '/api/f/v1/withdraw/reverse',
      `/api/f/v1/withdraw/${orderNo}/cancel`,
      '/api/findmed/v1/withdraw/cancel',
    ]) {
      const answer = await post(harness.app, path, { orderNo }, member.headers);
      expect(answer.body.status, path).toBe(false);
      expect(answer.body.data, path).toBe('not_found');
    }
    // A second request with the same order number is a new withdrawal, never an undo.
    const again = await post(
      harness.app,
      '/api/f/v1/withdraw',
      { orderNo, amount: '-100', accountId, withdrawPassword: harness.enc(WITHDRAW_PASSWORD) },
      member.headers,
    );
    expect(again.body.status).toBe(false);
    expect(await balances()).toEqual(before);
    const orders = await get(harness.app, '/api/f/v1/withdraw/orders', member.headers);
    const items = (orders.body.data as { items: { orderNo: string; status: string }[] }).items;
    expect(items.find((item) => item.orderNo === orderNo)?.status).toBe('pending');
  });
});
