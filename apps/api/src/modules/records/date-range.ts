import { DATE_PRESETS } from '@lobby/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Asia/Shanghai is UTC+8 all year: China has kept no daylight saving time since 1991. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The instant a calendar day begins in Asia/Shanghai: today's, or `dayOffset` days away. */
export function shanghaiDayStart(now: Date, dayOffset = 0): Date {
  const shanghaiMs = now.getTime() + SHANGHAI_OFFSET_MS;
  const dayStartMs = shanghaiMs - (((shanghaiMs % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(dayStartMs - SHANGHAI_OFFSET_MS + dayOffset * DAY_MS);
}

/** From (inclusive) and to (exclusive) instants of a record screen's days. */
export type TimeRange = { from: Date; to: Date };

/** Days of each preset relative to today: both "last N days" include today. */
const PRESET_DAYS: Record<number, { start: number; end: number }> = {
  [DATE_PRESETS.today]: { start: 0, end: 1 },
  [DATE_PRESETS.yesterday]: { start: -1, end: 0 },
  [DATE_PRESETS.last7Days]: { start: -6, end: 1 },
  [DATE_PRESETS.last30Days]: { start: -29, end: 1 },
};

/**
 * The instants of a date preset (SPEC.md section 9) in Asia/Shanghai days: -1 none gives null,
 * 0 today, 1 yesterday, 2 the last 7 days and 3 the last 30 days, today included.
 */
export function rangeOfDatePreset(preset: number, now: Date): TimeRange | null {
  if (preset === DATE_PRESETS.none) return null;
  const days = PRESET_DAYS[preset];
  if (!days) throw new RangeError(`unknown date preset: ${preset}`);
  return { from: shanghaiDayStart(now, days.start), to: shanghaiDayStart(now, days.end) };
}
