import type { DepositBonusTier, Language } from '@lobby/contracts';
import { addDays } from '@lobby/time';

/**
 * The rules of promotions as pure functions (no database, no clock): sign-in streaks, deposit
 * bonus tiers, budgets and localized text. The service feeds them what it read, and days of the
 * brand's time zone (@lobby/time).
 */

/** True for a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === day;
}

/** Consecutive signed days ending with `day` (0 when `day` itself is not signed). */
export function streakEndingOn(signed: ReadonlySet<string>, day: string): number {
  let streak = 0;
  for (let cursor = day; signed.has(cursor); cursor = addDays(cursor, -1)) streak++;
  return streak;
}

/** The reward of the n-th day of a streak (1-based): the last amount repeats after the list. */
export function streakReward(rewardsMinor: readonly number[], streak: number): bigint {
  if (rewardsMinor.length === 0 || streak < 1) return 0n;
  return BigInt(rewardsMinor[Math.min(streak, rewardsMinor.length) - 1] ?? 0);
}

/** The streak shown to the member: ending today when signed, else ending yesterday. */
export function currentStreak(signed: ReadonlySet<string>, today: string): number {
  return signed.has(today)
    ? streakEndingOn(signed, today)
    : streakEndingOn(signed, addDays(today, -1));
}

/**
 * The missed days that may be re-signed today: past days of the current month, at most
 * `daysBack` days ago, not before the promotion's first day, and not signed.
 */
export function resignableDays(options: {
  signed: ReadonlySet<string>;
  today: string;
  daysBack: number;
  firstDay: string;
  lastDay: string | null;
}): string[] {
  const days: string[] = [];
  const month = options.today.slice(0, 7);
  for (let back = 1; back <= options.daysBack; back++) {
    const day = addDays(options.today, -back);
    if (day.slice(0, 7) !== month || day < options.firstDay) break;
    if (options.lastDay !== null && day > options.lastDay) continue;
    if (!options.signed.has(day)) days.push(day);
  }
  return days.reverse();
}

/** The tier that applies to a deposit: the one with the highest minimum it reaches. */
export function tierFor(
  tiers: readonly DepositBonusTier[],
  depositMinor: bigint,
): DepositBonusTier | undefined {
  let best: DepositBonusTier | undefined;
  for (const tier of tiers) {
    if (depositMinor >= BigInt(tier.minDepositMinor)) {
      if (!best || tier.minDepositMinor > best.minDepositMinor) best = tier;
    }
  }
  return best;
}

/** The bonus of a deposit: its tier's percent of it, rounded down, capped by the tier. */
export function depositBonus(tiers: readonly DepositBonusTier[], depositMinor: bigint): bigint {
  const tier = tierFor(tiers, depositMinor);
  if (!tier) return 0n;
  const bonus = (depositMinor * BigInt(tier.percent)) / 100n;
  const cap = BigInt(tier.maxBonusMinor);
  return bonus > cap ? cap : bonus;
}

/** The turnover a reward adds: reward x percent / 100, rounded down. */
export function rewardTurnover(rewardMinor: bigint, multiplierPercent: number): bigint {
  return (rewardMinor * BigInt(multiplierPercent)) / 100n;
}

/**
 * Whether a budget (null: unlimited) can still pay `rewardMinor` after `spentMinor`. The
 * service asks before it records a claim; the paying statement checks again under its lock.
 */
export function budgetAllows(
  budgetMinor: bigint | null,
  spentMinor: bigint,
  rewardMinor: bigint,
): boolean {
  return budgetMinor === null || spentMinor + rewardMinor <= budgetMinor;
}

/**
 * Operator text in the request's language, else the brand's, else any written one, else ''.
 */
export function localized(
  text: Partial<Record<string, string>>,
  language: Language,
  brandLanguage: string,
): string {
  const pick = (value: string | undefined) => (value && value.length > 0 ? value : undefined);
  return (
    pick(text[language]) ??
    pick(text[brandLanguage]) ??
    Object.values(text).find((value) => value !== undefined && value.length > 0) ??
    ''
  );
}
