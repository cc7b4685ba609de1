import { randomUUID } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionGifts, promotions } from './promo.schema.ts';
import { gameBetRecords } from '../../games/bet-records/bet-records.schema.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { depositOrders } from '../../money/deposit/deposit.schema.ts';
import { turnoverRequirements } from '../../money/turnover/turnover.schema.ts';
import { get, post } from '../../../test/members.ts';
import {
  createWalletTestApp,
  TEST_CODE,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';
import { addDays, dayOf } from '@lobby/time';
import { seedBrandPromotions } from './promo.seed.ts';

const P = '/api/findmed/v1/promo';

let harness: WalletTestApp;
let brand: string;
let host: Record<string, string>;
const ids: Record<string, string> = {};

type Envelope<T = unknown> = { status: boolean; data: T; message?: string };

beforeAll(async () => {
  harness = await createWalletTestApp();
  // A brand of its own: "the brand's live sign-in promotion" is then ours alone.
  brand = await harness.createBrand({});
  host = harness.hostOf(brand);
  await seedBrandPromotions(harness.database.db, {
    code: brand,
    siteName: '测试娱乐',
    language: 'zh-CN',
  });
  const rows = await harness.database.db
    .select({ id: promotions.id, kind: promotions.kind })
    .from(promotions)
    .where(eq(promotions.brandCode, brand));
  for (const row of rows) ids[row.kind] = row.id.toString();
}, 60_000);

afterAll(async () => {
  await harness.close();
});

function memberGet(member: Member | null, path: string) {
  return get(harness.app, path, member ? member.headers : host) as Promise<{
    statusCode: number;
    body: Envelope;
  }>;
}

function memberPost(member: Member | null, path: string, fields: Record<string, string> = {}) {
  return post(harness.app, path, fields, member ? member.headers : host) as Promise<{
    statusCode: number;
    body: Envelope;
  }>;
}

async function operator(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
  });
  return { statusCode: response.statusCode, body: response.json<Envelope>() };
}

async function wallet(member: Member): Promise<bigint> {
  return (await harness.balances(member)).walletMinor;
}

async function turnover(member: Member): Promise<bigint> {
  const rows = await harness.database.db
    .select({ outstanding: turnoverRequirements.outstandingMinor })
    .from(turnoverRequirements)
    .where(eq(turnoverRequirements.memberId, member.memberId));
  return rows[0]?.outstanding ?? 0n;
}

