import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@lobby/i18n';
import { addDays, addMonths, dayOf, dayStart, monthOf, monthStart } from '@lobby/time';
import { memberVips, vipLevels, vipRewards } from './vip.schema.ts';
import { gameBetRecords } from '../../games/bet-records/bet-records.schema.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { depositOrders } from '../../money/deposit/deposit.schema.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { onPostgres } from '../../../test/database.ts';
import { get, post } from '../../../test/members.ts';
import { outstandingTurnover } from '../../money/turnover/turnover.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import {
  addCard,
  createWalletTestApp,
  WITHDRAW_PASSWORD,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';
import { vipMonthlySweep, vipRebateSweep, vipUpgradeSweep } from './vip-sweeps.ts';
import { createBrandInZone, NEW_YORK } from '../engagement.test-support.ts';
import { zonedDayRange } from './vip.rules.ts';
import { VipService } from './vip.service.ts';
import type { SweepContext } from '../../../jobs/scheduler.ts';
import {
  ensureJobRun,
  markJobFinished,
  markJobStarted,
  saveJobCursor,
} from '../../../jobs/job-runs.repository.ts';
import { VIP_REBATE_SWEEP } from './vip-job-sweeps.ts';
import { silentLogger } from '../../../test/logger.ts';

/** The zone of the brands these tests create (the default). */
const SHANGHAI = 'Asia/Shanghai';
const HOUR_MS = 60 * 60 * 1000;

let harness: WalletTestApp;
let vip: VipService;

beforeAll(async () => {
  harness = await createWalletTestApp();
  vip = new VipService({
    db: harness.database.db,
    ledger: harness.ledger,
    operators: new OperatorService(harness.database.db),
  });
});
afterAll(async () => {
  await harness.close();
});

type VipLevelView = {
  level: number;
  icon: string;
  depositThreshold: string;
  turnoverThreshold: string;
  upgradeBonus: string;
  monthlyBonus: string;
  rebateRates: { category: number; ratePercent: string }[];
  withdrawDailyCount: number;
  withdrawDailyMax: string;
};
type MemberVip = {
  level: number;
  icon: string;
  deposit: string;
  turnover: string;
  next: {
    level: number;
    depositPercent: number;
    turnoverPercent: number;
    depositRemaining: string;
  } | null;
  privileges: VipLevelView;
  rewards: { kind: string; level: number; period: string; amount: string }[];
};

function brandOf(code: string) {
  const brand = harness.app.brands.get(code);
  if (!brand) throw new Error(`no brand ${code}`);
  return brand;
}

/** A confirmed deposit, as the cashier would leave it (the VIP module only reads the orders). */
async function confirmedDeposit(member: Member, amountMinor: bigint) {
  const key = randomUUID();
  await harness.database.db.insert(depositOrders).values({
    orderNo: `V${key.replaceAll('-', '').slice(0, 20)}`,
    brandCode: member.brand,
    memberId: member.memberId,
    channelCode: 'bank',
    channelType: 'bank',
    currency: 'CNY',
    amountMinor,
    status: 'confirmed',
    idempotencyKey: key,
    requestHash: key,
    decidedAt: new Date(),
  });
}

/** A settled round with this valid bet, as the bet-record sync would record it. */
async function betRecord(member: Member, category: number, validBetMinor: bigint, settledAt: Date) {
  await harness.database.db.insert(gameBetRecords).values({
    platformId: 9000 + category,
    roundId: randomUUID(),
    brandCode: member.brand,
    memberId: member.memberId,
    gameCode: 'test',
    category,
    currency: 'CNY',
    betMinor: validBetMinor,
    validBetMinor,
    payoutMinor: 0n,
    placedAt: settledAt,
    settledAt,
  });
}

async function rewardsOf(member: Member) {
  return harness.database.db
    .select()
    .from(vipRewards)
    .where(eq(vipRewards.memberId, member.memberId))
    .orderBy(vipRewards.level);
}

async function entriesOf(member: Member, kind: string) {
  return harness.database.db
    .select()
    .from(journalEntries)
    .where(like(journalEntries.idempotencyKey, `vip:${kind}:${member.memberId}:%`));
}

async function admin(method: 'GET' | 'POST' | 'PUT', url: string, body?: object) {
  const response = await harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
    ...(body ? { payload: body } : {}),
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown }>(),
  };
}

async function memberVip(member: Member): Promise<MemberVip> {
  const answer = await get(harness.app, '/api/findmed/v1/member/vips', member.headers);
  expect(answer.body.status).toBe(true);
  return answer.body.data as MemberVip;
}

