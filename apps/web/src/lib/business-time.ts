import type { DatePreset, Language } from '@lobby/contracts';
import { dayOf, zoneOffsetLabel } from '@lobby/time';
import { formatDate, formatDateTime, type DateInput } from './date-format.ts';
import { dateRangeForPreset, type DateRange } from './date-presets.ts';

/**
 * The brand's business time (DESIGN.md section 3, point 10): the server counts record days in the
 * brand's time zone, so the screens name those days and write every time in that zone too,
 * whatever zone the member's device is set to. The one place the web decides which zone a
 * shown time is in.
 */
export type BusinessTime = {
  /** IANA name, as the brand's settings give it. */
  timeZone: string;
  /** The zone as a person reads it: `UTC+8`, `UTC-5`, `UTC+5:30`, `UTC`. */
  zoneLabel: string;
  /** `2026年11月24日 23:05:09` (en: `2026-11-24 23:05:09`) in the zone; '' when unreadable. */
  dateTime(input: DateInput): string;
  /** `2026年11月24日` (en: `2026-11-24`) in the zone; '' when unreadable. */
  date(input: DateInput): string;
  /** The days a record screen's preset means, counted in the zone. */
  presetRange(preset: DatePreset, now?: Date): DateRange | null;
  /** The brand's calendar day at `now` (YYYY-MM-DD): "today" for daily things. */
  today(now?: Date): string;
};

export function businessTime(
  timeZone: string,
  language: Language,
  now: Date = new Date(),
): BusinessTime {
  return {
    timeZone,
    zoneLabel: zoneOffsetLabel(timeZone, now),
    dateTime: (input) => formatDateTime(input, language, timeZone),
    date: (input) => formatDate(input, language, timeZone),
    presetRange: (preset, at = new Date()) => dateRangeForPreset(preset, at, timeZone),
    today: (at = new Date()) => dayOf(at, timeZone),
  };
}