/** A credited deposit: the confirmed order and its money, as the cashier would leave them. */
async function creditedDeposit(member: Member, amountMinor: bigint): Promise<string> {
  const orderNo = `D${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await harness.database.db.insert(depositOrders).values({
    orderNo,
    brandCode: member.brand,
    memberId: member.memberId,
    channelCode: 'bank',
    channelType: 'bank',
    currency: 'CNY',
    amountMinor,
    status: 'confirmed',
    idempotencyKey: randomUUID(),
    requestHash: 'test',
    decidedAt: new Date(),
  });
  await harness.deposit(member, amountMinor);
  return orderNo;
}

/** Settled valid bets of the member, as the bet-record sync records them. */
async function validBets(member: Member, validBetMinor: bigint) {
  const now = new Date();
  await harness.database.db.insert(gameBetRecords).values({
    platformId: 1,
    roundId: `promo-${randomUUID()}`,
    brandCode: member.brand,
    memberId: member.memberId,
    gameCode: 'slot',
    category: 3,
    currency: 'CNY',
    betMinor: validBetMinor,
    validBetMinor,
    payoutMinor: 0n,
    placedAt: now,
    settledAt: now,
  });
}

async function actionsOf(action: string): Promise<number> {
  const rows = await harness.database.db
    .select({ total: count() })
    .from(operatorActions)
    .where(like(operatorActions.action, action));
  return Number(rows[0]?.total ?? 0);
}

describe('reading promotions (guests and members)', () => {
  it('lists the live promotions, tabs, banners and the popup notice', async () => {
    const flags = await memberGet(null, `${P}/flags`);
    expect(flags.body).toMatchObject({
      status: true,
      data: {
        signIn: true,
        gifts: true,
        depositBonus: true,
        signedToday: null,
        pendingClaims: null,
      },
    });

    const list = await memberGet(null, `${P}/list`);
    const items = (list.body.data as { items: { kind: string; title: string }[] }).items;
    expect(items.map((item) => item.kind)).toEqual([
      'deposit_bonus',
      'sign_in',
      'gift',
      'apply',
      'display',
    ]);
    expect(items[0]?.title).toBe('新人首存 100% 加赠');

    const daily = await memberGet(null, `${P}/list?category=daily`);
    expect((daily.body.data as { total: number }).total).toBe(2);

    const nav = await memberGet(null, `${P}/secondNav`);
    expect(nav.body.data).toEqual([
      { category: 'new', label: '新人专享', count: 1 },
      { category: 'daily', label: '日常活动', count: 2 },
      { category: 'vip', label: 'VIP 专属', count: 1 },
      { category: 'other', label: '其他', count: 1 },
    ]);
    const english = await get(harness.app, `${P}/secondNav`, { ...host, lang: 'en' });
    expect((english.body.data as { label: string }[])[0]?.label).toBe('New members');

    const cover = await memberGet(null, `${P}/topCover`);
    const data = cover.body.data as { banners: { imageUrl: string }[]; notices: unknown[] };
    expect(data.banners).toHaveLength(3);
    expect(data.banners[0]?.imageUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(data.notices).toHaveLength(1);
  });

  it('renders the detail body safely and summarises the rules', async () => {
    const detail = await memberGet(null, `${P}/detail?id=${ids.deposit_bonus}`);
    expect(detail.body.status).toBe(true);
    const data = detail.body.data as {
      html: string;
      rules: { tiers: unknown[]; requiresJoin: boolean; turnoverMultiplierPercent: number };
      member: unknown;
    };
    expect(data.html).toContain('<table>');
    expect(data.rules.tiers).toEqual([{ minDeposit: '100.00', percent: 100, maxBonus: '188.00' }]);
    expect(data.rules.requiresJoin).toBe(true);
    expect(data.rules.turnoverMultiplierPercent).toBe(300);
    expect(data.member).toBeNull();
  });

  it('answers bad ids and other brands with codes', async () => {
    expect((await memberGet(null, `${P}/detail?id=abc`)).statusCode).toBe(400);
    const missing = await memberGet(null, `${P}/detail?id=999999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.data).toBe('promotion_not_found');
    // The default brand cannot read this brand's promotion.
    const other = await get(harness.app, `${P}/detail?id=${ids.sign_in}`);
    expect(other.body.data).toBe('promotion_not_found');
    expect((await memberGet(null, `${P}/list?category=BAD!`)).statusCode).toBe(400);
  });

  it('sends guests to log in for what needs a member', async () => {
    const signed = await memberPost(null, `${P}/sign`);
    expect(signed.body.data).toBe('token');
    const info = await memberGet(null, `${P}/sign/info`);
    expect(info.body).toMatchObject({ status: true, data: { days: [], resignableDays: [] } });
  });
});

