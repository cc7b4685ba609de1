import {
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type ComplianceSettings,
  type ExclusionKind,
} from '@lobby/contracts';

/**
 * The rules of time-outs and self-exclusions (issue 15, point 4), pure: the end of a period, the
 * periods a profile offers, when the member may ask to end one and when it then ends.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Months of each self-exclusion period (permanent: none). */
const MONTHS: Record<string, number> = { '6m': 6, '1y': 12, '2y': 24, '5y': 60 };
const TIME_OUT_HOURS: Record<string, number> = { '24h': 24, '7d': 168, '30d': 720, '42d': 1008 };

function addMonths(start: Date, months: number): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/** The end of a period that starts at `start`; null for an indefinite one. */
export function periodEnd(period: string, start: Date): Date | null {
  if (period === 'permanent') return null;
  const hours = TIME_OUT_HOURS[period];
  if (hours !== undefined) return new Date(start.getTime() + hours * HOUR_MS);
  const months = MONTHS[period];
  if (months === undefined) throw new Error(`exclusion: unknown period ${period}`);
  return addMonths(start, months);
}

/** The periods a brand's profile offers: none shorter than its minimums. */
export function offeredPeriods(profile: ComplianceSettings) {
  return {
    timeOutPeriods: TIME_OUT_PERIODS.filter(
      (period) => (TIME_OUT_HOURS[period] ?? 0) >= profile.timeOutMinimumHours,
    ),
    selfExclusionPeriods: SELF_EXCLUSION_PERIODS.filter(
      (period) =>
        period === 'permanent' || (MONTHS[period] ?? 0) >= profile.selfExclusionMinimumMonths,
    ),
  };
}

export function isOffered(profile: ComplianceSettings, kind: ExclusionKind, period: string) {
  const offered = offeredPeriods(profile);
  return (
    kind === 'time_out'
      ? (offered.timeOutPeriods as readonly string[])
      : offered.selfExclusionPeriods
  ).includes(period);
}

/**
 * From when the member may ask to end an exclusion: when its period has run out; an indefinite
 * one after the profile's minimum self-exclusion.
 */
export function askableFrom(
  exclusion: { startsAt: Date; endsAt: Date | null },
  profile: ComplianceSettings,
): Date {
  return exclusion.endsAt ?? addMonths(exclusion.startsAt, profile.selfExclusionMinimumMonths);
}

/** When an exclusion the member asked to end at `askedAt` ends: 24 hours, or 7 days if indefinite. */
export function endsAfterAsking(exclusion: { endsAt: Date | null }, askedAt: Date): Date {
  return new Date(askedAt.getTime() + (exclusion.endsAt === null ? 7 * DAY_MS : DAY_MS));
}

/** Whether `next` may replace the exclusion in force: only one that ends later (or never). */
export function isLonger(current: { endsAt: Date | null }, nextEnd: Date | null): boolean {
  if (current.endsAt === null) return false;
  return nextEnd === null || nextEnd.getTime() > current.endsAt.getTime();
}
