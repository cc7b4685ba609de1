import type { LimitKind, LimitPeriod } from '@lobby/contracts';
import { dayOf, dayStart, zonedParts } from '@lobby/time';

/**
 * The rules of a member's limits (issue 15, point 1), pure: the rolling windows, what a change
 * does, and what is left. Amounts are minor units (play time: seconds used, minutes limited).
 */

export const HOUR_MS = 3_600_000;
/** An increase or removal waits this long before the member may confirm it. */
export const INCREASE_DELAY_MS = 24 * HOUR_MS;

/**
 * The start of the rolling window ending at `now`: 24 hours, 7 days, or one calendar month of
 * the brand's zone (the same wall-clock time a month earlier, the month's last day when the day
 * does not exist in it).
 */
export function windowStart(period: LimitPeriod, now: Date, timeZone: string): Date {
  if (period === 'day') return new Date(now.getTime() - 24 * HOUR_MS);
  if (period === 'week') return new Date(now.getTime() - 7 * 24 * HOUR_MS);
  const parts = zonedParts(now, timeZone);
  const year = parts.month === 1 ? parts.year - 1 : parts.year;
  const month = parts.month === 1 ? 12 : parts.month - 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(parts.day, lastDay)).padStart(2, '0')}`;
  const sinceMidnightMs = ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000;
  return new Date(dayStart(day, timeZone).getTime() + sinceMidnightMs);
}

/** The brand's calendar day of an instant: play time counts per day. */
export function playDay(now: Date, timeZone: string): string {
  return dayOf(now, timeZone);
}

export type StoredLimit = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: bigint;
  pendingAmount: bigint | null;
  pendingAt: Date | null;
};

/**
 * What a member's request does to a limit: `apply` at once (a first limit, or a lower one),
 * `wait` (a higher one or a removal: pending for 24 hours, then confirmed), or `same`.
 */
export function changeOf(
  current: bigint | null,
  requested: bigint | null,
): 'apply' | 'wait' | 'same' {
  if (current === requested) return 'same';
  if (current === null) return 'apply';
  if (requested === null) return 'wait';
  return requested < current ? 'apply' : 'wait';
}

/** From when a pending change may be confirmed. */
export function confirmableFrom(pendingAt: Date): Date {
  return new Date(pendingAt.getTime() + INCREASE_DELAY_MS);
}

export function isConfirmable(limit: Pick<StoredLimit, 'pendingAt'>, now: Date): boolean {
  return limit.pendingAt !== null && confirmableFrom(limit.pendingAt).getTime() <= now.getTime();
}

/** What is left of a limit, never below zero. */
export function remainingOf(limit: bigint, used: bigint): bigint {
  return used >= limit ? 0n : limit - used;
}

/**
 * The most the member may still add to `kind` (deposit, stake) under every limit of that kind
 * they set: the lowest remainder wins; null when they set none.
 */
export function allowance(
  limits: readonly Pick<StoredLimit, 'kind' | 'period' | 'amount'>[],
  kind: LimitKind,
  usedOf: (period: LimitPeriod) => bigint,
): bigint | null {
  let lowest: bigint | null = null;
  for (const limit of limits) {
    if (limit.kind !== kind) continue;
    const left = remainingOf(limit.amount, usedOf(limit.period));
    if (lowest === null || left < lowest) lowest = left;
  }
  return lowest;
}