describe('daily sign-in', () => {
  it('pays the first streak day once, and a second sign the same day pays nothing', async () => {
    const member = await harness.register({ brand });
    const first = await memberPost(member, `${P}/sign`);
    expect(first.body).toMatchObject({
      status: true,
      data: { kind: 'sign', streak: 1, reward: '1.00', balance: '1.00' },
    });
    expect(await wallet(member)).toBe(100n);
    expect(await turnover(member)).toBe(100n);

    const again = await memberPost(member, `${P}/sign`);
    expect(again.statusCode).toBe(409);
    expect(again.body.data).toBe('already_signed');
    expect(await wallet(member)).toBe(100n);

    const info = await memberGet(member, `${P}/sign/info`);
    expect(info.body.data).toMatchObject({ signedToday: true, streak: 1, nextReward: '2.00' });
    const flags = await memberGet(member, `${P}/flags`);
    expect(flags.body.data).toMatchObject({ signedToday: true, pendingClaims: 0 });
  });

  it('pays once when the same member signs several times at once', async () => {
    const member = await harness.register({ brand });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => memberPost(member, `${P}/sign`)),
    );
    expect(answers.filter((answer) => answer.body.status)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.data === 'already_signed')).toHaveLength(3);
    expect(await wallet(member)).toBe(100n);
  });

  it('re-signs a missed day of this month at its cost, and refuses other days', async () => {
    const member = await harness.register({ brand });
    const today = dayOf(new Date(), 'Asia/Shanghai');
    const yesterday = addDays(today, -1);
    for (const day of [today, addDays(today, 1)]) {
      const refused = await memberPost(member, `${P}/resign`, { day });
      expect(refused.body.data).toBe('resign_day_invalid');
    }
    expect((await memberPost(member, `${P}/resign`, { day: '2026-02-30' })).body.data).toBe(
      'resign_day_invalid',
    );
    expect((await memberPost(member, `${P}/resign`, { day: 'yesterday' })).statusCode).toBe(400);

    if (yesterday.slice(0, 7) !== today.slice(0, 7)) {
      // The 1st of the month: there is no missed day of this month to re-sign.
      expect((await memberPost(member, `${P}/resign`, { day: yesterday })).body.data).toBe(
        'resign_day_invalid',
      );
      return;
    }
    // No money for the cost: refused, nothing recorded.
    const poor = await memberPost(member, `${P}/resign`, { day: yesterday });
    expect(poor.body.data).toBe('resign_insufficient_funds');
    expect(await wallet(member)).toBe(0n);

    await memberPost(member, `${P}/sign`);
    const info = await memberGet(member, `${P}/sign/info`);
    expect((info.body.data as { resignableDays: string[] }).resignableDays).toContain(yesterday);
    const resigned = await memberPost(member, `${P}/resign`, { day: yesterday });
    expect(resigned.body).toMatchObject({
      status: true,
      data: { kind: 'resign', day: yesterday, cost: '1.00', reward: '1.00' },
    });
    // 1.00 signed, -1.00 cost, +1.00 reward.
    expect(await wallet(member)).toBe(100n);
    const twice = await memberPost(member, `${P}/resign`, { day: yesterday });
    expect(twice.body.data).toBe('resign_day_signed');
    const after = await memberGet(member, `${P}/sign/info`);
    expect(after.body.data).toMatchObject({ streak: 2, nextReward: '3.00' });
  });
});

