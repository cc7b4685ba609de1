import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetInstants, startOfDay } from '@lobby/time';
import { get, post } from '../../../test/members.ts';
import { insertNewBetRecords } from '../../games/bet-records/bet-records.repository.ts';
import { BetRecordsService } from '../../games/bet-records/bet-records.service.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import {
  addCard,
  createWalletTestApp,
  WITHDRAW_PASSWORD,
  type Member,
  type WalletTestApp,
} from '../withdrawal/wallet-test-app.ts';
import { RecordsService } from './records.service.ts';

let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
});
afterAll(async () => {
  await harness.close();
});

type Page = {
  items: {
    id: string;
    time: string;
    type: string;
    account: string;
    amount: string;
    currency: string;
  }[];
  total: number;
  page: number;
  pageSize: number;
};

async function records(member: Member, query = '') {
  const answer = await get(
    harness.app,
    `/api/findmed/v1/member/record/trans${query}`,
    member.headers,
  );
  return answer;
}

async function admin(url: string, body: object) {
  const response = await harness.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
    payload: body,
  });
  return response.json<{ status: boolean; data: unknown }>();
}

/** Deposit 500, withdraw 100 (paid), withdraw 200 (rejected), adjust -50: eight postings. */
async function memberWithHistory(): Promise<Member> {
  const member = await harness.register();
  await harness.deposit(member, 50_000n);
  const accountId = await addCard(harness.app, member);
  const withdraw = async (amount: string) => {
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
    return (answer.body.data as { orderNo: string }).orderNo;
  };
  await admin(`/admin/api/withdrawals/${await withdraw('100')}/approve`, {});
  await admin(`/admin/api/withdrawals/${await withdraw('200')}/reject`, { reason: 'test' });
  await admin(`/admin/api/members/${member.username}/adjust`, {
    brand: member.brand,
    amount: '-50',
    reason: 'fee correction',
    idempotencyKey: randomUUID(),
  });
  return member;
}

/**
 * The day start the API used before business days came from @lobby/time: Asia/Shanghai as a
 * fixed UTC+8 (China has kept no daylight saving time since 1991). Shanghai brands keep it.
 */
function fixedShanghaiDayStart(now: Date): Date {
  const dayMs = 24 * 60 * 60 * 1000;
  const shanghaiMs = now.getTime() + 8 * 60 * 60 * 1000;
  return new Date(shanghaiMs - (((shanghaiMs % dayMs) + dayMs) % dayMs) - 8 * 60 * 60 * 1000);
}

describe('Asia/Shanghai days', () => {
  it('starts a day at 16:00 UTC the day before', () => {
    // 01:00 on 11 March in Shanghai.
    const now = new Date('2024-03-10T17:00:00Z');
    expect(startOfDay(now, 'Asia/Shanghai').toISOString()).toBe('2024-03-10T16:00:00.000Z');
    expect(startOfDay(new Date('2024-03-10T15:59:59Z'), 'Asia/Shanghai').toISOString()).toBe(
      '2024-03-09T16:00:00.000Z',
    );
    const zone = 'Asia/Shanghai';
    expect(presetInstants(-1, now, zone)).toBeNull();
    expect(presetInstants(0, now, zone)).toEqual({
      from: new Date('2024-03-10T16:00:00Z'),
      to: new Date('2024-03-11T16:00:00Z'),
    });
    expect(presetInstants(1, now, zone)).toEqual({
      from: new Date('2024-03-09T16:00:00Z'),
      to: new Date('2024-03-10T16:00:00Z'),
    });
    expect(presetInstants(2, now, zone)?.from).toEqual(new Date('2024-03-04T16:00:00Z'));
    expect(presetInstants(3, now, zone)?.from).toEqual(new Date('2024-02-10T16:00:00Z'));
    expect(() => presetInstants(7, now, zone)).toThrow(RangeError);
  });
});

describe("the brand's days", () => {
  it('begin at midnight in the zone the brand names, daylight saving included', () => {
    // 17:00 UTC on 10 March 2024: 01:00 on the 11th in Shanghai, 13:00 on the 10th in New York,
    // where clocks went forward at 07:00 UTC that morning (the day has 23 hours).
    const now = new Date('2024-03-10T17:00:00Z');
    expect(presetInstants(0, now, 'America/New_York')).toEqual({
      from: new Date('2024-03-10T05:00:00Z'),
      to: new Date('2024-03-11T04:00:00Z'),
    });
    expect(presetInstants(1, now, 'America/New_York')).toEqual({
      from: new Date('2024-03-09T05:00:00Z'),
      to: new Date('2024-03-10T05:00:00Z'),
    });
    expect(presetInstants(0, now, 'UTC')).toEqual({
      from: new Date('2024-03-10T00:00:00Z'),
      to: new Date('2024-03-11T00:00:00Z'),
    });
    // The same as the fixed Shanghai offset, on either side of 16:00 UTC.
    for (const instant of [
      '2024-03-10T15:59:59Z',
      '2024-03-10T16:00:00Z',
      '2026-11-24T17:30:00Z',
    ]) {
      expect(startOfDay(new Date(instant), 'Asia/Shanghai')).toEqual(
        fixedShanghaiDayStart(new Date(instant)),
      );
    }
  });
});

