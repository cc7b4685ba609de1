import type { z } from 'zod';
import {
  VIP_LEVEL_MAX,
  VIP_LEVEL_MIN,
  VIP_REBATE_CATEGORIES,
  vipIconUrl,
  type AdminVipLevel,
  type adminRunVipJobEndpoint,
  type adminUpdateVipLevelEndpoint,
  type adminVipLevelsEndpoint,
  type adminVipRewardsEndpoint,
  type memberVipEndpoint,
  type VipJob,
  type VipLevel,
  type vipListEndpoint,
  type VipReward,
} from '@lobby/contracts';
import { formatDecimal, parseAmount, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { sumValidBets, validBetsByMemberAndCategory } from '../../games/bet-records/index.ts';
import { sumConfirmedDeposits } from '../../money/deposit/index.ts';
import { addTurnover } from '../../money/turnover/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import { VIP_ERRORS } from './vip.errors.ts';
import {
  brandMemberIds,
  insertReward,
  levelsOfMembers,
  listLevels,
  listMemberRewards,
  listRewardsForOperator,
  lockLevels,
  membersOwedMonthly,
  raiseMemberLevel,
  updateLevel,
  vipLevelOf,
  type VipLevelChange,
  type VipLevelRow,
  type VipRewardRow,
} from './vip.repository.ts';
import { maxRebateRateBp, seedVipLevels } from './vip.seed.ts';

type Dependencies = {
  db: Database;
  ledger: LedgerService;
  operators: OperatorService;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Asia/Shanghai is UTC+8 all year (no daylight saving since 1991). */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The account every VIP payment leaves: bonuses from promotions, rebates from rebates. */
const VIP_HOUSE_REF = 'vip';
const MEMBER_REWARDS_SHOWN = 20;

/** The Asia/Shanghai calendar day (YYYY-MM-DD) of an instant. */
export function shanghaiDay(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Asia/Shanghai month (YYYY-MM) of an instant. */
export function shanghaiMonth(instant: Date): string {
  return shanghaiDay(instant).slice(0, 7);
}

/** The instants an Asia/Shanghai day (YYYY-MM-DD) begins and ends; null for a day that is not. */
export function shanghaiDayRange(day: string): { from: Date; to: Date } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const from = new Date(`${day}T00:00:00+08:00`);
  if (Number.isNaN(from.getTime()) || shanghaiDay(from) !== day) return null;
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const range = shanghaiDayRange(day);
  if (!range) throw new Error(`not a day: ${day}`);
  return shanghaiDay(range.to);
}

/** A level's rate for a category, capped at the brand's maximum, in basis points. */
export function cappedRateBp(level: VipLevelRow, category: number, maxBp: number): number {
  const rate = level.rebateRatesBp[String(category)] ?? 0;
  return Math.max(0, Math.min(rate, maxBp));
}

/** The rebate of a category's valid bets at a rate, rounded down to the minor unit. */
export function rebateOf(validBetMinor: bigint, rateBp: number): bigint {
  return (validBetMinor * BigInt(rateBp)) / 10_000n;
}

/** 0-100: how far `value` is along the way to `threshold` (a zero threshold is met). */
function percentOf(value: bigint, threshold: bigint): number {
  if (threshold <= 0n || value >= threshold) return 100;
  return Number((value * 100n) / threshold);
}

function isIdempotencyConflict(error: unknown): boolean {
  return error instanceof AppError && error.code === 'idempotency_conflict';
}

export type VipJobReport = { members: number; paid: number; amountMinor: bigint };

type AdminLevelsResponse = z.infer<typeof adminVipLevelsEndpoint.response>;
type UpdateLevelInput = Omit<z.infer<typeof adminUpdateVipLevelEndpoint.body>, 'brand'>;
type RunJobInput = Omit<z.infer<typeof adminRunVipJobEndpoint.body>, 'brand'>;

/**
 * VIP levels, upgrades and their bonuses, monthly bonuses and daily rebates. Every payment goes
 * through the ledger with a key that names the member and the level, month or day, and writes
 * its `vip_rewards` row (unique per member, kind, level and period) in the same transaction, so
 * a job run twice, or two runs at once, pay once.
 */
export class VipService {
  readonly #deps: Dependencies;

  constructor(dependencies: Dependencies) {
    this.#deps = dependencies;
  }

  /**
   * The brand's 31 levels, ascending. A brand without them (a new brand, the first start) gets
   * the demo levels first, under a lock, so every node and every path sees the same levels.
   */
  async levelsOf(brand: Brand): Promise<VipLevelRow[]> {
    const { db } = this.#deps;
    const count = VIP_LEVEL_MAX - VIP_LEVEL_MIN + 1;
    let levels = await listLevels(db, brand.config.code);
    if (levels.length < count) {
      await seedVipLevels(db, brand);
      levels = await listLevels(db, brand.config.code);
    }
    return levels;
  }

  // -------------------------------------------------------------------------------------------
  // Member views.

  async list(brand: Brand): Promise<z.infer<typeof vipListEndpoint.response>> {
    const currency = brandCurrency(brand);
    const maxBp = maxRebateRateBp(brand);
    const levels = await this.levelsOf(brand);
    return {
      maxRebateRatePercent: brand.config.settings.maxRebateRatePercent,
      levels: levels.map((level) => levelView(level, currency, maxBp)),
    };
  }

  /**
   * The member's level with totals, progress and rewards. The upgrade is evaluated first (the
   * same idempotent step as the sweep's), so a member who just qualified sees the new level.
   */
  async memberView(
    brand: Brand,
    memberId: bigint,
  ): Promise<z.infer<typeof memberVipEndpoint.response>> {
    const { db } = this.#deps;
    const currency = brandCurrency(brand);
    const maxBp = maxRebateRateBp(brand);
    const levels = await this.levelsOf(brand);
    const totals = await this.#totals(brand, memberId);
    await this.#upgrade(brand, memberId, levels, totals);
    const levelNumber = await vipLevelOf(db, memberId);
    const current = levels.find((level) => level.level === levelNumber) ?? levels[0];
    if (!current) throw new Error(`brand ${brand.config.code} has no VIP levels`);
    const next = levels.find((level) => level.level === levelNumber + 1);
    const rewards = await listMemberRewards(db, brand.config.code, memberId, MEMBER_REWARDS_SHOWN);
    const amount = (minor: bigint) => toDecimalString(minor, currency);
    const remaining = (value: bigint, threshold: bigint) =>
      amount(threshold > value ? threshold - value : 0n);
    return {
      level: current.level,
      icon: vipIconUrl(current.level),
      deposit: amount(totals.depositMinor),
      turnover: amount(totals.turnoverMinor),
      next: next
        ? {
            level: next.level,
            icon: vipIconUrl(next.level),
            depositThreshold: amount(next.depositThresholdMinor),
            turnoverThreshold: amount(next.turnoverThresholdMinor),
            depositRemaining: remaining(totals.depositMinor, next.depositThresholdMinor),
            turnoverRemaining: remaining(totals.turnoverMinor, next.turnoverThresholdMinor),
            depositPercent: percentOf(totals.depositMinor, next.depositThresholdMinor),
            turnoverPercent: percentOf(totals.turnoverMinor, next.turnoverThresholdMinor),
          }
        : null,
      privileges: levelView(current, currency, maxBp),
      maxRebateRatePercent: brand.config.settings.maxRebateRatePercent,
      rewards: rewards.map((reward) => rewardView(reward, currency)),
    };
  }

  /**
   * The member's daily withdrawal count and amount from their level. The amount limit is absent
   * only when the brand has no levels at all, which levelsOf prevents.
   */
  async withdrawalLimits(
    brand: Brand,
    memberId: bigint,
  ): Promise<{ dailyCount: number; dailyMaxMinor: bigint | null }> {
    const levels = await this.levelsOf(brand);
    const levelNumber = await vipLevelOf(this.#deps.db, memberId);
    const level = levels.find((row) => row.level === levelNumber);
    if (!level) {
      return { dailyCount: brand.config.settings.wallet.withdrawDailyCount, dailyMaxMinor: null };
    }
    return { dailyCount: level.withdrawDailyCount, dailyMaxMinor: level.withdrawDailyMaxMinor };
  }

  // -------------------------------------------------------------------------------------------
  // Upgrades.

  async #totals(
    brand: Brand,
    memberId: bigint,
  ): Promise<{ depositMinor: bigint; turnoverMinor: bigint }> {
    const { db } = this.#deps;
    const currency = brandCurrency(brand);
    const [depositMinor, turnoverMinor] = await Promise.all([
      sumConfirmedDeposits(db, brand.config.code, memberId, currency),
      sumValidBets(db, brand.config.code, memberId, currency),
    ]);
    return { depositMinor, turnoverMinor };
  }

  /**
   * Raises the member to the highest level whose thresholds are both met, paying the upgrade
   * bonus of every level passed on the way once. Safe to run any number of times, also at once:
   * the ledger key of each level's bonus is posted once and the level never goes down.
   */
  async upgrade(brand: Brand, memberId: bigint): Promise<VipJobReport> {
    const levels = await this.levelsOf(brand);
    return this.#upgrade(brand, memberId, levels, await this.#totals(brand, memberId));
  }

  async #upgrade(
    brand: Brand,
    memberId: bigint,
    levels: VipLevelRow[],
    totals: { depositMinor: bigint; turnoverMinor: bigint },
  ): Promise<VipJobReport> {
    const { db } = this.#deps;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    let target = 0;
    for (const level of levels) {
      if (
        totals.depositMinor >= level.depositThresholdMinor &&
        totals.turnoverMinor >= level.turnoverThresholdMinor
      ) {
        target = Math.max(target, level.level);
      }
    }
    const current = await vipLevelOf(db, memberId);
    const report: VipJobReport = { members: 1, paid: 0, amountMinor: 0n };
    if (target <= current) return report;
    for (const level of levels) {
      if (level.level <= current || level.level > target) continue;
      const bonus = level.upgradeBonusMinor;
      if (bonus <= 0n) {
        await raiseMemberLevel(db, { brandCode, memberId, level: level.level });
        continue;
      }
      const paid = await this.#pay({
        brandCode,
        currency,
        memberId,
        reason: 'vip_upgrade',
        house: 'house_promotions',
        idempotencyKey: `vip:upgrade:${memberId}:${level.level}`,
        memo: `VIP${level.level}`,
        amountMinor: bonus,
        turnoverMinor: (bonus * BigInt(level.bonusTurnoverMultiplierPercent)) / 100n,
        reward: { kind: 'upgrade', level: level.level, period: '', breakdown: {} },
        alsoRaiseTo: level.level,
      });
      if (paid) {
        report.paid++;
        report.amountMinor += bonus;
      }
    }
    // A bonus paid before by a concurrent run raised the level in its own transaction; this
    // makes sure the level is reached even when every bonus on the way was already paid.
    await raiseMemberLevel(db, { brandCode, memberId, level: target });
    return report;
  }

  /** Evaluates these members' levels (the sweep's candidates, or all of a brand's). */
  async upgradeMembers(
    brand: Brand,
    memberIds: bigint[],
    signal?: AbortSignal,
  ): Promise<VipJobReport> {
    const levels = await this.levelsOf(brand);
    const report: VipJobReport = { members: 0, paid: 0, amountMinor: 0n };
    for (const memberId of memberIds) {
      if (signal?.aborted) break;
      const one = await this.#upgrade(brand, memberId, levels, await this.#totals(brand, memberId));
      report.members++;
      report.paid += one.paid;
      report.amountMinor += one.amountMinor;
    }
    return report;
  }

  // -------------------------------------------------------------------------------------------
  // Rebates and monthly bonuses.

  /**
   * Pays the rebate of an Asia/Shanghai day to every member of the brand with valid bets that
   * day: per category, the valid bets times the member's level rate (capped at the brand's
   * maximum), rounded down. A member whose rebate rounds to zero gets nothing written. The
   * caller makes sure the day has ended.
   */
  async payRebates(brand: Brand, day: string, signal?: AbortSignal): Promise<VipJobReport> {
    const range = shanghaiDayRange(day);
    if (!range) throw appError(VIP_ERRORS, 'vip_period_invalid');
    const { db } = this.#deps;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const maxBp = maxRebateRateBp(brand);
    const levels = await this.levelsOf(brand);
    const bets = await validBetsByMemberAndCategory(db, { brandCode, currency, ...range });
    const byMember = new Map<bigint, { category: number; validBetMinor: bigint }[]>();
    for (const row of bets) {
      const list = byMember.get(row.memberId) ?? [];
      list.push(row);
      byMember.set(row.memberId, list);
    }
    const memberLevels = await levelsOfMembers(db, [...byMember.keys()]);
    const report: VipJobReport = { members: 0, paid: 0, amountMinor: 0n };
    for (const [memberId, categories] of byMember) {
      if (signal?.aborted) break;
      report.members++;
      const levelNumber = memberLevels.get(memberId) ?? 0;
      const level = levels.find((row) => row.level === levelNumber);
      if (!level) continue;
      let total = 0n;
      const breakdown: Record<string, unknown> = {};
      for (const { category, validBetMinor } of categories) {
        const rateBp = cappedRateBp(level, category, maxBp);
        const amountMinor = rebateOf(validBetMinor, rateBp);
        total += amountMinor;
        breakdown[String(category)] = {
          validBet: toDecimalString(validBetMinor, currency),
          rateBp,
          amount: toDecimalString(amountMinor, currency),
        };
      }
      if (total <= 0n) continue;
      const paid = await this.#pay({
        brandCode,
        currency,
        memberId,
        reason: 'vip_rebate',
        house: 'house_rebates',
        idempotencyKey: `vip:rebate:${memberId}:${day}`,
        memo: day,
        amountMinor: total,
        turnoverMinor: (total * BigInt(level.bonusTurnoverMultiplierPercent)) / 100n,
        reward: { kind: 'rebate', level: level.level, period: day, breakdown },
      });
      if (paid) {
        report.paid++;
        report.amountMinor += total;
      }
    }
    return report;
  }

  /**
   * Pays the month's bonus to every member of the brand at level 1 or above who has none for
   * that month yet, at the level they hold now. Once per member per month: the ledger key names
   * the month, not the level, so an upgrade later in the month does not pay a second one.
   */
  async payMonthly(brand: Brand, month: string, signal?: AbortSignal): Promise<VipJobReport> {
    const { db } = this.#deps;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const levels = await this.levelsOf(brand);
    const report: VipJobReport = { members: 0, paid: 0, amountMinor: 0n };
    for (const owed of await membersOwedMonthly(db, brandCode, month)) {
      if (signal?.aborted) break;
      report.members++;
      const level = levels.find((row) => row.level === owed.level);
      const bonus = level?.monthlyBonusMinor ?? 0n;
      if (!level || bonus <= 0n) continue;
      const paid = await this.#pay({
        brandCode,
        currency,
        memberId: owed.memberId,
        reason: 'vip_monthly',
        house: 'house_promotions',
        idempotencyKey: `vip:monthly:${owed.memberId}:${month}`,
        memo: `VIP${level.level} ${month}`,
        amountMinor: bonus,
        turnoverMinor: (bonus * BigInt(level.bonusTurnoverMultiplierPercent)) / 100n,
        reward: { kind: 'monthly', level: level.level, period: month, breakdown: {} },
      });
      if (paid) {
        report.paid++;
        report.amountMinor += bonus;
      }
    }
    return report;
  }

  /**
   * One VIP payment: house account -> the member's centre wallet, with its reward row, the
   * turnover it adds and (for an upgrade) the level, all in the ledger's transaction. False when
   * the key was posted before (a re-run, a concurrent run): nothing moved this time.
   */
  async #pay(input: {
    brandCode: string;
    currency: CurrencyCode;
    memberId: bigint;
    reason: 'vip_upgrade' | 'vip_rebate' | 'vip_monthly';
    house: 'house_promotions' | 'house_rebates';
    idempotencyKey: string;
    memo: string;
    amountMinor: bigint;
    turnoverMinor: bigint;
    reward: {
      kind: VipRewardRow['kind'];
      level: number;
      period: string;
      breakdown: Record<string, unknown>;
    };
    alsoRaiseTo?: number;
  }): Promise<boolean> {
    const { brandCode, currency, memberId } = input;
    try {
      const result = await this.#deps.ledger.post(
        {
          brandCode,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          actor: { type: 'job', id: 'vip' },
          memo: input.memo,
          lines: [
            {
              account: { kind: input.house, ref: VIP_HOUSE_REF, currency },
              amountMinor: -input.amountMinor,
            },
            {
              account: { kind: 'member_wallet', memberId, currency },
              amountMinor: input.amountMinor,
            },
          ],
        },
        async (transaction, entryId) => {
          const reward = await insertReward(transaction, {
            brandCode,
            memberId,
            kind: input.reward.kind,
            level: input.reward.level,
            period: input.reward.period,
            currency,
            amountMinor: input.amountMinor,
            breakdown: input.reward.breakdown,
            ledgerEntryId: entryId,
          });
          // The ledger key is new, so no reward can exist: one would mean the two guards
          // disagree, and paying anyway could pay twice. Roll back and say so loudly.
          if (!reward)
            throw new Error(`vip reward exists without its entry: ${input.idempotencyKey}`);
          if (input.turnoverMinor > 0n) {
            await addTurnover(transaction, {
              brandCode,
              memberId,
              currency,
              amountMinor: input.turnoverMinor,
            });
          }
          if (input.alsoRaiseTo !== undefined) {
            await raiseMemberLevel(transaction, { brandCode, memberId, level: input.alsoRaiseTo });
          }
        },
      );
      return !result.replayed;
    } catch (error) {
      // The same key posted with another amount (an operator changed the bonus, a late bet
      // record changed a day's total between two runs): it was paid once, and stays so.
      if (isIdempotencyConflict(error)) return false;
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Operator API.

  async adminLevels(brand: Brand): Promise<AdminLevelsResponse> {
    const currency = brandCurrency(brand);
    const levels = await this.levelsOf(brand);
    return {
      brand: brand.config.code,
      currency,
      maxRebateRatePercent: brand.config.settings.maxRebateRatePercent,
      levels: levels.map((level) => adminLevelView(level, currency)),
    };
  }

  /**
   * Changes one level after checking the whole table as it would be: thresholds growing with
   * the level (level 0's zero), rates within the brand's maximum, amounts not negative. The
   * brand's level rows are locked meanwhile, so two operators' changes cannot together break
   * the order that each alone keeps.
   */
  async updateLevel(
    operator: OperatorIdentity,
    brand: Brand,
    levelNumber: number,
    input: UpdateLevelInput,
    context: { ip: string },
  ): Promise<AdminVipLevel> {
    const { db } = this.#deps;
    const currency = brandCurrency(brand);
    const maxBp = maxRebateRateBp(brand);
    await this.levelsOf(brand);
    const amount = (text: string | undefined): bigint | undefined => {
      if (text === undefined) return undefined;
      const parsed = parseAmount(text, currency);
      if (!parsed.ok) throw appError(VIP_ERRORS, 'vip_amount_invalid');
      return parsed.minor;
    };
    const change: VipLevelChange = {};
    const set = <K extends keyof VipLevelChange>(key: K, value: VipLevelChange[K] | undefined) => {
      if (value !== undefined) change[key] = value;
    };
    set('depositThresholdMinor', amount(input.depositThreshold));
    set('turnoverThresholdMinor', amount(input.turnoverThreshold));
    set('upgradeBonusMinor', amount(input.upgradeBonus));
    set('monthlyBonusMinor', amount(input.monthlyBonus));
    set('withdrawDailyMaxMinor', amount(input.withdrawDailyMax));
    set('withdrawDailyCount', input.withdrawDailyCount);
    set('bonusTurnoverMultiplierPercent', input.bonusTurnoverMultiplierPercent);
    if (input.rebateRatesBp) {
      for (const rate of Object.values(input.rebateRatesBp)) {
        if (rate > maxBp) {
          throw appError(VIP_ERRORS, 'vip_rate_above_max', {
            params: { max: brand.config.settings.maxRebateRatePercent },
          });
        }
      }
    }

    return db.transaction(async (transaction) => {
      const levels = await lockLevels(transaction, brand.config.code);
      const old = levels.find((level) => level.level === levelNumber);
      if (!old) throw appError(VIP_ERRORS, 'vip_level_not_found');
      if (input.rebateRatesBp) {
        change.rebateRatesBp = { ...old.rebateRatesBp, ...input.rebateRatesBp };
      }
      const proposed = levels.map((level) =>
        level.level === levelNumber ? { ...level, ...change } : level,
      );
      assertThresholdsInOrder(proposed);
      const updated = await updateLevel(
        transaction,
        brand.config.code,
        levelNumber,
        change,
        operator.username,
      );
      if (!updated) throw appError(VIP_ERRORS, 'vip_level_not_found');
      const beforeView = adminLevelView(old, currency);
      const afterView = adminLevelView(updated, currency);
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of Object.keys(afterView) as (keyof AdminVipLevel)[]) {
        if (key === 'updatedAt' || key === 'updatedBy') continue;
        if (JSON.stringify(beforeView[key]) !== JSON.stringify(afterView[key])) {
          changed[key] = { from: beforeView[key], to: afterView[key] };
        }
      }
      await this.#deps.operators.record(transaction, operator, {
        action: 'vip_level_update',
        brandCode: brand.config.code,
        targetType: 'vip_level',
        targetId: `${brand.config.code}:${levelNumber}`,
        ...(input.reason ? { reason: input.reason } : {}),
        details: { changed },
        ip: context.ip,
      });
      return afterView;
    });
  }

  /** An operator's run of a job for a brand now (catching up); idempotent like the sweeps. */
  async runJob(
    operator: OperatorIdentity,
    brand: Brand,
    input: RunJobInput,
    context: { ip: string },
    now = new Date(),
  ): Promise<z.infer<typeof adminRunVipJobEndpoint.response>> {
    const currency = brandCurrency(brand);
    let period: string;
    let report: VipJobReport;
    const job: VipJob = input.job;
    if (job === 'rebate') {
      period = input.day ?? shanghaiDay(new Date(now.getTime() - DAY_MS));
      const range = shanghaiDayRange(period);
      if (!range || range.to.getTime() > now.getTime()) {
        throw appError(VIP_ERRORS, 'vip_period_invalid');
      }
      report = await this.payRebates(brand, period);
    } else if (job === 'monthly') {
      period = input.month ?? shanghaiMonth(now);
      const start = shanghaiDayRange(`${period}-01`);
      if (!start || start.from.getTime() > now.getTime()) {
        throw appError(VIP_ERRORS, 'vip_period_invalid');
      }
      report = await this.payMonthly(brand, period);
    } else {
      period = '';
      report = await this.upgradeMembers(
        brand,
        await brandMemberIds(this.#deps.db, brand.config.code),
      );
    }
    const view = {
      job,
      period,
      members: report.members,
      paid: report.paid,
      amount: toDecimalString(report.amountMinor, currency),
    };
    // The run is many movements, each its own idempotent entry by the job (as the sweep makes
    // them), not one change: the row records that this operator ran it, once it has run.
    await this.#deps.operators.record(this.#deps.db, operator, {
      action: 'vip_job_run',
      brandCode: brand.config.code,
      targetType: 'vip_job',
      targetId: period ? `${job}:${period}` : job,
      details: view,
      ip: context.ip,
    });
    return view;
  }

  async rewards(
    brand: Brand,
    filter: Omit<z.infer<typeof adminVipRewardsEndpoint.query>, 'brand'>,
  ): Promise<z.infer<typeof adminVipRewardsEndpoint.response>> {
    const currency = brandCurrency(brand);
    const { rows, total } = await listRewardsForOperator(
      this.#deps.db,
      { brandCode: brand.config.code, username: filter.username, kind: filter.kind },
      { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize },
    );
    return {
      items: rows.map((row) => ({
        ...rewardView(row, currency),
        username: row.username,
        breakdown: row.breakdown,
      })),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }
}