describe('deposit bonus', () => {
  it('reaches no member under a time-out or self-exclusion (issue 15)', async () => {
    const member = await harness.register({ brand });
    const excluded = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/protection/exclusion',
      headers: member.headers,
      payload: { kind: 'time_out', period: '24h', confirm: true },
    });
    expect(excluded.json()).toMatchObject({ status: true });
    // The time-out ended the session: the member logs in again, to withdraw only.
    const host = harness.hostOf(member.brand);
    const captcha = await get(harness.app, '/api/f/v1/captcha', host);
    const login = await post(
      harness.app,
      '/api/f/v1/member/login/mpe',
      {
        username: member.username,
        password: harness.enc('Secret123'),
        key: (captcha.body.data as { key: string }).key,
        code: TEST_CODE,
      },
      host,
    );
    const token = String(login.headers.id);
    const again = { ...member, token, headers: { ...member.headers, t: token } };
    const joined = await memberPost(again, `${P}/active/join`, { id: ids.deposit_bonus! });
    expect(joined.body.data).toBe('promo_not_eligible');
  });

  it('asks to join first, pays the tier once, and adds the turnover', async () => {
    const member = await harness.register({ brand });
    const early = await creditedDeposit(member, 50_000n);
    const before = await memberPost(member, `${P}/active/apply/depositActive`, {
      id: ids.deposit_bonus!,
      orderNo: early,
    });
    expect(before.body.data).toBe('promo_join_required');

    const joined = await memberPost(member, `${P}/active/join`, { id: ids.deposit_bonus! });
    expect(joined.body.data).toMatchObject({ joined: true, paid: 0 });
    const joinedAgain = await memberPost(member, `${P}/active/join`, { id: ids.deposit_bonus! });
    expect(joinedAgain.body.data).toMatchObject({ joined: true });

    // A deposit made before joining does not qualify.
    const old = await memberPost(member, `${P}/active/apply/depositActive`, {
      id: ids.deposit_bonus!,
      orderNo: early,
    });
    expect(old.body.data).toBe('promo_deposit_not_qualifying');

    await new Promise((resolve) => setTimeout(resolve, 5));
    const orderNo = await creditedDeposit(member, 50_000n);
    const rewards = await memberPost(member, `${P}/active/recharge/rewards`, {
      id: ids.deposit_bonus!,
    });
    const deposit = (
      rewards.body.data as { deposits: { orderNo: string; bonus: string; claimable: boolean }[] }
    ).deposits.find((entry) => entry.orderNo === orderNo);
    expect(deposit).toMatchObject({ bonus: '188.00', claimable: true });

    const walletBefore = await wallet(member);
    const claim = await memberPost(member, `${P}/active/apply/depositActive`, {
      id: ids.deposit_bonus!,
      orderNo,
    });
    expect(claim.body).toMatchObject({
      status: true,
      data: { status: 'paid', reward: '188.00', turnover: '564.00', depositOrderNo: orderNo },
    });
    expect(await wallet(member)).toBe(walletBefore + 18_800n);
    // Deposits added none here (the test credits them directly); the bonus adds 3x.
    expect(await turnover(member)).toBe(56_400n);

    const replay = await memberPost(member, `${P}/active/apply/depositActive`, {
      id: ids.deposit_bonus!,
      orderNo,
    });
    expect(replay.body.data).toBe('promo_deposit_claimed');
    const rejoin = await memberPost(member, `${P}/active/join`, { id: ids.deposit_bonus! });
    expect(rejoin.body.data).toBe('promo_limit_reached');
    expect(await wallet(member)).toBe(walletBefore + 18_800n);

    const unknown = await memberPost(member, `${P}/active/apply/depositActive`, {
      id: ids.deposit_bonus!,
      orderNo: 'NOPE1234',
    });
    expect(unknown.body.data).toBe('promo_deposit_not_found');
    const state = await memberPost(member, `${P}/active/isJoinActive`, { id: ids.deposit_bonus! });
    expect(state.body.data).toMatchObject({ joined: false, paid: 1, limitReached: true });
  });

  it('refuses a reward past the budget in the paying transaction', async () => {
    const created = await operator('POST', '/admin/api/promo/promotions', {
      brand,
      kind: 'deposit_bonus',
      status: 'active',
      category: 'deposit',
      title: { 'zh-CN': '小预算加赠' },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      sort: 99,
      rules: { tiers: [{ minDepositMinor: 100, percent: 100, maxBonusMinor: 10_000 }] },
      budget: '150.00',
    });
    expect(created.body.status).toBe(true);
    const id = (created.body.data as { id: string }).id;
    const member = await harness.register({ brand });
    const first = await creditedDeposit(member, 10_000n);
    const second = await creditedDeposit(member, 10_000n);
    const paid = await memberPost(member, `${P}/active/apply/depositActive`, {
      id,
      orderNo: first,
    });
    expect(paid.body.data).toMatchObject({ status: 'paid', reward: '100.00' });
    const walletBefore = await wallet(member);
    const refused = await memberPost(member, `${P}/active/apply/depositActive`, {
      id,
      orderNo: second,
    });
    expect(refused.body.data).toBe('promo_budget_exhausted');
    expect(await wallet(member)).toBe(walletBefore);
    const [row] = await harness.database.db
      .select({ spent: promotions.spentMinor })
      .from(promotions)
      .where(eq(promotions.id, BigInt(id)));
    expect(row?.spent).toBe(10_000n);
  });
});

describe('double-pay attempts', () => {
  it('pays a deposit bonus once when the same deposit is claimed several times at once', async () => {
    const created = await operator('POST', '/admin/api/promo/promotions', {
      brand,
      kind: 'deposit_bonus',
      status: 'active',
      category: 'deposit',
      title: { 'zh-CN': '再存再送' },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      sort: 98,
      rules: { tiers: [{ minDepositMinor: 100, percent: 10, maxBonusMinor: 100_000 }] },
      turnoverMultiplierPercent: 200,
    });
    const id = (created.body.data as { id: string }).id;
    const member = await harness.register({ brand });
    const orderNo = await creditedDeposit(member, 100_000n);
    const walletBefore = await wallet(member);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        memberPost(member, `${P}/active/apply/depositActive`, { id, orderNo }),
      ),
    );
    expect(answers.filter((answer) => answer.body.status)).toHaveLength(1);
    for (const answer of answers.filter((entry) => !entry.body.status)) {
      expect(['promo_deposit_claimed', 'promo_claim_pending']).toContain(answer.body.data);
    }
    expect(await wallet(member)).toBe(walletBefore + 10_000n);
    expect(await turnover(member)).toBe(20_000n);
  });
});

