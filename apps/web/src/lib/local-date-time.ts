import { pad2 } from './calendar-date.ts';

/**
 * The value of an <input type="datetime-local"> ("2026-11-21T14:05", the member's own clock)
 * and back. The API wants instants (ISO 8601 with a zone), so the text is read as local time.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export function toLocalDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}` +
    `T${pad2(date.getHours())}:${pad2(date.getMinutes())}`
  );
}

/** The instant a datetime-local value names, or null when it is not one (or not a real day). */
export function fromLocalDateTime(text: string): Date | null {
  const match = LOCAL.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute, second);
  const sameDay =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return sameDay && hour < 24 && minute < 60 && second < 60 ? date : null;
}
