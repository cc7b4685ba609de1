/**
 * The commission rules of the agent partnership, as pure functions so they are tested alone.
 *
 * For one agent and one month (Asia/Shanghai): gross revenue is what the downline staked less
 * what it was paid out; bonuses are the promotions and rebates paid into the downline's wallets
 * (re-sign costs flowing back count negatively); net revenue is gross less bonuses. The tier is
 * the best-paying one whose minimum active members and minimum net revenue the month meets;
 * with none, the share is zero. The commission is the share of a positive net revenue, rounded
 * down to the minor unit; a month with a loss for the house pays nothing and is not carried
 * into the next month (every month stands alone, so a statement never depends on another).
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
// Months of Asia/Shanghai time (UTC+8 all year: China has no daylight saving time).

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Shanghai month ('YYYY-MM') an instant falls in. */
export function shanghaiMonthOf(instant: Date): string {
  const local = new Date(instant.getTime() + SHANGHAI_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

function parseMonth(month: string): { year: number; monthIndex: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 };
}

/** The month `offset` months from `month`. */
export function addMonths(month: string, offset: number): string {
  const { year, monthIndex } = parseMonth(month);
  const date = new Date(Date.UTC(year, monthIndex + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The instants a Shanghai month covers: from its first midnight to the next month's. */
export function shanghaiMonthRange(month: string): { from: Date; to: Date } {
  const { year, monthIndex } = parseMonth(month);
  return {
    from: new Date(Date.UTC(year, monthIndex, 1) - SHANGHAI_OFFSET_MS),
    to: new Date(Date.UTC(year, monthIndex + 1, 1) - SHANGHAI_OFFSET_MS),
  };
}

/** The latest month that has ended at `now`: the month before the current Shanghai month. */
export function lastEndedMonth(now: Date): string {
  return addMonths(shanghaiMonthOf(now), -1);
}

/** Whether a month has ended at `now` ('YYYY-MM' strings compare in time order). */
export function monthHasEnded(month: string, now: Date): boolean {
  return month < shanghaiMonthOf(now);
}

/** A username as another member may see it: ab***9 (a***  for three characters or fewer). */
export function maskUsername(username: string): string {
  const characters = [...username];
  if (characters.length <= 3) return `${characters[0] ?? ''}***`;
  return `${characters.slice(0, 2).join('')}***${characters[characters.length - 1]}`;
}
