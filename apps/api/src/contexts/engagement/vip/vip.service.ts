import type { z } from 'zod';
import { vipIconUrl, type memberVipEndpoint, type vipListEndpoint } from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { sumValidBets } from '../../games/bet-records/index.ts';
import { sumConfirmedDeposits } from '../../money/deposit/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import type { OperatorService } from '../../identity/operator/index.ts';
import { VipAdminService } from './vip-admin.service.ts';
import { VipPaymentService, type VipJobReport } from './vip-payments.service.ts';
import {
  listMemberRewards,
  raiseMemberLevel,
  vipLevelOf,
  type VipLevelRow,
} from './vip.repository.ts';
import { percentOf } from './vip.rules.ts';
import { brandLevels, maxRebateRateBp } from './vip.seed.ts';
import { levelView, rewardView } from './vip.views.ts';

type Dependencies = {
  db: Database;
  ledger: LedgerService;
  operators: OperatorService;
  /** Tells every node that the member's level, shown in their info, changed (identity). */
  levelChanged?: (memberId: bigint) => Promise<void>;
};

const MEMBER_REWARDS_SHOWN = 20;

/**
 * VIP levels and their privileges, upgrades and their bonuses; the daily rebates and monthly
 * bonuses through the payments it holds (vip-payments.service.ts), and the operators' tools in
 * `admin` (vip-admin.service.ts). Every payment goes through the ledger with a key that names
 * the member and the level, month or day, so a job run twice, or two runs at once, pay once.
 */
export class VipService {
  readonly #db: Database;
  readonly #payments: VipPaymentService;
  readonly #levelChanged: ((memberId: bigint) => Promise<void>) | undefined;
  /** The operators' level table, job runs and reward list. */
  readonly admin: VipAdminService;

  constructor(dependencies: Dependencies) {
    this.#db = dependencies.db;
    this.#payments = new VipPaymentService(dependencies);
    this.#levelChanged = dependencies.levelChanged;
    this.admin = new VipAdminService({
      db: dependencies.db,
      operators: dependencies.operators,
      jobs: this,
    });
  }

  /**
   * The brand's 31 levels, ascending. A brand without them (a new brand, the first start) gets
   * the demo levels first, under a lock, so every node and every path sees the same levels.
   */
  async levelsOf(brand: Brand): Promise<VipLevelRow[]> {
    return brandLevels(this.#db, brand);
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
    const db = this.#db;
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
    const levelNumber = await vipLevelOf(this.#db, memberId);
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
    const db = this.#db;
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
    const db = this.#db;
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
      const paid = await this.#payments.pay({
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
    await this.#levelChanged?.(memberId);
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
  // Rebates and monthly bonuses (VipPaymentService).

  /** Pays the rebate of an ended day of the brand's time zone (YYYY-MM-DD), once per member. */
  payRebates(brand: Brand, day: string, signal?: AbortSignal): Promise<VipJobReport> {
    return this.#payments.payRebates(brand, day, signal);
  }

  /** Pays the bonus of a month (YYYY-MM) to the members at level 1 or above, once per member. */
  payMonthly(brand: Brand, month: string, signal?: AbortSignal): Promise<VipJobReport> {
    return this.#payments.payMonthly(brand, month, signal);
  }
}
