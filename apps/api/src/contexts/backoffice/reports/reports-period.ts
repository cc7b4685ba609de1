import { REPORT_MAX_RANGE_DAYS, type ReportPeriodQuery } from '@lobby/contracts';
import { addDays, dayOf } from '@lobby/time';
import { appError } from '../../../lib/app-error.ts';
import { REPORTS_ERRORS } from './reports.errors.ts';

/** A period resolved to days (inclusive), and the one of the same length just before. */
export type ResolvedPeriod = {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  days: number;
};

/** True for a `YYYY-MM-DD` that names a real day (not 02-30). */
function isRealDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
}

/** Whole days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/**
 * The days a period query means in a time zone at `now`: today, yesterday, the 7 or 30 days
 * ending today, or the range. A range without both ends, with a day that does not exist or with
 * `from` after `to` answers `report_period_invalid`; a longer one than REPORT_MAX_RANGE_DAYS
 * `report_range_too_long`.
 */
export function resolvePeriod(
  query: Pick<ReportPeriodQuery, 'period' | 'from' | 'to'>,
  now: Date,
  timeZone: string,
): ResolvedPeriod {
  const today = dayOf(now, timeZone);
  let from: string;
  let to: string;
  switch (query.period) {
    case 'today':
      from = to = today;
      break;
    case 'yesterday':
      from = to = addDays(today, -1);
      break;
    case '7d':
      from = addDays(today, -6);
      to = today;
      break;
    case '30d':
      from = addDays(today, -29);
      to = today;
      break;
    case 'range': {
      if (!query.from || !query.to || !isRealDay(query.from) || !isRealDay(query.to)) {
        throw appError(REPORTS_ERRORS, 'report_period_invalid');
      }
      if (query.from > query.to) throw appError(REPORTS_ERRORS, 'report_period_invalid');
      if (daysBetween(query.from, query.to) > REPORT_MAX_RANGE_DAYS) {
        throw appError(REPORTS_ERRORS, 'report_range_too_long', {
          params: { days: REPORT_MAX_RANGE_DAYS },
        });
      }
      from = query.from;
      to = query.to;
      break;
    }
  }
  const days = daysBetween(from, to);
  const previousTo = addDays(from, -1);
  return { from, to, previousFrom: addDays(previousTo, -(days - 1)), previousTo, days };
}