describe('apply promotions and the review queue', () => {
  it('queues an application, pays it on approval once, and rejects others', async () => {
    const member = await harness.register({ brand });
    const applied = await memberPost(member, `${P}/active/apply/aloneActive`, {
      id: ids.apply!,
      note: '生日 5 月 1 日',
    });
    expect(applied.body.data).toMatchObject({ status: 'pending', reward: '0.00' });
    const twice = await memberPost(member, `${P}/active/apply/aloneActive`, { id: ids.apply! });
    expect(twice.body.data).toBe('promo_claim_pending');
    const wrongKind = await memberPost(member, `${P}/active/apply/aloneActive`, {
      id: ids.sign_in!,
    });
    expect(wrongKind.body.data).toBe('promotion_not_found');
    const flags = await memberGet(member, `${P}/flags`);
    expect(flags.body.data).toMatchObject({ pendingClaims: 1 });

    const queue = await operator('GET', `/admin/api/promo/claims?brand=${brand}&status=pending`);
    const claim = (queue.body.data as { items: { id: string; username: string }[] }).items.find(
      (item) => item.username === member.username,
    );
    expect(claim).toBeDefined();
    const bad = await operator('POST', `/admin/api/promo/claims/${claim!.id}/approve`, {
      amount: '-5',
    });
    expect(bad.statusCode).toBe(400);
    const approved = await operator('POST', `/admin/api/promo/claims/${claim!.id}/approve`, {
      amount: '20.00',
    });
    expect(approved.body.data).toMatchObject({ status: 'paid', reward: '20.00' });
    expect(await wallet(member)).toBe(2_000n);
    expect(await turnover(member)).toBe(2_000n);
    const again = await operator('POST', `/admin/api/promo/claims/${claim!.id}/approve`, {
      amount: '20.00',
    });
    expect(again.body.data).toBe('claim_not_pending');
    expect(await wallet(member)).toBe(2_000n);
    // perMemberLimit 1: paid once, no second application.
    const limit = await memberPost(member, `${P}/active/apply/aloneActive`, { id: ids.apply! });
    expect(limit.body.data).toBe('promo_limit_reached');

    const other = await harness.register({ brand });
    await memberPost(other, `${P}/active/apply/aloneActive`, { id: ids.apply! });
    const otherQueue = await operator(
      'GET',
      `/admin/api/promo/claims?brand=${brand}&status=pending`,
    );
    const otherClaim = (
      otherQueue.body.data as { items: { id: string; username: string }[] }
    ).items.find((item) => item.username === other.username);
    const rejected = await operator('POST', `/admin/api/promo/claims/${otherClaim!.id}/reject`, {
      note: '非生日月份',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reviewNote: '非生日月份' });
    expect(await wallet(other)).toBe(0n);
    expect(await actionsOf('promotion_claim_%')).toBeGreaterThanOrEqual(2);

    const records = await memberPost(member, `${P}/active/record`, { page: '1' });
    expect(
      (records.body.data as { items: { type: string; status: string }[] }).items[0],
    ).toMatchObject({ type: 'claim', status: 'paid', amount: '20.00' });
  });
});

