import type { adminUpdateVipLevelEndpoint, AdminVipLevel } from '@lobby/contracts';
import type { BodyOf } from '../../lib/api-client.ts';

type Body = BodyOf<typeof adminUpdateVipLevelEndpoint>;

/** The level form's values. */
export type LevelValues = {
  depositThreshold: string;
  turnoverThreshold: string;
  upgradeBonus: string;
  monthlyBonus: string;
  withdrawDailyMax: string;
  withdrawDailyCount: number;
  bonusTurnoverMultiplierPercent: number;
  rebateRatesBp: Record<string, number>;
  reason?: string;
};

export const AMOUNT_FIELDS = [
  'depositThreshold',
  'turnoverThreshold',
  'upgradeBonus',
  'monthlyBonus',
  'withdrawDailyMax',
] as const;

/**
 * What the form changes, as the endpoint's body: fields left as they were are not sent (so the
 * action log holds the change alone, and a stored rate above a lowered brand maximum that the
 * operator did not touch does not block another change).
 */
export function levelChanges(brand: string, level: AdminVipLevel, values: LevelValues): Body {
  const body: Body = { brand };
  for (const field of AMOUNT_FIELDS) {
    const value = values[field].trim();
    if (value !== level[field]) body[field] = value;
  }
  if (values.withdrawDailyCount !== level.withdrawDailyCount) {
    body.withdrawDailyCount = values.withdrawDailyCount;
  }
  if (values.bonusTurnoverMultiplierPercent !== level.bonusTurnoverMultiplierPercent) {
    body.bonusTurnoverMultiplierPercent = values.bonusTurnoverMultiplierPercent;
  }
  const rates: Record<string, number> = {};
  for (const [category, rate] of Object.entries(values.rebateRatesBp)) {
    if (rate !== (level.rebateRatesBp[category] ?? 0)) rates[category] = rate;
  }
  if (Object.keys(rates).length > 0) body.rebateRatesBp = rates;
  const reason = values.reason?.trim();
  if (reason) body.reason = reason;
  return body;
}

/** True when the body changes nothing (the brand and a reason alone). */
export function changesNothing(body: Body): boolean {
  return Object.keys(body).every((key) => key === 'brand' || key === 'reason');
}
