import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorCall, operatorLogin } from '../../../test/operators.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { memberWithHistory, type HistoryMember } from './member-history.test-support.ts';

/**
 * The member 360 view's history tabs: each tab's content, order, paging and filters for one
 * member with a history everywhere; bad input; permissions; another brand's member.
 */
let harness: TestApp;
let admin: string;
let member: HistoryMember;
type Items = { items: Record<string, unknown>[] } & Record<string, unknown>;

async function tab(
  name: string,
  query = '',
  options: { token?: string; id?: string } = {},
): Promise<{ statusCode: number; data: Items & string }> {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/members/${options.id ?? String(member.id)}/${name}${query ? `?${query}` : ''}`,
    headers: { authorization: `Bearer ${options.token ?? admin}`, lang: 'en' },
  });
  return {
    statusCode: response.statusCode,
    data: response.json<{ data: Items & string }>().data,
  };
}

const pick = (page: Items, ...fields: string[]) =>
  page.items.map((item) =>
    fields.length === 1 ? item[fields[0]!] : fields.map((field) => item[field]),
  );

beforeAll(async () => {
  // The fixtures' history is of fixed days in 2026: the 12-month bound reads from this clock.
  harness = await createTestApp({ historyClock: () => new Date('2026-06-01T00:00:00Z') });
  const username = `mh${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(username, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username, password: 'operator-pass-1' });
  member = await memberWithHistory(harness, username);
});
afterAll(async () => {
  await harness.close();
});

describe('ledger tab', () => {
  it('lists every posting on the member’s accounts, newest first, with the balance after each', async () => {
    const { data } = await tab('ledger', 'limit=50');
    expect(pick(data, 'reason', 'account', 'amount', 'balanceAfter')).toEqual([
      ['adjustment', 'centre', '5.00', '78.00'],
      ['promo_bonus', 'centre', '8.00', '73.00'],
      ['game_transfer_in_reserve', 'centre', '-5.00', '65.00'],
      ['game_transfer_in', 'platform', '10.00', '10.00'],
      ['game_transfer_in_reserve', 'centre', '-10.00', '70.00'],
      ['withdrawal_request', 'locked', '20.00', '20.00'],
      ['withdrawal_request', 'centre', '-20.00', '80.00'],
      ['deposit', 'centre', '100.00', '100.00'],
    ]);
    expect(data.nextBefore).toBeNull();
    const deposit = data.items.at(-1)!;
    expect(deposit).toMatchObject({
      reference: `deposit:${member.deposits.confirmed}`,
      memo: member.deposits.confirmed,
      currency: 'CNY',
      actorType: 'operator',
      platformId: null,
    });
    expect(data.items[3]).toMatchObject({ platformId: 9, platformName: 'Golden Dragon Live' });
  });

  it('pages by keyset, carrying the balance across pages', async () => {
    const balances: unknown[] = [];
    let before = '';
    for (let page = 0; page < 3; page += 1) {
      const { data } = await tab('ledger', `account=centre&limit=2${before}`);
      expect(data.items).toHaveLength(2);
      balances.push(...pick(data, 'balanceAfter'));
      before = data.nextBefore === null ? '' : `&before=${data.nextBefore as string}`;
      expect(data.nextBefore === null).toBe(page === 2);
    }
    expect(balances).toEqual(['78.00', '73.00', '65.00', '70.00', '80.00', '100.00']);
  });

  it('filters by account, platform, reason and time, keeping the true balance after', async () => {
    const byReason = (await tab('ledger', 'reason=withdrawal_request')).data;
    expect(pick(byReason, 'account', 'balanceAfter')).toEqual([
      ['locked', '20.00'],
      ['centre', '80.00'],
    ]);
    expect(pick((await tab('ledger', 'account=locked')).data, 'amount')).toEqual(['20.00']);
    expect(pick((await tab('ledger', 'account=platform&platform=9')).data, 'amount')).toEqual([
      '10.00',
    ]);
    expect((await tab('ledger', 'platform=1')).data.items).toEqual([]);
    expect((await tab('ledger', 'from=2099-01-01T00:00:00Z')).data.items).toEqual([]);
    expect((await tab('ledger', 'to=2001-01-01T00:00:00Z')).data.items).toEqual([]);
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    expect((await tab('ledger', `from=${recent}`)).data.items).toHaveLength(8);
  });

  it('refuses a reason the ledger does not know', async () => {
    const answer = await tab('ledger', 'reason=free_money');
    expect(answer.statusCode).toBe(400);
    expect(answer.data).toBe('validation');
  });
});

