import type { Language } from '@lobby/contracts';
import { zonedParts } from '@lobby/time';
import { pad2, toIsoDate, type CalendarDate } from './calendar-date.ts';

/**
 * Dates are written year-month-day (SPEC.md section 9): Chinese style `2026年11月21日` for
 * zh-CN and zh-TW, ISO style `2026-11-21` for en. Months and days are zero-padded so dates
 * line up in record lists. Display functions never throw: an unreadable date gives ''.
 */

/** A Date, epoch milliseconds, or an API string (ISO, or `2026-11-21 14:05:09` local time). */
export type DateInput = Date | number | string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** Reads an input as an instant; null when it is not a valid date. */
export function toInstant(input: DateInput): Date | null {
  let instant: Date;
  if (input instanceof Date) instant = input;
  else if (typeof input === 'number') instant = new Date(input);
  else {
    const text = input.trim();
    const dateOnly = DATE_ONLY.exec(text);
    // A plain date names a calendar day, not UTC midnight: read it as local midnight so no
    // time zone can move it to the day before.
    if (dateOnly)
      instant = new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
    // Safari cannot parse "date time" with a space; the T form means the same local time.
    else instant = new Date(text.replace(LOCAL_DATE_TIME, '$1T$2'));
  }
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function chineseDate(date: CalendarDate): string {
  return `${date.year}年${pad2(date.month)}月${pad2(date.day)}日`;
}

/** `2026年11月21日` */
export function formatDateZh(input: DateInput, timeZone?: string): string {
  const instant = toInstant(input);
  return instant ? chineseDate(zonedParts(instant, timeZone)) : '';
}

/** zh-CN and zh-TW: `2026年11月21日`; en: `2026-11-21`. */
export function formatDate(input: DateInput, language: Language, timeZone?: string): string {
  const instant = toInstant(input);
  if (!instant) return '';
  const parts = zonedParts(instant, timeZone);
  return language === 'en' ? toIsoDate(parts) : chineseDate(parts);
}

/** zh-CN and zh-TW: `2026年11月21日 14:05:09`; en: `2026-11-21 14:05:09` (24-hour clock). */
export function formatDateTime(input: DateInput, language: Language, timeZone?: string): string {
  const instant = toInstant(input);
  if (!instant) return '';
  const parts = zonedParts(instant, timeZone);
  const date = language === 'en' ? toIsoDate(parts) : chineseDate(parts);
  return `${date} ${pad2(parts.hour)}:${pad2(parts.minute)}:${pad2(parts.second)}`;
}