/** Yesterday in Asia/Shanghai (a day that has ended), with an instant inside it. */
function yesterday() {
  const day = dayOf(new Date(Date.now() - 24 * 60 * 60 * 1000), SHANGHAI);
  const range = zonedDayRange(day, SHANGHAI);
  if (!range) throw new Error('no day');
  return { day, at: new Date(range.from.getTime() + 3 * 60 * 60 * 1000) };
}

describe('the level table', () => {
  it('lists 31 levels to guests with icons, thresholds and capped rates', async () => {
    const answer = await get(harness.app, '/api/findmed/v1/member/vips/list');
    expect(answer.statusCode).toBe(200);
    const data = answer.body.data as { maxRebateRatePercent: number; levels: VipLevelView[] };
    expect(data.levels.map((level) => level.level)).toEqual(
      Array.from({ length: 31 }, (_, index) => index),
    );
    expect(new Set(data.levels.map((level) => level.icon)).size).toBe(31);
    expect(data.levels[0]).toMatchObject({ depositThreshold: '0.00', turnoverThreshold: '0.00' });
    expect(data.levels[1]).toMatchObject({
      depositThreshold: '1000.00',
      turnoverThreshold: '0.00',
    });
    for (const level of data.levels) {
      expect(level.rebateRates.map((rate) => rate.category)).toEqual([2, 3, 4, 5, 6, 7, 8]);
      for (const rate of level.rebateRates) {
        expect(Number(rate.ratePercent)).toBeLessThanOrEqual(data.maxRebateRatePercent);
      }
    }
    expect(Number(data.levels[30]?.rebateRates[0]?.ratePercent)).toBe(data.maxRebateRatePercent);
  });

  it('serves a distinct, cacheable icon per level and 404 for anything else', async () => {
    const one = await harness.app.inject({ method: 'GET', url: '/api/vip/icons/vip-1.svg?v=1' });
    const two = await harness.app.inject({ method: 'GET', url: '/api/vip/icons/vip-30.svg' });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('image/svg+xml');
    expect(one.headers['cache-control']).toContain('max-age=31536000');
    expect(one.body).toContain('VIP1');
    expect(two.body).not.toBe(one.body);
    for (const file of ['vip-31.svg', 'vip-01.svg', 'vip-1.png', 'vip--1.svg']) {
      const bad = await harness.app.inject({ method: 'GET', url: `/api/vip/icons/${file}` });
      expect(bad.statusCode).toBe(404);
    }
  });

  it('runs its three sweeps with the app', () => {
    expect(harness.app.sweeps.map((sweep) => sweep.name)).toEqual(
      expect.arrayContaining(['vip-upgrade', 'vip-rebate', 'vip-monthly']),
    );
  });

  it('asks for a session on the member view', async () => {
    const answer = await get(harness.app, '/api/findmed/v1/member/vips');
    expect(answer.body).toMatchObject({ status: false, data: 'token' });
  });
});

