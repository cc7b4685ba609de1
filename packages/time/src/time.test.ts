import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOf,
  dayStart,
  isTimeZone,
  monthOf,
  monthStart,
  presetDays,
  presetInstants,
  startOfDay,
  zoneOffsetLabel,
} from './index.ts';

const ZONES = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC'];
const instants = fc.date({
  min: new Date('2000-01-02T00:00:00Z'),
  max: new Date('2100-12-30T00:00:00Z'),
  noInvalidDate: true,
});

describe('business time', () => {
  it('reads the zone day of an instant, not the runtime day', () => {
    const evening = new Date('2026-11-24T17:30:00Z');
    expect(dayOf(evening, 'Asia/Shanghai')).toBe('2026-11-25');
    expect(dayOf(evening, 'America/New_York')).toBe('2026-11-24');
    expect(monthOf(new Date('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12');
  });

  it('begins a day at the zone midnight', () => {
    expect(dayStart('2026-11-25', 'Asia/Shanghai').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(monthStart('2026-12', 'Asia/Shanghai').toISOString()).toBe('2026-11-30T16:00:00.000Z');
    // New York changes to daylight time on 2026-03-08 and back on 2026-11-01.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(dayStart('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(dayStart('2026-11-02', 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });

  it('puts every instant inside its own day, in every zone', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), (instant, zone) => {
        const day = dayOf(instant, zone);
        expect(dayStart(day, zone).getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(dayStart(addDays(day, 1), zone).getTime()).toBeGreaterThan(instant.getTime());
        expect(startOfDay(instant, zone).getTime()).toBe(dayStart(day, zone).getTime());
      }),
    );
  });

  it('counts days and months on the calendar', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });

  it('names the zone by its offset', () => {
    const winter = new Date('2026-01-15T00:00:00Z');
    expect(zoneOffsetLabel('Asia/Shanghai', winter)).toBe('UTC+8');
    expect(zoneOffsetLabel('America/New_York', winter)).toBe('UTC-5');
    expect(zoneOffsetLabel('Asia/Kolkata', winter)).toBe('UTC+5:30');
    expect(zoneOffsetLabel('UTC', winter)).toBe('UTC');
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('gives the days and instants of each date preset in the zone', () => {
    const now = new Date('2026-11-24T17:30:00Z');
    expect(presetDays(-1, now, 'Asia/Shanghai')).toBeNull();
    expect(presetDays(0, now, 'Asia/Shanghai')).toEqual({
      first: '2026-11-25',
      last: '2026-11-25',
    });
    expect(presetDays(1, now, 'Asia/Shanghai')).toEqual({
      first: '2026-11-24',
      last: '2026-11-24',
    });
    expect(presetDays(2, now, 'America/New_York')).toEqual({
      first: '2026-11-18',
      last: '2026-11-24',
    });
    expect(presetDays(3, now, 'UTC')).toEqual({ first: '2026-10-26', last: '2026-11-24' });
    expect(presetInstants(0, now, 'Asia/Shanghai')).toEqual({
      from: new Date('2026-11-24T16:00:00Z'),
      to: new Date('2026-11-25T16:00:00Z'),
    });
    expect(() => presetDays(7, now, 'UTC')).toThrow(RangeError);
  });
});