describe('deposits and withdrawals tabs', () => {
  it('lists the deposits newest first with channel, reviewer, reasons and the confirmed total', async () => {
    const { data } = await tab('deposits');
    const { confirmed, rejected, submitted } = member.deposits;
    expect(pick(data, 'orderNo', 'status', 'amount')).toEqual([
      [submitted, 'submitted', '30.00'],
      [rejected, 'rejected', '50.00'],
      [confirmed, 'confirmed', '100.00'],
    ]);
    expect(data).toMatchObject({ total: 3, confirmedTotal: '100.00', currency: 'CNY' });
    expect(data.items[1]).toMatchObject({
      channelType: 'online',
      reason: 'no payment arrived',
      reviewer: 'gateway:sandbox',
    });
    // A decision recorded as operator:<id> shows the operator's username.
    expect(String(data.items[2]!.reviewer)).toMatch(/^mh/);
    expect(data.items[2]).toMatchObject({ decidedAt: '2026-01-05T11:00:00.000Z' });
  });

  it('filters deposits by status, channel and time, and pages them', async () => {
    const { confirmed, rejected } = member.deposits;
    expect(pick((await tab('deposits', 'status=confirmed')).data, 'orderNo')).toEqual([confirmed]);
    expect(pick((await tab('deposits', 'channel=online')).data, 'orderNo')).toEqual([rejected]);
    const day = 'from=2026-01-06T00:00:00Z&to=2026-01-07T00:00:00Z';
    expect(pick((await tab('deposits', day)).data, 'orderNo')).toEqual([rejected]);
    const second = (await tab('deposits', 'page=2&pageSize=1')).data;
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(pick(second, 'orderNo')).toEqual([rejected]);
    const none = (await tab('deposits', 'status=expired')).data;
    expect(none).toMatchObject({ items: [], total: 0, confirmedTotal: '0.00' });
  });

  it('lists the withdrawals with the account masked', async () => {
    const { data } = await tab('withdrawals');
    expect(data).toMatchObject({ total: 1, paidTotal: '0.00' });
    expect(data.items[0]).toMatchObject({
      orderNo: member.withdrawal,
      status: 'pending',
      amount: '20.00',
      reviewer: null,
      account: {
        type: 'bank',
        institution: 'icbc',
        holderName: '张**',
        accountNumber: `${member.accountNumber.slice(0, 4)} **** **** ${member.accountNumber.slice(-4)}`,
        deleted: false,
      },
    });
    expect(JSON.stringify(data)).not.toContain(member.accountNumber);
    expect((await tab('withdrawals', 'status=approved')).data.items).toEqual([]);
    expect((await tab('withdrawals', 'to=2026-01-08T00:00:00Z')).data.items).toEqual([]);
  });
});

describe('transfers, bets and rewards tabs', () => {
  it('lists transfers with their status and status queries, filtered', async () => {
    const { data } = await tab('transfers');
    expect(data.total).toBe(2);
    expect(data.items[0]).toMatchObject({
      id: String(member.transfers.inTransit),
      status: 'in_transit',
      platformId: 1,
      platformName: 'Huasheng Sports',
      direction: 'in',
      amount: '5.00',
      attempts: 2,
      lastError: 'timeout',
      queries: 1,
      lastQuery: { source: 'sweep', answer: 'timeout', latencyMs: 5_000, operator: null },
    });
    expect(data.items[0]!.nextCheckAt).not.toBeNull();
    expect(data.items[1]).toMatchObject({
      id: String(member.transfers.settled),
      status: 'success',
      amount: '10.00',
      queries: 0,
      lastQuery: null,
      nextCheckAt: null,
      finishedAt: '2026-03-10T10:00:01.000Z',
    });
    const settled = String(member.transfers.settled);
    expect(pick((await tab('transfers', 'status=success')).data, 'id')).toEqual([settled]);
    expect(pick((await tab('transfers', 'platform=9')).data, 'id')).toEqual([settled]);
    expect((await tab('transfers', 'direction=out')).data.items).toEqual([]);
    const before = (await tab('transfers', 'to=2026-03-11T00:00:00Z')).data;
    expect(pick(before, 'id')).toEqual([settled]);
  });

  it('lists settled rounds newest first with names and the filtered totals', async () => {
    const { data } = await tab('bets');
    expect(pick(data, 'roundId')).toEqual([...member.bets].reverse());
    expect(data.items[2]).toMatchObject({
      platformName: 'Golden Dragon Live',
      gameName: 'Baccarat',
      status: 'settled',
      bet: '10.00',
      validBet: '10.00',
      payout: '19.50',
      winLoss: '9.50',
      settledAt: '2026-03-01T10:00:00.000Z',
    });
    expect(data.totals).toEqual({
      bet: '35.00',
      validBet: '33.00',
      payout: '19.50',
      winLoss: '-15.50',
    });
    const live = (await tab('bets', 'platform=9')).data;
    expect(pick(live, 'roundId')).toEqual([member.bets[1], member.bets[0]]);
    const day = (await tab('bets', 'from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z')).data;
    expect(pick(day, 'roundId')).toEqual([member.bets[1]]);
    expect(day.totals).toMatchObject({ bet: '5.00', winLoss: '-5.00' });
    const paged = (await tab('bets', 'pageSize=2&page=2')).data;
    expect(paged).toMatchObject({ total: 3, page: 2 });
    expect(pick(paged, 'roundId')).toEqual([member.bets[0]]);
  });

  it('lists claims, sign-ins, gifts and VIP money in one list, filtered by kind and status', async () => {
    const { data } = await tab('rewards');
    expect(pick(data, 'kind', 'status', 'amount')).toEqual([
      ['vip_rebate', 'paid', '1.50'],
      ['gift', 'pending_delivery', '0.00'],
      ['sign_in', 'paid', '1.00'],
      ['promotion', 'paid', '8.00'],
    ]);
    expect(data.items[0]).toMatchObject({ title: 'VIP 1', detail: '2026-02-05' });
    expect(data.items[1]).toMatchObject({ turnoverCost: '3000.00', decidedAt: null });
    expect(data.items[2]).toMatchObject({ detail: 'sign 2026-02-03' });
    expect(data.items[3]).toMatchObject({
      detail: member.deposits.confirmed,
      decidedAt: '2026-02-02T10:00:00.000Z',
    });
    expect(String(data.items[3]!.title).length).toBeGreaterThan(0);
    expect(pick((await tab('rewards', 'kind=gift')).data, 'kind')).toEqual(['gift']);
    expect(pick((await tab('rewards', 'status=paid')).data, 'kind')).toEqual([
      'vip_rebate',
      'sign_in',
      'promotion',
    ]);
    expect((await tab('rewards', 'kind=vip_monthly')).data).toMatchObject({ items: [], total: 0 });
    expect((await tab('rewards', 'kind=sign_in&status=pending')).data.items).toEqual([]);
    const range = 'from=2026-02-02T00:00:00Z&to=2026-02-05T00:00:00Z';
    expect(pick((await tab('rewards', range)).data, 'kind')).toEqual(['gift', 'sign_in']);
    const paged = (await tab('rewards', 'page=2&pageSize=3')).data;
    expect(paged).toMatchObject({ total: 4 });
    expect(pick(paged, 'kind')).toEqual(['promotion']);
  });
});