describe('upgrades', () => {
  it('reaches level 1 with a deposit of 1,000.00 and pays its bonus once', async () => {
    const member = await harness.register();
    const before = await memberVip(member);
    expect(before).toMatchObject({ level: 0, deposit: '0.00', rewards: [] });
    expect(before.next).toMatchObject({ level: 1, depositPercent: 0, depositRemaining: '1000.00' });
    // Read once before, so that a node keeping member info must learn of the new level.
    const infoBefore = await get(harness.app, '/api/findmed/v1/member/token', member.headers);
    expect(infoBefore.body.data).toMatchObject({ vipLevel: 0 });

    await confirmedDeposit(member, 100_000n);
    const after = await memberVip(member);
    expect(after.level).toBe(1);
    expect(after.deposit).toBe('1000.00');
    expect(after.rewards).toEqual([
      expect.objectContaining({ kind: 'upgrade', level: 1, period: '', amount: '8.00' }),
    ]);
    expect(after.next).toMatchObject({ level: 2, depositPercent: 25 });
    expect(await harness.balances(member)).toEqual({ walletMinor: 800n, lockedMinor: 0n });
    // The bonus adds its turnover (multiplier 100 %).
    expect(
      await outstandingTurnover(harness.database.db, member.brand, member.memberId, 'CNY'),
    ).toBe(800n);

    // The member info (the header's badge) shows the level.
    const info = await get(harness.app, '/api/findmed/v1/member/token', member.headers);
    expect(info.body.data).toMatchObject({ vipLevel: 1 });

    // Reading again, the sweep's run and the operator's run pay nothing more.
    await memberVip(member);
    await vip.upgradeMembers(brandOf(member.brand), [member.memberId]);
    expect(await harness.balances(member)).toEqual({ walletMinor: 800n, lockedMinor: 0n });
    expect(await entriesOf(member, 'upgrade')).toHaveLength(1);
  });

  it('pays every skipped level once, and levels never go down', async () => {
    const brand = await harness.createBrand({});
    const member = await harness.register({ brand });
    // Level 3 needs 9,000.00 deposited and 45,000.00 of valid bets.
    await confirmedDeposit(member, 900_000n);
    await betRecord(member, 2, 4_500_000n, new Date());
    const first = await vip.upgradeMembers(brandOf(brand), [member.memberId]);
    expect(first).toMatchObject({ paid: 3, amountMinor: 11_200n });
    const second = await vip.upgradeMembers(brandOf(brand), [member.memberId]);
    expect(second).toMatchObject({ paid: 0, amountMinor: 0n });
    expect((await rewardsOf(member)).map((reward) => [reward.level, reward.amountMinor])).toEqual([
      [1, 800n],
      [2, 3_200n],
      [3, 7_200n],
    ]);
    expect(await harness.balances(member)).toEqual({ walletMinor: 11_200n, lockedMinor: 0n });

    // An operator raises level 3's thresholds above the member's totals: the member keeps it.
    const raised = await admin('PUT', '/admin/api/vip/levels/3', {
      brand,
      depositThreshold: '9500.00',
    });
    expect(raised.body.status).toBe(true);
    expect((await memberVip(member)).level).toBe(3);
  });

  it(`pays once when many evaluate the same member at once${onPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const member = await harness.register();
    await confirmedDeposit(member, 100_000n);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0
          ? get(harness.app, '/api/findmed/v1/member/vips', member.headers)
          : vip.upgradeMembers(brandOf(member.brand), [member.memberId]),
      ),
    );
    expect(answers).toHaveLength(6);
    expect(await entriesOf(member, 'upgrade')).toHaveLength(1);
    expect(await rewardsOf(member)).toHaveLength(1);
    expect(await harness.balances(member)).toEqual({ walletMinor: 800n, lockedMinor: 0n });
  });

  it('the upgrade sweep evaluates members whose deposits or bets changed', async () => {
    const member = await harness.register();
    await confirmedDeposit(member, 100_000n);
    let cursor: Record<string, unknown> = { since: new Date(Date.now() - 60_000).toISOString() };
    const context: SweepContext = {
      db: harness.database.db,
      get cursor() {
        return cursor;
      },
      saveCursor: async (next) => {
        cursor = next;
      },
      resumed: false,
      signal: new AbortController().signal,
      log: silentLogger,
    };
    const sweep = vipUpgradeSweep({ vip, brands: () => harness.app.brands.all() });
    await sweep.run(context);
    await sweep.run(context);
    const [row] = await harness.database.db
      .select()
      .from(memberVips)
      .where(eq(memberVips.memberId, member.memberId));
    expect(row?.level).toBe(1);
    expect(await entriesOf(member, 'upgrade')).toHaveLength(1);
    expect(typeof cursor.since).toBe('string');
  });
});

describe('daily rebates', () => {
  it('pays valid bets x the level rate per category, rounded down, once per day', async () => {
    const brand = await harness.createBrand({});
    const list = (await get(harness.app, '/api/findmed/v1/member/vips/list', harness.hostOf(brand)))
      .body.data as { maxRebateRatePercent: number };
    const maxBp = Math.round(list.maxRebateRatePercent * 100);
    const casinoBp = Math.floor(maxBp / 30);
    const lotteryBp = Math.floor(casinoBp / 2);
    const member = await harness.register({ brand });
    await confirmedDeposit(member, 100_000n);
    await vip.upgradeMembers(brandOf(brand), [member.memberId]);
    const walletAfterUpgrade = (await harness.balances(member)).walletMinor;

    const { day, at } = yesterday();
    await betRecord(member, 2, 1_000_000n, at);
    await betRecord(member, 5, 33_333n, at);
    // Today's bets belong to tomorrow's rebate.
    await betRecord(member, 2, 5_000_000n, new Date());
    const expected =
      (1_000_000n * BigInt(casinoBp)) / 10_000n + (33_333n * BigInt(lotteryBp)) / 10_000n;

    const first = await vip.payRebates(brandOf(brand), day);
    const second = await vip.payRebates(brandOf(brand), day);
    expect(first).toMatchObject({ paid: 1, amountMinor: expected });
    expect(second).toMatchObject({ paid: 0, amountMinor: 0n });
    const rebates = (await rewardsOf(member)).filter((reward) => reward.kind === 'rebate');
    expect(rebates).toHaveLength(1);
    expect(rebates[0]).toMatchObject({ period: day, level: 1, amountMinor: expected });
    expect(rebates[0]?.breakdown).toMatchObject({
      '2': { rateBp: casinoBp },
      '5': { rateBp: lotteryBp },
    });
    expect((await harness.balances(member)).walletMinor).toBe(walletAfterUpgrade + expected);
    expect(await entriesOf(member, 'rebate')).toHaveLength(1);
  });

  it('caps rates at the brand maximum and writes nothing for a zero rebate', async () => {
    const brand = await harness.createBrand({});
    const maxBp = Math.round(brandOf(brand).config.settings.maxRebateRatePercent * 100);
    const rich = await harness.register({ brand });
    const tiny = await harness.register({ brand });
    // A rate above the maximum cannot be set through the API; written straight into the table
    // (an older maximum, say) it is still paid at the maximum.
    await vip.levelsOf(brandOf(brand));
    await harness.database.db
      .update(vipLevels)
      .set({ rebateRatesBp: { '2': maxBp * 10, '3': 1 } })
      .where(and(eq(vipLevels.brandCode, brand), eq(vipLevels.level, 0)));
    const { day, at } = yesterday();
    await betRecord(rich, 2, 1_000_000n, at);
    await betRecord(tiny, 3, 9_999n, at); // 9,999 x 1 bp rounds down to zero
    const report = await vip.payRebates(brandOf(brand), day);
    expect(report).toMatchObject({
      members: 2,
      paid: 1,
      amountMinor: (1_000_000n * BigInt(maxBp)) / 10_000n,
    });
    expect(await rewardsOf(tiny)).toEqual([]);
    expect(await entriesOf(tiny, 'rebate')).toEqual([]);
  });

  it(`pays once when runs of the same day overlap${onPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const brand = await harness.createBrand({});
    const members = await Promise.all(Array.from({ length: 3 }, () => harness.register({ brand })));
    const { day, at } = yesterday();
    for (const member of members) {
      await confirmedDeposit(member, 100_000n);
      await betRecord(member, 4, 2_000_000n, at);
    }
    await vip.upgradeMembers(
      brandOf(brand),
      members.map((member) => member.memberId),
    );
    const reports = await Promise.all(
      Array.from({ length: 4 }, () => vip.payRebates(brandOf(brand), day)),
    );
    expect(reports.reduce((sum, report) => sum + report.paid, 0)).toBe(3);
    for (const member of members) {
      expect(await entriesOf(member, 'rebate')).toHaveLength(1);
      expect((await rewardsOf(member)).filter((reward) => reward.kind === 'rebate')).toHaveLength(
        1,
      );
    }
  }, 60_000);

  it('the sweep pays ended days from its cursor, catches up, and pays nothing twice', async () => {
    const brand = await harness.createBrand({});
    const member = await harness.register({ brand });
    await confirmedDeposit(member, 100_000n);
    await vip.upgradeMembers(brandOf(brand), [member.memberId]);
    const now = new Date();
    const days = [3, 2, 1].map((back) => {
      const day = dayOf(new Date(now.getTime() - back * 24 * 60 * 60 * 1000), SHANGHAI);
      const range = zonedDayRange(day, SHANGHAI);
      if (!range) throw new Error('day');
      return { day, at: new Date(range.from.getTime() + 60 * 60 * 1000) };
    });
    for (const { at } of days) await betRecord(member, 2, 1_000_000n, at);
    let cursor: Record<string, unknown> = {
      day: dayOf(new Date(now.getTime() - 4 * 86_400_000), SHANGHAI),
    };
    const context: SweepContext = {
      db: harness.database.db,
      get cursor() {
        return cursor;
      },
      saveCursor: async (next) => {
        cursor = next;
      },
      resumed: false,
      signal: new AbortController().signal,
      log: silentLogger,
    };
    // At 00:05 yesterday's rebate is not due yet: only the two days before are paid.
    const early = new Date(`${dayOf(now, SHANGHAI)}T00:05:00+08:00`);
    const sweepAt = (instant: Date) =>
      vipRebateSweep({ vip, brands: () => [brandOf(brand)], now: () => instant });
    await sweepAt(early).run(context);
    expect(cursor.day).toBe(days[1]?.day);
    expect(
      (await rewardsOf(member)).filter((reward) => reward.kind === 'rebate').map((r) => r.period),
    ).toEqual([days[0]?.day, days[1]?.day]);
    const late = new Date(`${dayOf(now, SHANGHAI)}T00:30:00+08:00`);
    await sweepAt(late).run(context);
    await sweepAt(late).run(context);
    cursor = {};
    await sweepAt(late).run(context);
    expect(cursor.day).toBe(days[2]?.day);
    expect(await entriesOf(member, 'rebate')).toHaveLength(3);
  });
});

