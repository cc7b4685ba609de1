import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';
import { presetDays } from '@lobby/time';

/** An inclusive range of calendar days as YYYY-MM-DD strings. */
export type DateRange = { start: string; end: string };

/**
 * The date range of a record screen's preset (SPEC.md section 9): -1 none gives null (no
 * date filter), 0 today, 1 yesterday, 2 the last 7 days and 3 the last 30 days, both
 * including today. "Today" is the calendar day of `now` in `timeZone` (the runtime's when
 * omitted), counted by @lobby/time as the API counts it. An unknown preset or an invalid date
 * is a programmer error and throws.
 */
export function dateRangeForPreset(
  preset: DatePreset,
  now: Date = new Date(),
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): DateRange | null {
  if (preset === DATE_PRESETS.none) return null;
  // The package reads a preset number; a string that looks like one is a caller's mistake.
  if (typeof preset !== 'number') throw new RangeError(`unknown date preset: ${String(preset)}`);
  const days = presetDays(preset, now, timeZone);
  return days && { start: days.first, end: days.last };
}
