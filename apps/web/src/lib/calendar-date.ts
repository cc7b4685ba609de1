/**
 * Calendar dates and clock times as a given time zone sees an instant. Everything goes
 * through Intl so a member's local time zone (or the brand's, when given) decides which day
 * "today" is; arithmetic on days uses UTC dates so daylight-saving changes cannot skew it.
 */

export type CalendarDate = { year: number; month: number; day: number };
export type ClockTime = { hour: number; minute: number; second: number };

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

/** The date and time of an instant in a time zone (the runtime's own when omitted). */
export function zonedParts(instant: Date, timeZone?: string): CalendarDate & ClockTime {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** `2026-11-21` */
export function toIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}
