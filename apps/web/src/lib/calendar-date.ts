/**
 * Calendar dates as the web writes them. Which day an instant falls on in a zone, and day
 * arithmetic, are the brand's business-time rule: @lobby/time (zonedParts, dayOf, addDays).
 */

export type CalendarDate = { year: number; month: number; day: number };

export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** `2026-11-21` */
export function toIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}
