import { addDays, dayOf, dayStart } from '@lobby/time';
import { appError } from '../../../lib/app-error.ts';
import { VIP_ERRORS } from './vip.errors.ts';
import type { VipLevelRow } from './vip.repository.ts';

/**
 * The VIP rules as pure functions (no database, no clock): rebate rates and amounts, progress,
 * the order of the level table, and the instants a day of the brand's time zone covers.
 */

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
export function percentOf(value: bigint, threshold: bigint): number {
  if (threshold <= 0n || value >= threshold) return 100;
  return Number((value * 100n) / threshold);
}

/**
 * The instants a day (YYYY-MM-DD) of the zone covers, from its midnight to the next (23 or 25
 * hours on a daylight-saving change); null for a string that is no calendar day (2026-02-30).
 */
export function zonedDayRange(day: string, timeZone: string): { from: Date; to: Date } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const from = dayStart(day, timeZone);
  if (Number.isNaN(from.getTime()) || dayOf(from, timeZone) !== day) return null;
  return { from, to: dayStart(addDays(day, 1), timeZone) };
}

/**
 * Level 0's thresholds are zero, and each level's are at least the level below's with one of
 * them higher (two levels with the same thresholds would always be reached together).
 */
export function assertThresholdsInOrder(levels: VipLevelRow[]): void {
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