describe('gift exchange', () => {
  async function gifts(member: Member) {
    const answer = await memberPost(member, `${P}/giftexchange/bet`);
    return answer.body.data as {
      turnover: string;
      used: string;
      available: string;
      gifts: { id: string; kind: string; turnoverCost: string; stock: number | null }[];
    };
  }

  it('uses up valid-bet turnover, pays cash gifts once per key', async () => {
    const member = await harness.register({ brand });
    const start = await gifts(member);
    expect(start).toMatchObject({ turnover: '0.00', available: '0.00' });
    const cash = start.gifts.find((gift) => gift.kind === 'cash' && gift.turnoverCost === '10.00')!;
    const poor = await memberPost(member, `${P}/giftexchange`, {
      giftId: cash.id,
      idempotencyKey: 'key-poor-0001',
    });
    expect(poor.body.data).toBe('gift_turnover_insufficient');

    await validBets(member, 2_500n);
    const key = `key-${randomUUID()}`;
    const exchanged = await memberPost(member, `${P}/giftexchange`, {
      giftId: cash.id,
      idempotencyKey: key,
    });
    expect(exchanged.body.data).toMatchObject({ status: 'paid', reward: '1.88' });
    const replay = await memberPost(member, `${P}/giftexchange`, {
      giftId: cash.id,
      idempotencyKey: key,
    });
    expect(replay.body.data).toEqual(exchanged.body.data);
    expect(await wallet(member)).toBe(188n);
    expect(await turnover(member)).toBe(188n);
    expect(await gifts(member)).toMatchObject({
      turnover: '25.00',
      used: '10.00',
      available: '15.00',
    });

    const otherGift = start.gifts.find((gift) => gift.id !== cash.id)!;
    const conflict = await memberPost(member, `${P}/giftexchange`, {
      giftId: otherGift.id,
      idempotencyKey: key,
    });
    expect(conflict.body.data).toBe('gift_key_conflict');
    const badKey = await memberPost(member, `${P}/giftexchange`, {
      giftId: cash.id,
      idempotencyKey: 'x',
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('lets concurrent exchanges spend the turnover only once', async () => {
    const member = await harness.register({ brand });
    await validBets(member, 3_000n);
    const cash = (await gifts(member)).gifts.find((gift) => gift.turnoverCost === '10.00')!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        memberPost(member, `${P}/giftexchange`, {
          giftId: cash.id,
          idempotencyKey: `race-${index}-${randomUUID().slice(0, 8)}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.body.status)).toHaveLength(3);
    expect(
      answers.filter((answer) => answer.body.data === 'gift_turnover_insufficient'),
    ).toHaveLength(3);
    expect(await wallet(member)).toBe(3n * 188n);
    expect(await gifts(member)).toMatchObject({ used: '30.00', available: '0.00' });
  });

  it('ships item gifts after review and gives stock and turnover back on rejection', async () => {
    const member = await harness.register({ brand });
    const list = await gifts(member);
    const item = list.gifts.find((gift) => gift.kind === 'item')!;
    await validBets(member, 300_000n);
    const missing = await memberPost(member, `${P}/giftexchange`, {
      giftId: item.id,
      idempotencyKey: `item-${randomUUID()}`,
    });
    expect(missing.body.data).toBe('gift_shipping_required');
    const exchanged = await memberPost(member, `${P}/giftexchange`, {
      giftId: item.id,
      idempotencyKey: `item-${randomUUID()}`,
      name: '张三',
      phone: '13800000000',
      address: '上海市浦东新区 1 号',
    });
    expect(exchanged.body.data).toMatchObject({ status: 'pending_delivery', reward: '0.00' });
    const exchangeId = (exchanged.body.data as { id: string }).id;
    const stockAfter = async () =>
      (
        await harness.database.db
          .select({ stock: promotionGifts.stock })
          .from(promotionGifts)
          .where(eq(promotionGifts.id, BigInt(item.id)))
      )[0]?.stock;
    expect(await stockAfter()).toBe((item.stock ?? 0) - 1);
    expect(await gifts(member)).toMatchObject({ available: '0.00' });

    const rejected = await operator('POST', `/admin/api/promo/exchanges/${exchangeId}/reject`, {
      reason: '地址无法送达',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', username: member.username });
    expect(await stockAfter()).toBe(item.stock);
    expect(await gifts(member)).toMatchObject({ available: '3000.00' });
    const twice = await operator('POST', `/admin/api/promo/exchanges/${exchangeId}/deliver`, {});
    expect(twice.body.data).toBe('exchange_not_pending');
    expect(await actionsOf('gift_exchange_%')).toBeGreaterThanOrEqual(1);
  });
});

describe('bad input', () => {
  it('answers every member call with a code and changes nothing', async () => {
    const member = await harness.register({ brand });
    const cases: [string, Record<string, string>, string | number][] = [
      [`${P}/active/join`, { id: 'abc' }, 400],
      [`${P}/active/join`, { id: ids.sign_in! }, 'promotion_not_found'],
      [`${P}/active/recharge/rewards`, { id: ids.apply! }, 'promotion_not_found'],
      [`${P}/active/rules`, { id: '0' }, 400],
      [`${P}/active/isJoinActive`, {}, 400],
      [`${P}/active/apply/depositActive`, { id: ids.deposit_bonus!, orderNo: '!' }, 400],
      [`${P}/active/apply/aloneActive`, { id: ids.apply!, note: 'x'.repeat(501) }, 400],
      [`${P}/active/record`, { page: '0' }, 400],
      [
        `${P}/giftexchange`,
        { giftId: '999999999', idempotencyKey: 'key-unknown-1' },
        'gift_not_found',
      ],
      [`${P}/giftexchange`, { idempotencyKey: 'key-unknown-2' }, 400],
      [`${P}/resign`, {}, 400],
    ];
    for (const [url, fields, expected] of cases) {
      const answer = await memberPost(member, url, fields);
      expect(answer.body.status, `${url} ${JSON.stringify(fields)}`).toBe(false);
      if (typeof expected === 'number') expect(answer.statusCode, url).toBe(expected);
      else expect(answer.body.data, url).toBe(expected);
    }
    const rules = await memberPost(null, `${P}/active/rules`, { id: ids.sign_in! });
    expect(rules.body.data).toMatchObject({
      rules: { streakRewards: ['1.00', '2.00', '3.00', '5.00', '8.00', '10.00', '18.00'] },
    });
    for (const url of [`${P}/active/isJoinActive`, `${P}/active/record`, `${P}/giftexchange`]) {
      expect((await memberPost(null, url, { id: ids.apply! })).body.data).toBe('token');
    }
    expect(await wallet(member)).toBe(0n);
    const records = await memberPost(member, `${P}/active/record`, {});
    expect(records.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('answers operator calls with codes', async () => {
    const anonymous = await harness.app.inject({
      method: 'GET',
      url: `/admin/api/promo/promotions?brand=${brand}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await operator('GET', '/admin/api/promo/claims?brand=nosuchbrand')).body.data).toBe(
      'unknown_site',
    );
    expect(
      (await operator('PUT', '/admin/api/promo/promotions/999999999', { sort: 1 })).body.data,
    ).toBe('promotion_not_found');
    expect(
      (await operator('POST', '/admin/api/promo/claims/999999999/reject', { note: 'x' })).body.data,
    ).toBe('claim_not_found');
    expect(
      (await operator('POST', '/admin/api/promo/exchanges/999999999/deliver', {})).body.data,
    ).toBe('exchange_not_found');
    expect((await operator('POST', '/admin/api/promo/exchanges/1/ship', {})).statusCode).toBe(400);
    const backwards = await operator('PUT', `/admin/api/promo/promotions/${ids.display}`, {
      endsAt: '2000-01-01T00:00:00Z',
    });
    expect(backwards.body.data).toBe('promo_rules_invalid');
  });
});

describe('operator configuration', () => {
  it('validates rules per kind and logs every change', async () => {
    const bad = await operator('POST', '/admin/api/promo/promotions', {
      brand,
      kind: 'sign_in',
      category: 'daily',
      title: { 'zh-CN': '坏规则' },
      startsAt: new Date().toISOString(),
      rules: { streakRewardsMinor: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data).toBe('promo_rules_invalid');
    const noTitle = await operator('POST', '/admin/api/promo/promotions', {
      brand,
      kind: 'display',
      category: 'other',
      title: {},
      startsAt: new Date().toISOString(),
    });
    expect(noTitle.statusCode).toBe(400);

    const created = await operator('POST', '/admin/api/promo/promotions', {
      brand,
      kind: 'display',
      category: 'other',
      title: { 'zh-CN': '草稿', en: 'Draft' },
      startsAt: new Date(Date.now() - 1000).toISOString(),
    });
    const id = (created.body.data as { id: string }).id;
    expect((await memberGet(null, `${P}/detail?id=${id}`)).body.data).toBe('promotion_not_found');
    const activated = await operator('POST', `/admin/api/promo/promotions/${id}/status`, {
      status: 'active',
    });
    expect(activated.body.data).toMatchObject({ status: 'active' });
    const detail = await get(harness.app, `${P}/detail?id=${id}`, { ...host, lang: 'en' });
    expect(detail.body.data).toMatchObject({ title: 'Draft' });
    const updated = await operator('PUT', `/admin/api/promo/promotions/${id}`, {
      endsAt: new Date(Date.now() - 500).toISOString(),
    });
    expect(updated.body.data).toMatchObject({ id });
    const list = await memberGet(null, `${P}/list`);
    expect(
      (list.body.data as { items: { id: string }[] }).items.some((item) => item.id === id),
    ).toBe(false);
    expect(await actionsOf('promotion_%')).toBeGreaterThanOrEqual(3);
  });

  it('manages banners and popup notices', async () => {
    const created = await operator('POST', '/admin/api/promo/banners', {
      brand,
      placement: 'popup',
      title: { 'zh-CN': '维护通知' },
      body: { 'zh-CN': '今晚维护' },
      linkUrl: 'javascript:alert(1)',
    });
    expect(created.statusCode).toBe(400);
    const ok = await operator('POST', '/admin/api/promo/banners', {
      brand,
      placement: 'popup',
      title: { 'zh-CN': '维护通知' },
      body: { 'zh-CN': '今晚维护' },
      sort: 99,
    });
    const id = (ok.body.data as { id: string }).id;
    let cover = await memberGet(null, `${P}/topCover`);
    expect((cover.body.data as { notices: { id: string }[] }).notices.map((n) => n.id)).toContain(
      id,
    );
    await operator('PUT', `/admin/api/promo/banners/${id}`, { active: false });
    cover = await memberGet(null, `${P}/topCover`);
    expect(
      (cover.body.data as { notices: { id: string }[] }).notices.map((n) => n.id),
    ).not.toContain(id);
    const deleted = await operator('DELETE', `/admin/api/promo/banners/${id}`);
    expect(deleted.body.data).toEqual({ deleted: true });
    const gone = await operator('DELETE', `/admin/api/promo/banners/${id}`);
    expect(gone.body.data).toBe('banner_not_found');
    expect(await actionsOf('promo_banner_%')).toBeGreaterThanOrEqual(3);
  });

  it('adds gifts to gift promotions only', async () => {
    const wrong = await operator('POST', `/admin/api/promo/promotions/${ids.sign_in}/gifts`, {
      kind: 'cash',
      name: { 'zh-CN': '现金' },
      turnoverCost: '1.00',
      reward: '1.00',
    });
    expect(wrong.body.data).toBe('promotion_not_found');
    const noReward = await operator('POST', `/admin/api/promo/promotions/${ids.gift}/gifts`, {
      kind: 'cash',
      name: { 'zh-CN': '现金' },
      turnoverCost: '1.00',
    });
    expect(noReward.body.data).toBe('promo_rules_invalid');
    const created = await operator('POST', `/admin/api/promo/promotions/${ids.gift}/gifts`, {
      kind: 'item',
      name: { 'zh-CN': '水杯' },
      turnoverCost: '50.00',
      stock: 3,
    });
    const giftId = (created.body.data as { id: string }).id;
    const hidden = await operator('PUT', `/admin/api/promo/gifts/${giftId}`, { active: false });
    expect(hidden.body.data).toMatchObject({ active: false });
    const listed = await operator('GET', `/admin/api/promo/promotions/${ids.gift}/gifts`);
    expect((listed.body.data as { id: string }[]).some((gift) => gift.id === giftId)).toBe(true);
  });

  it('keeps the money exact', async () => {
    expect(await harness.ledger.check()).toEqual([]);
    const rows = await harness.database.db
      .select({ total: count() })
      .from(promotions)
      .where(and(eq(promotions.brandCode, brand), eq(promotions.kind, 'sign_in')));
    expect(rows[0]?.total).toBe(1);
  });
});