describe('monthly bonuses', () => {
  it('pays each member at level 1 or above once a month', async () => {
    const brand = await harness.createBrand({});
    const member = await harness.register({ brand });
    const idle = await harness.register({ brand });
    await confirmedDeposit(member, 100_000n);
    await vip.upgradeMembers(brandOf(brand), [member.memberId, idle.memberId]);
    const month = dayOf(new Date(), SHANGHAI).slice(0, 7);
    const first = await vip.payMonthly(brandOf(brand), month);
    const second = await vip.payMonthly(brandOf(brand), month);
    expect(first).toMatchObject({ paid: 1, amountMinor: 300n });
    expect(second).toMatchObject({ paid: 0 });
    // A later upgrade in the same month does not pay a second monthly bonus.
    await confirmedDeposit(member, 300_000n);
    await betRecord(member, 2, 2_000_000n, new Date());
    await vip.upgradeMembers(brandOf(brand), [member.memberId]);
    expect((await memberVip(member)).level).toBe(2);
    expect(await vip.payMonthly(brandOf(brand), month)).toMatchObject({ paid: 0 });
    expect(await entriesOf(member, 'monthly')).toHaveLength(1);
    expect(await entriesOf(idle, 'monthly')).toHaveLength(0);
  });
});

describe('operator API', () => {
  it('refuses bad level changes and changes nothing', async () => {
    const brand = await harness.createBrand({});
    const before = (await admin('GET', `/admin/api/vip/levels?brand=${brand}`)).body.data as {
      levels: unknown[];
      maxRebateRatePercent: number;
    };
    expect(before.levels).toHaveLength(31);
    const maxBp = Math.round(before.maxRebateRatePercent * 100);
    const cases: [string, object, string][] = [
      ['2', { brand, depositThreshold: '50.00' }, 'vip_thresholds_out_of_order'],
      ['0', { brand, turnoverThreshold: '1.00' }, 'vip_thresholds_out_of_order'],
      ['1', { brand, depositThreshold: '0' }, 'vip_thresholds_out_of_order'],
      ['30', { brand, depositThreshold: '1.00' }, 'vip_thresholds_out_of_order'],
      ['5', { brand, rebateRatesBp: { '2': maxBp + 1 } }, 'vip_rate_above_max'],
      ['5', { brand, upgradeBonus: '-5' }, 'vip_amount_invalid'],
      ['5', { brand, monthlyBonus: '1.001' }, 'vip_amount_invalid'],
      ['5', { brand, withdrawDailyMax: 'abc' }, 'vip_amount_invalid'],
      ['5', { brand, rebateRatesBp: { '9': 1 } }, 'validation'],
      ['5', { brand, withdrawDailyCount: -1 }, 'validation'],
      ['5', { brand, surprise: 1 }, 'validation'],
      ['31', { brand, upgradeBonus: '1' }, 'validation'],
      ['5', { brand: 'nosuchbrand', upgradeBonus: '1' }, 'unknown_site'],
    ];
    for (const [level, body, code] of cases) {
      const answer = await admin('PUT', `/admin/api/vip/levels/${level}`, body);
      expect([answer.statusCode, answer.body.data]).toEqual([expect.any(Number), code]);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    const after = (await admin('GET', `/admin/api/vip/levels?brand=${brand}`)).body.data as {
      levels: unknown[];
    };
    expect(after.levels).toEqual(before.levels);
    const logged = await harness.database.db
      .select()
      .from(operatorActions)
      .where(like(operatorActions.targetId, `${brand}:%`));
    expect(logged).toEqual([]);
  });

  it('changes a level and records it', async () => {
    const brand = await harness.createBrand({});
    const answer = await admin('PUT', '/admin/api/vip/levels/30', {
      brand,
      monthlyBonus: '8888.00',
      rebateRatesBp: { '6': 100 },
      reason: 'autumn campaign',
    });
    expect(answer.body.status).toBe(true);
    expect(answer.body.data).toMatchObject({ level: 30, monthlyBonus: '8888.00' });
    expect((answer.body.data as { rebateRatesBp: Record<string, number> }).rebateRatesBp['6']).toBe(
      100,
    );
    const [action] = await harness.database.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.targetId, `${brand}:30`));
    expect(action).toMatchObject({ action: 'vip_level_update', reason: 'autumn campaign' });
    expect(action?.details).toMatchObject({ changed: { monthlyBonus: { to: '8888.00' } } });
    // Before and after hold the changed fields only, as operators read them.
    const { before, after } = action!.details as Record<string, Record<string, unknown>>;
    expect(Object.keys(after!).sort()).toEqual(['monthlyBonus', 'rebateRatesBp']);
    expect(after).toMatchObject({ monthlyBonus: '8888.00', rebateRatesBp: { '6': 100 } });
    expect(before?.monthlyBonus).not.toBe('8888.00');
  });

  it('runs jobs for ended periods only, idempotently, and lists rewards', async () => {
    const brand = await harness.createBrand({});
    const member = await harness.register({ brand });
    await confirmedDeposit(member, 100_000n);
    const { day, at } = yesterday();
    await betRecord(member, 2, 1_000_000n, at);

    const upgrade = await admin('POST', '/admin/api/vip/jobs', { brand, job: 'upgrade' });
    expect(upgrade.body.data).toMatchObject({ job: 'upgrade', paid: 1, amount: '8.00' });
    const rebate = await admin('POST', '/admin/api/vip/jobs', { brand, job: 'rebate', day });
    expect(rebate.body.data).toMatchObject({ job: 'rebate', period: day, paid: 1 });
    const again = await admin('POST', '/admin/api/vip/jobs', { brand, job: 'rebate', day });
    expect(again.body.data).toMatchObject({ paid: 0, amount: '0.00' });

    const today = dayOf(new Date(), SHANGHAI);
    const refused: [object, string][] = [
      [{ brand, job: 'rebate', day: today }, 'vip_period_invalid'],
      [{ brand, job: 'rebate', day: '2026-02-30' }, 'vip_period_invalid'],
      [{ brand, job: 'monthly', month: '2999-01' }, 'vip_period_invalid'],
      [{ brand, job: 'monthly', month: '2026-13' }, 'vip_period_invalid'],
      [{ brand, job: 'rebate', day: '26-1-1' }, 'validation'],
      [{ brand, job: 'payday' }, 'validation'],
    ];
    for (const [body, code] of refused) {
      const answer = await admin('POST', '/admin/api/vip/jobs', body);
      expect(answer.body.data).toBe(code);
      expect(answer.statusCode).toBe(400);
    }

    const listed = await admin(
      'GET',
      `/admin/api/vip/rewards?brand=${brand}&username=${member.username}&kind=rebate`,
    );
    expect(listed.body.data).toMatchObject({
      total: 1,
      items: [{ kind: 'rebate', period: day, username: member.username }],
    });
    const actions = await harness.database.db
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.brandCode, brand), eq(operatorActions.action, 'vip_job_run')));
    expect(actions).toHaveLength(3);
  });
});

