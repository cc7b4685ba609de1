/**
 * The period of the dashboard and the reports, as the URL holds it (`period`, and `from`/`to`
 * for a range: calendar days in each brand's time zone, counted by the server), and the change
 * of a figure against the previous period of the same length.
 */

export const PERIODS = ['today', 'yesterday', '7d', '30d', 'range'] as const;
export type Period = (typeof PERIODS)[number];

/** The URL fields of a period. */
export type PeriodFilters = { period?: Period; from?: string; to?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The URL change when a period is picked: a fixed period drops any range; a range keeps the
 * days it is given (`YYYY-MM-DD`, first and last, in order) or the ones the URL has.
 */
export function periodPatch(
  period: Period,
  current: PeriodFilters,
  days?: readonly [string, string] | null,
): PeriodFilters {
  if (period !== 'range') return { period, from: undefined, to: undefined };
  const [from, to] = days ?? [current.from, current.to];
  if (from && to && DAY.test(from) && DAY.test(to)) {
    return from <= to ? { period, from, to } : { period, from: to, to: from };
  }
  return { period, from: undefined, to: undefined };
}

/** Whether the filters can be asked for: a range needs both its days. */
export function periodComplete(filters: PeriodFilters): boolean {
  if (filters.period !== 'range') return true;
  return Boolean(filters.from && filters.to);
}

/** A decimal string ("-12.50") or an integer as a scaled integer, with its decimals. */
function scaled(value: string | number): { units: bigint; decimals: number } | null {
  const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : '') : value;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { units: BigInt(`${sign}${whole}${fraction}`), decimals: fraction.length };
}

/**
 * The change from the previous period's figure to this one, in percent with one decimal
 * (rounded half away from zero), worked out in integers so an amount is never a float.
 * Null when there is nothing to compare with (the previous figure is zero, or not a number).
 */
export function changePercent(current: string | number, previous: string | number): number | null {
  const now = scaled(current);
  const before = scaled(previous);
  if (!now || !before || before.units === 0n) return null;
  // Same scale for both.
  const decimals = Math.max(now.decimals, before.decimals);
  const a = now.units * 10n ** BigInt(decimals - now.decimals);
  const b = before.units * 10n ** BigInt(decimals - before.decimals);
  // Tenths of a percent: (a - b) / |b| * 1000, rounded half away from zero.
  const numerator = (a - b) * 1000n;
  const denominator = b < 0n ? -b : b;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const tenths = (magnitude * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -tenths : tenths) / 10;
}

/** "+12.5%", "-3%", "0%"; an em dash when there is no change to show. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  const sign = change > 0 ? '+' : '';
  return `${sign}${change}%`;
}
