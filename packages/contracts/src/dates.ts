import { z } from 'zod';

/**
 * Dates a client may send, bounded to a range a gaming site can mean: nothing before 2000 or
 * after 2100. A year like 0020 is valid ISO 8601 but no promotion starts then, and PostgreSQL
 * and JavaScript disagree about such years (JavaScript reads year 20 as 1920, PostgreSQL keeps
 * it), so a stored one could no longer be read back. The database holds the same bounds as
 * CHECK constraints on the columns these fill.
 */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2100-12-31';

const EARLIEST_MS = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const LATEST_MS = Date.parse(`${LATEST_DATE}T23:59:59.999Z`);

/** True when an instant lies within the accepted range. */
export function isWithinDateRange(instant: Date): boolean {
  const time = instant.getTime();
  return Number.isFinite(time) && time >= EARLIEST_MS && time <= LATEST_MS;
}

/** An instant: ISO 8601 with `Z` or an offset, from 2000-01-01 to 2100-12-31 (UTC). */
export const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((text) => isWithinDateRange(new Date(text)), {
    message: `between ${EARLIEST_DATE} and ${LATEST_DATE}`,
    params: { code: 'date_out_of_range' },
  });

/**
 * `YYYY-MM-DD` with a year from 2000 to 2100: the shape of a day, for fields whose service
 * answers a day that does not exist (02-30) with a code of its own.
 */
export const DAY_IN_RANGE_PATTERN = /^(20\d\d|2100)-\d{2}-\d{2}$/;

/** A calendar month `YYYY-MM` within the accepted range. */
export const calendarMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: YYYY-MM')
  .refine((text) => isWithinDateRange(new Date(`${text}-01T00:00:00Z`)), {
    message: `a month between ${EARLIEST_DATE.slice(0, 7)} and ${LATEST_DATE.slice(0, 7)}`,
  });
