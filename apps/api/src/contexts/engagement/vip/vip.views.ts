import {
  VIP_REBATE_CATEGORIES,
  vipIconUrl,
  type AdminVipLevel,
  type VipLevel,
  type VipReward,
} from '@lobby/contracts';
import { formatDecimal, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { VipLevelRow, VipRewardRow } from './vip.repository.ts';
import { cappedRateBp } from './vip.rules.ts';

/** Levels and rewards as the contracts answer them, amounts in the brand's currency. */

export function levelView(level: VipLevelRow, currency: CurrencyCode, maxBp: number): VipLevel {
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

export function adminLevelView(level: VipLevelRow, currency: CurrencyCode): AdminVipLevel {
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

export function rewardView(reward: VipRewardRow, currency: CurrencyCode): VipReward {
  return {
    id: String(reward.id),
    kind: reward.kind,
    level: reward.level,
    period: reward.period,
    amount: toDecimalString(reward.amountMinor, currency),
    createdAt: reward.createdAt.toISOString(),
  };
}