describe('operator API: the jobs', () => {
  type JobsView = {
    brand: string;
    currency: string;
    timeZone: string;
    jobs: {
      job: string;
      intervalMinutes: number;
      runCount: number;
      lastStatus: string | null;
      lastError: string | null;
      lastFinishedAt: string | null;
      nextDueAt: string | null;
      sweptThrough: string | null;
      lastReward: { period: string; amount: string; createdAt: string } | null;
    }[];
  };
  const jobOf = (view: JobsView, job: string) => view.jobs.find((item) => item.job === job);

  it("shows each sweep's last run and the brand's newest reward of each kind", async () => {
    const brand = await harness.createBrand({});
    const fresh = (await admin('GET', `/admin/api/vip/jobs?brand=${brand}`)).body.data as JobsView;
    expect(fresh).toMatchObject({ brand, currency: 'CNY', timeZone: SHANGHAI });
    expect(fresh.jobs.map((job) => [job.job, job.intervalMinutes, job.lastReward])).toEqual([
      ['upgrade', 1, null],
      ['rebate', 5, null],
      ['monthly', 5, null],
    ]);

    const member = await harness.register({ brand });
    await confirmedDeposit(member, 100_000n);
    expect(
      (await admin('POST', '/admin/api/vip/jobs', { brand, job: 'upgrade' })).body.data,
    ).toMatchObject({ paid: 1 });
    // The rebate sweep's run as the scheduler records it: failed, after paying this brand to a day.
    const db = harness.database.db;
    await ensureJobRun(db, VIP_REBATE_SWEEP);
    await markJobStarted(db, VIP_REBATE_SWEEP, 'test-node');
    await saveJobCursor(db, VIP_REBATE_SWEEP, {
      day: '2026-01-01',
      days: { [brand]: '2026-01-03', other: '2026-01-01' },
    });
    await markJobFinished(db, VIP_REBATE_SWEEP, {
      status: 'failed',
      error: 'connection reset',
      nextDueInMs: 300_000,
    });

    const view = (await admin('GET', `/admin/api/vip/jobs?brand=${brand}`)).body.data as JobsView;
    expect(jobOf(view, 'upgrade')?.lastReward).toMatchObject({ period: '', amount: '8.00' });
    expect(jobOf(view, 'monthly')?.lastReward).toBeNull();
    expect(jobOf(view, 'rebate')).toMatchObject({
      lastStatus: 'failed',
      lastError: 'connection reset',
      sweptThrough: '2026-01-03',
      lastReward: null,
    });
    expect(jobOf(view, 'rebate')?.runCount).toBeGreaterThanOrEqual(1);
    expect(Date.parse(jobOf(view, 'rebate')?.nextDueAt ?? '')).toBeGreaterThan(Date.now());

    const unknown = await admin('GET', '/admin/api/vip/jobs?brand=nosuchbrand');
    expect([unknown.statusCode >= 400 && unknown.statusCode < 500, unknown.body.data]).toEqual([
      true,
      'unknown_site',
    ]);
    const missing = await admin('GET', '/admin/api/vip/jobs');
    expect([missing.statusCode, missing.body.data]).toEqual([400, 'validation']);
  });
});

