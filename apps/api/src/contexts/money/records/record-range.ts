import { DATE_PRESETS, MEMBER_HISTORY_MONTHS } from '@lobby/contracts';
import { addDays, addMonthsToDay, dayOf, dayStart, presetDays } from '@lobby/time';
import { appError, commonError } from '../../../lib/app-error.ts';
import { RECORDS_ERRORS } from './records.errors.ts';

/** What a member's record screen asks for: a date preset, or its own days (the brand's). */
export type RecordRangeQuery = { datePreset: number; startDate?: string; endDate?: string };

/** The days a member's record read covers (inclusive) and the instants that bound it. */
export type RecordRange = { first: string; last: string; from: Date; to: Date };

function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
}

/**
 * The range of a member's record read, never before their self-serve history: the first day is
 * at the earliest the same day MEMBER_HISTORY_MONTHS months back (the brand's days). Own days
 * win over the preset; a start before the history is `record_range_too_old`, a day that does not
 * exist or an end before the start `validation`. No preset (-1) reads the whole history.
 */
export function memberRecordRange(
  query: RecordRangeQuery,
  now: Date,
  timeZone: string,
): RecordRange {
  const today = dayOf(now, timeZone);
  const earliest = addMonthsToDay(today, -MEMBER_HISTORY_MONTHS);
  let first: string;
  let last: string;
  if (query.startDate !== undefined || query.endDate !== undefined) {
    first = query.startDate ?? earliest;
    last = query.endDate ?? today;
    for (const [path, day] of [
      ['startDate', first],
      ['endDate', last],
    ] as const) {
      if (!isCalendarDay(day)) throw commonError('validation', [{ path, code: 'not_a_day' }]);
    }
    if (last < first) {
      throw commonError('validation', [{ path: 'endDate', code: 'before_start' }]);
    }
  } else {
    const days =
      query.datePreset === DATE_PRESETS.none
        ? { first: earliest, last: today }
        : presetDays(query.datePreset, now, timeZone);
    if (!days) throw new Error('a preset other than none has days');
    ({ first, last } = days);
  }
  if (first < earliest) {
    throw appError(RECORDS_ERRORS, 'record_range_too_old', {
      params: { months: MEMBER_HISTORY_MONTHS, earliest },
    });
  }
  return { first, last, from: dayStart(first, timeZone), to: dayStart(addDays(last, 1), timeZone) };
}