/**
 * Level 0's thresholds are zero, and each level's are at least the level below's with one of
 * them higher (two levels with the same thresholds would always be reached together).
 */
function assertThresholdsInOrder(levels: VipLevelRow[]): void {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  for (const [index, level] of sorted.entries()) {
    const below = index > 0 ? sorted[index - 1] : undefined;
    const outOfOrder = below
      ? level.depositThresholdMinor < below.depositThresholdMinor ||
        level.turnoverThresholdMinor < below.turnoverThresholdMinor ||
        (level.depositThresholdMinor === below.depositThresholdMinor &&
          level.turnoverThresholdMinor === below.turnoverThresholdMinor)
      : level.depositThresholdMinor !== 0n || level.turnoverThresholdMinor !== 0n;
    if (outOfOrder) {
      throw appError(VIP_ERRORS, 'vip_thresholds_out_of_order', {
        params: { level: level.level },
      });
    }
  }
}

function levelView(level: VipLevelRow, currency: CurrencyCode, maxBp: number): VipLevel {
  return {
    level: level.level,
    icon: vipIconUrl(level.level),
    depositThreshold: toDecimalString(level.depositThresholdMinor, currency),
    turnoverThreshold: toDecimalString(level.turnoverThresholdMinor, currency),
    upgradeBonus: toDecimalString(level.upgradeBonusMinor, currency),
    monthlyBonus: toDecimalString(level.monthlyBonusMinor, currency),
    rebateRates: VIP_REBATE_CATEGORIES.map((category) => ({
      category,
      ratePercent: formatDecimal(BigInt(cappedRateBp(level, category, maxBp)), 2),
    })),
    withdrawDailyCount: level.withdrawDailyCount,
    withdrawDailyMax: toDecimalString(level.withdrawDailyMaxMinor, currency),
  };
}

function adminLevelView(level: VipLevelRow, currency: CurrencyCode): AdminVipLevel {
  return {
    level: level.level,
    depositThreshold: toDecimalString(level.depositThresholdMinor, currency),
    turnoverThreshold: toDecimalString(level.turnoverThresholdMinor, currency),
    upgradeBonus: toDecimalString(level.upgradeBonusMinor, currency),
    monthlyBonus: toDecimalString(level.monthlyBonusMinor, currency),
    rebateRatesBp: level.rebateRatesBp,
    withdrawDailyCount: level.withdrawDailyCount,
    withdrawDailyMax: toDecimalString(level.withdrawDailyMaxMinor, currency),
    bonusTurnoverMultiplierPercent: level.bonusTurnoverMultiplierPercent,
    updatedBy: level.updatedBy,
    updatedAt: level.updatedAt.toISOString(),
  };
}

function rewardView(reward: VipRewardRow, currency: CurrencyCode): VipReward {
  return {
    id: String(reward.id),
    kind: reward.kind,
    level: reward.level,
    period: reward.period,
    amount: toDecimalString(reward.amountMinor, currency),
    createdAt: reward.createdAt.toISOString(),
  };
}
