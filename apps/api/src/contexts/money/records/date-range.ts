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

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant in a zone, read as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value ?? 0);
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
}

/**
 * The instant a calendar day begins in a time zone (IANA name): today's, or `dayOffset` days
 * away. Days are counted on the zone's calendar, so a day with a daylight-saving change is
 * still one day; a midnight the change skips begins the day at the first instant after it.
 */
export function zonedDayStart(now: Date, timeZone: string, dayOffset = 0): Date {
  const wall = wallClockMs(now.getTime(), timeZone);
  const midnight = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS) + dayOffset * DAY_MS;
  // The zone's offset at a first guess, then at the instant it gives: two steps settle it.
  let instant = midnight - (wallClockMs(midnight, timeZone) - midnight);
  instant = midnight - (wallClockMs(instant, timeZone) - instant);
  return new Date(instant);
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
 * The instants of a date preset (SPEC.md section 9) in days of the brand's time zone: -1 none
 * gives null, 0 today, 1 yesterday, 2 the last 7 days and 3 the last 30 days, today included.
 */
export function rangeOfDatePreset(preset: number, now: Date, timeZone: string): TimeRange | null {
  if (preset === DATE_PRESETS.none) return null;
  const days = PRESET_DAYS[preset];
  if (!days) throw new RangeError(`unknown date preset: ${preset}`);
  return {
    from: zonedDayStart(now, timeZone, days.start),
    to: zonedDayStart(now, timeZone, days.end),
  };
}