describe('GET /api/findmed/v1/member/record/trans', () => {
  // A request and a rejection move money between the member's own accounts: each is one
  // movement, of the centre wallet; the payout leaves from the locked account.
  const HISTORY = [
    ['adjustment', 'wallet', '-50.00'],
    ['withdrawal_rejected', 'wallet', '200.00'],
    ['withdrawal_request', 'wallet', '-200.00'],
    ['withdrawal_paid', 'locked', '-100.00'],
    ['withdrawal_request', 'wallet', '-100.00'],
    ['deposit', 'wallet', '500.00'],
  ];
  const rows = (page: Page) => page.items.map((item) => [item.type, item.account, item.amount]);

  it('lists the member movements from the ledger, newest first, signed', async () => {
    const member = await memberWithHistory();
    const answer = await records(member);
    expect(answer.statusCode).toBe(200);
    const page = answer.body.data as Page;
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 20 });
    expect(rows(page)).toEqual(HISTORY);
    expect(page.items[0]).toMatchObject({ currency: 'CNY', time: expect.any(String) });
    // The wallet's movements add up to the centre wallet.
    const balance = await get(harness.app, '/api/findmed/v1/member/balance', member.headers);
    expect(balance.body.data).toMatchObject({ balance: '350.00', locked: '0.00' });
  });

  it('shows a withdrawal request as money out of the wallet, never as money coming in', async () => {
    const member = await harness.register();
    await harness.deposit(member, 50_000n);
    const accountId = await addCard(harness.app, member);
    const answer = await post(
      harness.app,
      '/api/f/v1/withdraw',
      {
        amount: '120',
        accountId,
        withdrawPassword: harness.enc(WITHDRAW_PASSWORD),
        idempotencyKey: randomUUID(),
      },
      member.headers,
    );
    expect(answer.body.status).toBe(true);
    const page = (await records(member, '?type=withdrawal_request')).body.data as Page;
    expect(rows(page)).toEqual([['withdrawal_request', 'wallet', '-120.00']]);
    // The money waits in review all the same.
    const balance = await get(harness.app, '/api/findmed/v1/member/balance', member.headers);
    expect(balance.body.data).toMatchObject({ balance: '380.00', locked: '120.00' });
  });

  it('filters by type and date preset, and pages', async () => {
    const member = await memberWithHistory();
    const requests = (await records(member, '?type=withdrawal_request')).body.data as Page;
    expect(requests.total).toBe(2);
    expect(rows(requests)).toEqual(HISTORY.filter(([type]) => type === 'withdrawal_request'));
    expect(((await records(member, '?type=deposit')).body.data as Page).total).toBe(1);
    expect(((await records(member, '?type=other')).body.data as Page).total).toBe(0);
    expect(((await records(member, '?type=all&datePreset=-1')).body.data as Page).total).toBe(6);
    for (const preset of [0, 2, 3]) {
      expect(((await records(member, `?datePreset=${preset}`)).body.data as Page).total).toBe(6);
    }
    expect(((await records(member, '?datePreset=1')).body.data as Page).total).toBe(0);

    const second = (await records(member, '?page=2&pageSize=4')).body.data as Page;
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(rows(second)).toEqual(HISTORY.slice(4, 8));
    const beyond = (await records(member, '?page=9&pageSize=4')).body.data as Page;
    expect(beyond).toMatchObject({ total: 6, items: [] });
  });

  it('counts days in Asia/Shanghai: today\'s movements are tomorrow\'s "yesterday"', async () => {
    const member = await memberWithHistory();
    const service = new RecordsService({ db: harness.database.db });
    const brand = harness.app.brands.get(member.brand);
    if (!brand) throw new Error('no brand');
    const query = { type: 'all' as const, page: 1, pageSize: 100 };
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const yesterday = await service.transactions(
      brand,
      member.memberId,
      { ...query, datePreset: 1 },
      tomorrow,
    );
    expect(yesterday.total).toBe(6);
    const today = await service.transactions(
      brand,
      member.memberId,
      { ...query, datePreset: 0 },
      tomorrow,
    );
    expect(today.total).toBe(0);
    const inAMonth = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const lastMonth = await service.transactions(
      brand,
      member.memberId,
      { ...query, datePreset: 3 },
      inAMonth,
    );
    expect(lastMonth.total).toBe(0);
  });

  it("counts days in the brand's time zone", async () => {
    const member = await memberWithHistory();
    const service = new RecordsService({ db: harness.database.db });
    const shanghai = harness.app.brands.get(member.brand);
    if (!shanghai) throw new Error('no brand');
    expect(shanghai.config.settings.timeZone).toBe('Asia/Shanghai');
    const tokyo = {
      ...shanghai,
      config: {
        ...shanghai.config,
        settings: { ...shanghai.config.settings, timeZone: 'Asia/Tokyo' },
      },
    };
    const query = { type: 'all' as const, page: 1, pageSize: 100 };
    const times = ((await records(member)).body.data as Page).items.map(
      (item) => new Date(item.time),
    );
    const latest = new Date(Math.max(...times.map((time) => time.getTime())));
    // Just after the first midnight since the movements, in whichever zone it came first (Tokyo
    // is an hour ahead): that zone counts them as yesterday's, the other as today's.
    const tokyoMidnight = startOfDay(latest, 'Asia/Tokyo', 1);
    const shanghaiMidnight = startOfDay(latest, 'Asia/Shanghai', 1);
    const now = new Date(Math.min(tokyoMidnight.getTime(), shanghaiMidnight.getTime()) + 1_000);
    const tokyoFirst = tokyoMidnight < shanghaiMidnight;
    const today = async (brand: typeof shanghai) =>
      (await service.transactions(brand, member.memberId, { ...query, datePreset: 0 }, now)).total;
    expect(await today(tokyo)).toBe(tokyoFirst ? 0 : 6);
    expect(await today(shanghai)).toBe(tokyoFirst ? 6 : 0);
  });

  it("filters bet records by the brand's days too", async () => {
    const member = await harness.register();
    const service = new BetRecordsService({ db: harness.database.db });
    const shanghai = harness.app.brands.get(member.brand);
    if (!shanghai) throw new Error('no brand');
    const newYork = {
      ...shanghai,
      config: {
        ...shanghai.config,
        settings: { ...shanghai.config.settings, timeZone: 'America/New_York' },
      },
    };
    // 10:30 on 24 November in New York, 23:30 in Shanghai; asked an hour and a half later,
    // when Shanghai has reached the 25th and New York is still on the 24th.
    const settledAt = new Date('2026-11-24T15:30:00Z');
    const now = new Date('2026-11-24T17:00:00Z');
    await insertNewBetRecords(harness.database.db, [
      {
        platformId: 17,
        roundId: `zone_${randomUUID()}`,
        brandCode: member.brand,
        memberId: member.memberId,
        gameCode: 'golden-koi',
        category: 4,
        currency: 'CNY',
        betMinor: 1_000n,
        validBetMinor: 1_000n,
        payoutMinor: 0n,
        placedAt: new Date(settledAt.getTime() - 1_000),
        settledAt,
      },
    ]);
    const total = async (brand: typeof shanghai, datePreset: number) =>
      (
        await service.list(
          brand,
          member.memberId,
          'zh-CN',
          { datePreset, category: 0, platform: 0, page: 1, pageSize: 20 },
          now,
        )
      ).total;
    expect(await total(newYork, 0)).toBe(1);
    expect(await total(newYork, 1)).toBe(0);
    expect(await total(shanghai, 0)).toBe(0);
    expect(await total(shanghai, 1)).toBe(1);
  });

  it('shows only the member own movements, and other types as "other"', async () => {
    const member = await harness.register();
    const other = await memberWithHistory();
    await new LedgerService(harness.database.db).post({
      brandCode: member.brand,
      reason: 'game_bet',
      idempotencyKey: `test:${randomUUID()}`,
      actor: { type: 'system', id: 'test' },
      lines: [
        { account: { kind: 'house_promotions', currency: 'CNY' }, amountMinor: -888n },
        {
          account: { kind: 'member_wallet', memberId: member.memberId, currency: 'CNY' },
          amountMinor: 888n,
        },
      ],
    });
    const page = (await records(member)).body.data as Page;
    expect(rows(page)).toEqual([['other', 'wallet', '8.88']]);
    expect(((await records(member, '?type=other')).body.data as Page).total).toBe(1);
    expect(((await records(other, '?type=other')).body.data as Page).total).toBe(0);
  });

  it('refuses bad queries with validation, and guests with data "token"', async () => {
    const member = await harness.register();
    for (const query of [
      '?pageSize=101',
      '?pageSize=0',
      '?page=0',
      '?page=abc',
      '?type=bogus',
      '?datePreset=5',
      '?datePreset=-2',
      '?datePreset=1.5',
      `?type=${'x'.repeat(5_000)}`,
    ]) {
      const answer = await records(member, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body.data).toBe('validation');
    }
    const guest = await get(harness.app, '/api/findmed/v1/member/record/trans');
    expect(guest.statusCode).toBe(401);
    expect(guest.body).toMatchObject({ status: false, data: 'token' });
  });

  it('leaves the ledger consistent', async () => {
    expect(await new LedgerService(harness.database.db).check()).toEqual([]);
  });
});
