import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';

/**
 * Business time: the calendar of a brand's time zone (`settings.timeZone`, an IANA name). A
 * brand's days (sign-in days, rebate days, record filters, daily limits) and months (agent
 * statements, monthly bonuses) are its zone's, whatever zone a server or a browser runs in.
 * One home for the rule, used by the API and the web app. Days are `YYYY-MM-DD` and months
 * `YYYY-MM` strings; arithmetic on them is calendar arithmetic, so a day with a daylight-saving
 * change is still one day.
 */

export { DEFAULT_BRAND_TIME_ZONE, isTimeZone } from '@lobby/contracts';

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
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
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The wall clock of an instant in a zone (the runtime's own when omitted). */
export function zonedParts(instant: Date, timeZone?: string): ZonedParts {
  if (Number.isNaN(instant.getTime())) throw new RangeError('zonedParts: invalid date');
  const parts = formatterFor(timeZone).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dayText(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function parseDay(day: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function parseMonth(month: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** The zone's calendar day of an instant: `2026-11-24`. */
export function dayOf(instant: Date, timeZone: string): string {
  const parts = zonedParts(instant, timeZone);
  return dayText(parts.year, parts.month, parts.day);
}

/** The zone's calendar month of an instant: `2026-11`. */
export function monthOf(instant: Date, timeZone: string): string {
  return dayOf(instant, timeZone).slice(0, 7);
}

/** The day `days` days from `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const parsed = parseDay(day);
  const shifted = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days));
  return dayText(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** The month `months` months from `month` (negative: before). */
export function addMonths(month: string, months: number): string {
  const parsed = parseMonth(month);
  const shifted = new Date(Date.UTC(parsed.year, parsed.month - 1 + months, 1));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}`;
}

/** The wall clock of an instant in a zone, read as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = zonedParts(new Date(instant), timeZone);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * The instant a day begins in a zone. A midnight that a daylight-saving change skips begins the
 * day at the first instant after it.
 */
export function dayStart(day: string, timeZone: string): Date {
  const parsed = parseDay(day);
  const midnight = Date.UTC(parsed.year, parsed.month - 1, parsed.day);
  // The zone's offset at a first guess, then at the instant it gives: two steps settle it.
  let instant = midnight - (wallClockMs(midnight, timeZone) - midnight);
  instant = midnight - (wallClockMs(instant, timeZone) - instant);
  return new Date(instant);
}

/** The instant a month begins in a zone. */
export function monthStart(month: string, timeZone: string): Date {
  return dayStart(`${month}-01`, timeZone);
}

/** The instant the zone's day of `instant` begins, or the day `dayOffset` days away. */
export function startOfDay(instant: Date, timeZone: string, dayOffset = 0): Date {
  return dayStart(addDays(dayOf(instant, timeZone), dayOffset), timeZone);
}

/** The zone's offset from UTC at `at` as a person reads it: `UTC+8`, `UTC-5`, `UTC+5:30`, `UTC`. */
export function zoneOffsetLabel(timeZone: string, at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  if (!name) return timeZone;
  const label = name.replace(/^GMT/, 'UTC');
  return /^UTC(?:[+-]0(?::00)?)?$/.test(label) ? 'UTC' : label;
}

/**
 * The same calendar day `months` months from `day` (negative: before), or the last day of that
 * month when it is shorter: 2026-05-31 less three months is 2026-02-28.
 */
export function addMonthsToDay(day: string, months: number): string {
  const parsed = parseDay(day);
  const month = addMonths(day.slice(0, 7), months);
  const next = parseDay(`${addMonths(month, 1)}-01`);
  const lastDay = new Date(Date.UTC(next.year, next.month - 1, 0)).getUTCDate();
  return `${month}-${pad(Math.min(parsed.day, lastDay))}`;
}

/** Days of each date preset relative to today, inclusive: both "last N days" include today. */
const PRESET_DAYS: Record<
  Exclude<DatePreset, -1 | typeof DATE_PRESETS.last3Months>,
  { first: number; last: number }
> = {
  [DATE_PRESETS.today]: { first: 0, last: 0 },
  [DATE_PRESETS.yesterday]: { first: -1, last: -1 },
  [DATE_PRESETS.last7Days]: { first: -6, last: 0 },
  [DATE_PRESETS.last30Days]: { first: -29, last: 0 },
};

/** An inclusive range of the zone's calendar days. */
export type DayRange = { first: string; last: string };

/**
 * The days of a record screen's date preset (SPEC section 9) in the zone: -1 none gives null (no
 * filter), 0 today, 1 yesterday, 2 the last 7 days, 3 the last 30 days and 4 the last three
 * months (from the same day three months back), today included.
 */
export function presetDays(preset: number, now: Date, timeZone: string): DayRange | null {
  if (preset === DATE_PRESETS.none) return null;
  const today = dayOf(now, timeZone);
  if (preset === DATE_PRESETS.last3Months) {
    return { first: addMonthsToDay(today, -3), last: today };
  }
  const days = Object.hasOwn(PRESET_DAYS, preset)
    ? PRESET_DAYS[preset as keyof typeof PRESET_DAYS]
    : undefined;
  if (!days) throw new RangeError(`unknown date preset: ${String(preset)}`);
  return { first: addDays(today, days.first), last: addDays(today, days.last) };
}

/** From (inclusive) and to (exclusive) instants of a date preset's days in the zone. */
export function presetInstants(
  preset: number,
  now: Date,
  timeZone: string,
): { from: Date; to: Date } | null {
  const days = presetDays(preset, now, timeZone);
  if (!days) return null;
  return { from: dayStart(days.first, timeZone), to: dayStart(addDays(days.last, 1), timeZone) };
}