describe('withdrawal limits of the level', () => {
  async function withdraw(member: Member, accountId: string, amount: string) {
    return post(
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
  }

  it("holds the level's daily amount and count", async () => {
    const brand = await harness.createBrand({ withdrawMinMinor: 1_000 });
    expect(
      (await admin('PUT', '/admin/api/vip/levels/0', { brand, withdrawDailyMax: '250.00' })).body
        .status,
    ).toBe(true);
    const member = await harness.register({ brand, realName: '张三' });
    await harness.deposit(member, 100_000n);
    const accountId = await addCard(harness.app, member);
    expect((await withdraw(member, accountId, '200.00')).body.status).toBe(true);
    const refused = await withdraw(member, accountId, '100.00');
    expect(refused.body).toMatchObject({ status: false, data: 'withdraw_daily_amount_limit' });
    expect(refused.body.message).toBe(
      errorMessage('withdraw_daily_amount_limit', 'zh-CN', { max: '250.00', remaining: '50.00' }),
    );
    expect(await harness.balances(member)).toEqual({ walletMinor: 80_000n, lockedMinor: 20_000n });
    expect((await withdraw(member, accountId, '50.00')).body.status).toBe(true);

    expect(
      (
        await admin('PUT', '/admin/api/vip/levels/0', {
          brand,
          withdrawDailyCount: 2,
          withdrawDailyMax: '5000.00',
        })
      ).body.status,
    ).toBe(true);
    const third = await withdraw(member, accountId, '100.00');
    expect(third.body).toMatchObject({ status: false, data: 'withdraw_daily_limit' });
    expect(third.body.message).toBe(errorMessage('withdraw_daily_limit', 'zh-CN', { count: 2 }));
  });
});

describe("days and months of the brand's time zone", () => {
  function sweepContext(cursor: { value: Record<string, unknown> }): SweepContext {
    return {
      db: harness.database.db,
      get cursor() {
        return cursor.value;
      },
      saveCursor: async (next) => {
        cursor.value = next;
      },
      resumed: false,
      signal: new AbortController().signal,
      log: silentLogger,
    };
  }

  /** A member of the brand at level 1 (a deposit of 1,000.00 reaches it). */
  async function levelOneMember(brand: string): Promise<Member> {
    const member = await harness.register({ brand });
    await confirmedDeposit(member, 100_000n);
    await vip.upgradeMembers(brandOf(brand), [member.memberId]);
    return member;
  }

  async function rebatePeriods(member: Member) {
    return (await rewardsOf(member))
      .filter((reward) => reward.kind === 'rebate')
      .map((reward) => [
        reward.period,
        (reward.breakdown as Record<string, { validBet: string }>)['2']?.validBet,
      ]);
  }

  it("pays a New York brand the rebate of New York's day, a Shanghai brand Shanghai's", async () => {
    const newYork = await createBrandInZone(harness, NEW_YORK);
    const shanghai = await harness.createBrand({});
    const inNewYork = await levelOneMember(newYork);
    const inShanghai = await levelOneMember(shanghai);
    const day = addDays(dayOf(new Date(), NEW_YORK), -2);
    // 20:00 in New York on `day` is already the next day in Shanghai; 23:00 the evening before
    // is `day` in Shanghai.
    const evening = new Date(dayStart(day, NEW_YORK).getTime() + 20 * HOUR_MS);
    const eveBefore = new Date(dayStart(day, NEW_YORK).getTime() - HOUR_MS);
    expect([dayOf(evening, SHANGHAI), dayOf(eveBefore, SHANGHAI)]).toEqual([addDays(day, 1), day]);
    for (const member of [inNewYork, inShanghai]) {
      await betRecord(member, 2, 1_000_000n, evening);
      await betRecord(member, 2, 3_000_000n, eveBefore);
    }
    expect(await vip.payRebates(brandOf(newYork), day)).toMatchObject({ members: 1, paid: 1 });
    expect(await vip.payRebates(brandOf(shanghai), day)).toMatchObject({ members: 1, paid: 1 });
    expect(await rebatePeriods(inNewYork)).toEqual([[day, '10000.00']]);
    expect(await rebatePeriods(inShanghai)).toEqual([[day, '30000.00']]);
  });

  it('the sweep pays each brand the days that ended in its own zone, with a cursor per brand', async () => {
    const newYork = await createBrandInZone(harness, NEW_YORK);
    const shanghai = await harness.createBrand({});
    const inNewYork = await levelOneMember(newYork);
    const inShanghai = await levelOneMember(shanghai);
    // 00:30 today in Shanghai is midday yesterday in New York: Shanghai's yesterday is payable,
    // New York's yesterday is not over yet.
    const today = dayOf(new Date(), SHANGHAI);
    const yesterday = addDays(today, -1);
    const dayBefore = addDays(today, -2);
    const early = new Date(dayStart(today, SHANGHAI).getTime() + 30 * 60_000);
    expect(dayOf(early, NEW_YORK)).toBe(yesterday);
    await betRecord(
      inShanghai,
      2,
      1_000_000n,
      new Date(dayStart(yesterday, SHANGHAI).getTime() + HOUR_MS),
    );
    await betRecord(
      inNewYork,
      2,
      2_000_000n,
      new Date(dayStart(dayBefore, NEW_YORK).getTime() + HOUR_MS),
    );
    await betRecord(
      inNewYork,
      2,
      4_000_000n,
      new Date(dayStart(yesterday, NEW_YORK).getTime() + HOUR_MS),
    );

    const cursor = { value: {} as Record<string, unknown> };
    const brands = () => [brandOf(shanghai), brandOf(newYork)];
    const sweepAt = (instant: Date) => vipRebateSweep({ vip, brands, now: () => instant });
    await sweepAt(early).run(sweepContext(cursor));
    expect(cursor.value).toEqual({
      day: dayBefore,
      days: { [shanghai]: yesterday, [newYork]: dayBefore },
    });
    expect(await rebatePeriods(inShanghai)).toEqual([[yesterday, '10000.00']]);
    expect(await rebatePeriods(inNewYork)).toEqual([[dayBefore, '20000.00']]);

    // 00:15 today in New York: its yesterday ended more than ten minutes ago; Shanghai's today
    // has not ended.
    const late = new Date(dayStart(today, NEW_YORK).getTime() + 15 * 60_000);
    await sweepAt(late).run(sweepContext(cursor));
    await sweepAt(late).run(sweepContext(cursor));
    expect(cursor.value).toEqual({
      day: yesterday,
      days: { [shanghai]: yesterday, [newYork]: yesterday },
    });
    expect(await rebatePeriods(inNewYork)).toEqual([
      [dayBefore, '20000.00'],
      [yesterday, '40000.00'],
    ]);
    expect(await entriesOf(inShanghai, 'rebate')).toHaveLength(1);
  });

  it("pays the monthly bonus of each brand's own month", async () => {
    const newYork = await createBrandInZone(harness, NEW_YORK);
    const shanghai = await harness.createBrand({});
    const inNewYork = await levelOneMember(newYork);
    const inShanghai = await levelOneMember(shanghai);
    // An hour into this month in Shanghai, New York is still in the month before.
    const month = monthOf(new Date(), SHANGHAI);
    const instant = new Date(monthStart(month, SHANGHAI).getTime() + HOUR_MS);
    expect(monthOf(instant, NEW_YORK)).toBe(addMonths(month, -1));
    const sweep = vipMonthlySweep({
      vip,
      brands: () => [brandOf(shanghai), brandOf(newYork)],
      now: () => instant,
    });
    await sweep.run(sweepContext({ value: {} }));
    const monthly = async (member: Member) =>
      (await rewardsOf(member)).filter((r) => r.kind === 'monthly').map((r) => r.period);
    expect(await monthly(inShanghai)).toEqual([month]);
    expect(await monthly(inNewYork)).toEqual([addMonths(month, -1)]);
  });

  it("runs an operator's job for yesterday and this month of the brand's zone by default", async () => {
    const newYork = await createBrandInZone(harness, NEW_YORK);
    const before = new Date();
    const rebate = await admin('POST', '/admin/api/vip/jobs', { brand: newYork, job: 'rebate' });
    const monthly = await admin('POST', '/admin/api/vip/jobs', { brand: newYork, job: 'monthly' });
    const after = new Date();
    expect([addDays(dayOf(before, NEW_YORK), -1), addDays(dayOf(after, NEW_YORK), -1)]).toContain(
      (rebate.body.data as { period: string }).period,
    );
    expect([monthOf(before, NEW_YORK), monthOf(after, NEW_YORK)]).toContain(
      (monthly.body.data as { period: string }).period,
    );
  });
});
