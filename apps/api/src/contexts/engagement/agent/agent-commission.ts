import { addMonths, monthOf, monthStart } from '@lobby/time';

/**
 * The commission rules of the agent partnership, as pure functions so they are tested alone.
 *
 * For one agent and one month (of the brand's time zone): gross revenue is what the downline
 * staked less what it was paid out; bonuses are the promotions and rebates paid into the
 * downline's wallets (re-sign costs flowing back count negatively); net revenue is gross less
 * bonuses. The tier is the best-paying one whose minimum active members and minimum net revenue
 * the month meets; with none, the share is zero. The commission is the share of a positive net
 * revenue, rounded down to the minor unit; a month with a loss for the house pays nothing and is
 * not carried into the next month (every month stands alone, so a statement never depends on
 * another).
 */

export type CommissionTier = {
  minActiveMembers: number;
  minNetRevenueMinor: bigint;
  /** Basis points of the net revenue: 0 to 10000. */
  shareBp: number;
};

export type MonthActivity = {
  activeMembers: number;
  betMinor: bigint;
  payoutMinor: bigint;
  bonusMinor: bigint;
};

export type Commission = {
  grossRevenueMinor: bigint;
  netRevenueMinor: bigint;
  shareBp: number;
  commissionMinor: bigint;
};

export const BASIS_POINTS = 10_000n;

/** The tier of a month: the highest share among the tiers whose minimums it meets, or null. */
export function tierFor(
  tiers: readonly CommissionTier[],
  activeMembers: number,
  netRevenueMinor: bigint,
): CommissionTier | null {
  let best: CommissionTier | null = null;
  for (const tier of tiers) {
    if (activeMembers < tier.minActiveMembers || netRevenueMinor < tier.minNetRevenueMinor) {
      continue;
    }
    if (best === null || tier.shareBp > best.shareBp) best = tier;
  }
  return best;
}

export function commissionFor(
  activity: MonthActivity,
  tiers: readonly CommissionTier[],
): Commission {
  const grossRevenueMinor = activity.betMinor - activity.payoutMinor;
  const netRevenueMinor = grossRevenueMinor - activity.bonusMinor;
  const shareBp = tierFor(tiers, activity.activeMembers, netRevenueMinor)?.shareBp ?? 0;
  // BigInt division truncates toward zero, which is rounding down for the non-negative amount.
  const commissionMinor =
    netRevenueMinor > 0n ? (netRevenueMinor * BigInt(shareBp)) / BASIS_POINTS : 0n;
  return { grossRevenueMinor, netRevenueMinor, shareBp, commissionMinor };
}

/** Why a tier table cannot be saved, or null when it can. */
export function tierTableProblem(tiers: readonly CommissionTier[]): 'duplicate' | null {
  const seen = new Set<string>();
  for (const tier of tiers) {
    const key = `${tier.minActiveMembers}:${tier.minNetRevenueMinor}`;
    if (seen.has(key)) return 'duplicate';
    seen.add(key);
  }
  return null;
}

/** Tiers in the order members read them: lowest share first, then lowest minimums. */
export function sortTiers<T extends CommissionTier>(tiers: readonly T[]): T[] {
  return [...tiers].sort(
    (left, right) =>
      left.shareBp - right.shareBp ||
      left.minActiveMembers - right.minActiveMembers ||
      (left.minNetRevenueMinor < right.minNetRevenueMinor
        ? -1
        : left.minNetRevenueMinor > right.minNetRevenueMinor
          ? 1
          : 0),
  );
}

// ---------------------------------------------------------------------------------------------
// Months of the brand's time zone (@lobby/time keeps the calendar rule).

/** The instants a month of the zone covers: from its first midnight to the next month's. */
export function monthRange(month: string, timeZone: string): { from: Date; to: Date } {
  return { from: monthStart(month, timeZone), to: monthStart(addMonths(month, 1), timeZone) };
}

/** The latest month of the zone that has ended at `now`: the month before the current one. */
export function lastEndedMonth(now: Date, timeZone: string): string {
  return addMonths(monthOf(now, timeZone), -1);
}

/** Whether a month of the zone has ended at `now` ('YYYY-MM' strings compare in time order). */
export function monthHasEnded(month: string, now: Date, timeZone: string): boolean {
  return month < monthOf(now, timeZone);
}

/** A username as another member may see it: ab***9 (a***  for three characters or fewer). */
export function maskUsername(username: string): string {
  const characters = [...username];
  if (characters.length <= 3) return `${characters[0] ?? ''}***`;
  return `${characters.slice(0, 2).join('')}***${characters[characters.length - 1]}`;
}
