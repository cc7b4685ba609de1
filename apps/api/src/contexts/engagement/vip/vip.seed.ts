import { VIP_LEVEL_MAX, VIP_LEVEL_MIN, VIP_REBATE_CATEGORIES } from '@lobby/contracts';
import { scaleOf } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import {
  insertLevelsIfAbsent,
  listLevels,
  lockVipSeeding,
  type NewVipLevelRow,
  type VipLevelRow,
} from './vip.repository.ts';

/** The brand's maximum rebate rate in whole basis points (1.5 % is 150). */
export function maxRebateRateBp(brand: Brand): number {
  return Math.round(brand.config.settings.maxRebateRatePercent * 100);
}

/**
 * The demo levels of a brand. Level 1 needs a deposit of 1,000.00 and no turnover, so a new
 * member reaches it with one deposit (and the small deposits of the other browser tests, which
 * check exact balances, stay below it); from level 2 the deposit threshold grows with the
 * square of the level (1,000.00 x level^2) and the turnover threshold is five times it. Bonuses
 * grow the same way. Rebate rates rise evenly from 0 at level 0 to the brand's maximum at level
 * 30 (lottery, whose margin is thin, at half). The daily withdrawal count starts at the brand's
 * own setting and grows by one every three levels; the daily amount is that many withdrawals of
 * the brand's largest single amount, so level 0 keeps exactly the brand's limits.
 */
export function demoVipLevels(brand: Brand): NewVipLevelRow[] {
  const currency = brandCurrency(brand);
  const unit = 10n ** BigInt(scaleOf(currency));
  const wallet = brand.config.settings.wallet;
  const maxBp = maxRebateRateBp(brand);
  const rows: NewVipLevelRow[] = [];
  for (let level = VIP_LEVEL_MIN; level <= VIP_LEVEL_MAX; level++) {
    const squared = BigInt(level * level);
    const deposit = level === 0 ? 0n : level === 1 ? 1_000n : 1_000n * squared;
    const turnover = level <= 1 ? 0n : 5n * deposit;
    const rates: Record<string, number> = {};
    for (const category of VIP_REBATE_CATEGORIES) {
      const full = Math.floor((maxBp * level) / VIP_LEVEL_MAX);
      rates[String(category)] = category === 5 ? Math.floor(full / 2) : full;
    }
    const withdrawDailyCount = Math.min(wallet.withdrawDailyCount + Math.floor(level / 3), 100);
    rows.push({
      brandCode: brand.config.code,
      level,
      depositThresholdMinor: deposit * unit,
      turnoverThresholdMinor: turnover * unit,
      upgradeBonusMinor: 8n * squared * unit,
      monthlyBonusMinor: 3n * squared * unit,
      rebateRatesBp: rates,
      withdrawDailyCount,
      withdrawDailyMaxMinor: BigInt(wallet.withdrawMaxMinor) * BigInt(withdrawDailyCount),
      bonusTurnoverMultiplierPercent: 100,
      updatedBy: null,
    });
  }
  return rows;
}

/**
 * Gives the brand the demo levels it lacks: safe on every node at once (one seeding at a time
 * under an advisory lock) and it never changes a level an operator has set. Returns how many
 * levels were inserted.
 */
export async function seedVipLevels(db: Database, brand: Brand): Promise<number> {
  return db.transaction(async (transaction) => {
    await lockVipSeeding(transaction);
    return insertLevelsIfAbsent(transaction, demoVipLevels(brand));
  });
}

/**
 * The brand's 31 levels, ascending. A brand without them (a new brand, the first start) gets
 * the demo levels first, under a lock, so every node and every path sees the same levels.
 */
export async function brandLevels(db: Database, brand: Brand): Promise<VipLevelRow[]> {
  const count = VIP_LEVEL_MAX - VIP_LEVEL_MIN + 1;
  let levels = await listLevels(db, brand.config.code);
  if (levels.length < count) {
    await seedVipLevels(db, brand);
    levels = await listLevels(db, brand.config.code);
  }
  return levels;
}