describe('member history access and input', () => {
  const TABS = ['ledger', 'deposits', 'withdrawals', 'transfers', 'bets', 'rewards', 'linked'];

  it('answers bad ids and bad filters with validation, never a 500', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '12345678901234567890']) {
      for (const name of TABS) {
        const answer = await tab(name, '', { id });
        expect(answer.statusCode, `${name} ${id}`).toBe(400);
        expect(answer.data, `${name} ${id}`).toBe('validation');
      }
    }
    const bad: [string, string][] = [
      ['ledger', 'from=yesterday'],
      ['ledger', 'limit=0'],
      ['ledger', 'limit=201'],
      ['ledger', 'before=x'],
      ['ledger', 'account=bank'],
      ['deposits', 'pageSize=201'],
      ['deposits', 'status=paid'],
      ['deposits', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'],
      ['withdrawals', 'to=1999-12-31T00:00:00Z'],
      ['transfers', 'platform=0'],
      ['bets', 'page=0'],
      ['bets', 'to=2026-13-01T00:00:00Z'],
      ['rewards', 'kind=cash'],
      ['rewards', 'status=won'],
    ];
    for (const [name, query] of bad) {
      const answer = await tab(name, query);
      expect(answer.statusCode, `${name}?${query}`).toBe(400);
      expect(answer.data, `${name}?${query}`).toBe('validation');
    }
  });

  it('answers a member that does not exist as missing', async () => {
    for (const name of TABS) {
      const answer = await tab(name, '', { id: '999999999999999' });
      expect(answer.statusCode, name).toBe(404);
      expect(answer.data, name).toBe('member_not_found');
    }
  });

  it('needs members.read, and keeps an operator to their brands', async () => {
    const content = await createOperator(harness, { role: 'content' });
    const lumen = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
    const home = await createOperator(harness, { role: 'customer_service', brands: ['jinsheng'] });
    for (const name of TABS) {
      const refused = await tab(name, '', { token: content.token });
      expect(refused.statusCode, name).toBe(403);
      expect(refused.data, name).toBe('forbidden');
      const elsewhere = await tab(name, '', { token: lumen.token });
      expect(elsewhere.statusCode, name).toBe(404);
      expect(elsewhere.data, name).toBe('member_not_found');
      expect((await tab(name, '', { token: home.token })).statusCode, name).toBe(200);
    }
    // The operator call helper reads the same answer.
    const answer = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/members/${String(member.id)}/deposits`,
      lumen.token,
    );
    expect(answer.body).toMatchObject({ status: false, data: 'member_not_found' });
  });
});
