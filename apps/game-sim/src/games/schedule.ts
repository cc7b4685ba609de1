import type { ScheduledEvent } from './engine.ts';

/**
 * Fixed UTC schedules of the scheduled games: an event's id is a prefix letter and its
 * schedule time as yyyyMMddHHmm in UTC (L202611211230 is the lottery draw of 2026-11-21 12:30
 * UTC), so the same time always gives the same id and an id gives back its time.
 */

const STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/;

export function stampOf(time: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    String(time.getUTCFullYear()).padStart(4, '0') +
    pad(time.getUTCMonth() + 1) +
    pad(time.getUTCDate()) +
    pad(time.getUTCHours()) +
    pad(time.getUTCMinutes())
  );
}

/** The time of an id `${prefix}yyyyMMddHHmm`, or null when it is not one (or not a real date). */
export function timeOfId(id: string, prefix: string): Date | null {
  if (!id.startsWith(prefix)) return null;
  const match = STAMP.exec(id.slice(prefix.length));
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || year > 2999) return null;
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Date.UTC rolls 2026-02-30 over into March: a real date reads back the same.
  return stampOf(time) === id.slice(prefix.length) ? time : null;
}

/** Schedule times (ms) that are multiples of `periodMs` in [fromMs, toMs]. */
export function slotsBetween(fromMs: number, toMs: number, periodMs: number): number[] {
  const slots: number[] = [];
  for (let t = Math.ceil(fromMs / periodMs) * periodMs; t <= toMs; t += periodMs) slots.push(t);
  return slots;
}

/**
 * Whether an event still takes bets at `now` (the engines' `validate` has no clock: the core
 * asks this before staking).
 */
export function bettingOpen(event: ScheduledEvent, now: Date): boolean {
  return now.getTime() < event.closesAt.getTime();
}
