import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';
import { addDays, toIsoDate, zonedParts } from './calendar-date.ts';

/** An inclusive range of calendar days as YYYY-MM-DD strings. */
export type DateRange = { start: string; end: string };

/** How many days before today each preset starts; both ranges end today or yesterday. */
const PRESET_DAYS: Record<Exclude<DatePreset, -1>, { startOffset: number; endOffset: number }> = {
  [DATE_PRESETS.today]: { startOffset: 0, endOffset: 0 },
  [DATE_PRESETS.yesterday]: { startOffset: -1, endOffset: -1 },
  // "Last 7 days" includes today, so it starts six days back.
  [DATE_PRESETS.last7Days]: { startOffset: -6, endOffset: 0 },
  [DATE_PRESETS.last30Days]: { startOffset: -29, endOffset: 0 },
};

/**
 * The date range of a record screen's preset (SPEC.md section 9): -1 none gives null (no
 * date filter), 0 today, 1 yesterday, 2 the last 7 days and 3 the last 30 days, both
 * including today. "Today" is the calendar day of `now` in `timeZone` (the runtime's when
 * omitted). An unknown preset or an invalid date is a programmer error and throws.
 */
export function dateRangeForPreset(
  preset: DatePreset,
  now: Date = new Date(),
  timeZone?: string,
): DateRange | null {
  if (preset === DATE_PRESETS.none) return null;
  const days =
    typeof preset === 'number' && Object.hasOwn(PRESET_DAYS, preset)
      ? PRESET_DAYS[preset]
      : undefined;
  if (!days) throw new RangeError(`unknown date preset: ${String(preset)}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('dateRangeForPreset: invalid date');
  const today = zonedParts(now, timeZone);
  return {
    start: toIsoDate(addDays(today, days.startOffset)),
    end: toIsoDate(addDays(today, days.endOffset)),
  };
}
