import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';
import { describe, expect, it } from 'vitest';
import { dateRangeForPreset } from './date-presets.ts';

const SHANGHAI = 'Asia/Shanghai';
// 2026-11-21 10:00 in Shanghai.
const NOW = new Date('2026-11-21T02:00:00Z');

describe('dateRangeForPreset', () => {
  it('gives null for none', () => {
    expect(dateRangeForPreset(DATE_PRESETS.none, NOW, SHANGHAI)).toBeNull();
  });

  it.each([
    [DATE_PRESETS.today, '2026-11-21', '2026-11-21'],
    [DATE_PRESETS.yesterday, '2026-11-20', '2026-11-20'],
    [DATE_PRESETS.last7Days, '2026-11-15', '2026-11-21'],
    [DATE_PRESETS.last30Days, '2026-10-23', '2026-11-21'],
  ])('preset %i -> %s .. %s', (preset, start, end) => {
    expect(dateRangeForPreset(preset, NOW, SHANGHAI)).toEqual({ start, end });
  });

  it('takes today from the time zone, not from UTC', () => {
    // 2026-11-20 20:00 UTC is already the 21st in Shanghai but still the 20th in New York.
    const lateUtc = new Date('2026-11-20T20:00:00Z');
    expect(dateRangeForPreset(DATE_PRESETS.today, lateUtc, SHANGHAI)?.start).toBe('2026-11-21');
    expect(dateRangeForPreset(DATE_PRESETS.today, lateUtc, 'America/New_York')?.start).toBe(
      '2026-11-20',
    );
    expect(dateRangeForPreset(DATE_PRESETS.today, lateUtc, 'UTC')?.start).toBe('2026-11-20');
  });

  it('crosses month, year and leap-day boundaries', () => {
    const newYear = new Date('2027-01-01T04:00:00Z');
    expect(dateRangeForPreset(DATE_PRESETS.yesterday, newYear, SHANGHAI)).toEqual({
      start: '2026-12-31',
      end: '2026-12-31',
    });
    const march = new Date('2028-03-01T04:00:00Z');
    expect(dateRangeForPreset(DATE_PRESETS.yesterday, march, SHANGHAI)?.start).toBe('2028-02-29');
    expect(dateRangeForPreset(DATE_PRESETS.last30Days, march, SHANGHAI)?.start).toBe('2028-02-01');
  });

  it('counts calendar days across a daylight-saving change', () => {
    // New York leaves daylight saving on 2026-11-01.
    const now = new Date('2026-11-03T15:00:00Z');
    expect(dateRangeForPreset(DATE_PRESETS.last7Days, now, 'America/New_York')).toEqual({
      start: '2026-10-28',
      end: '2026-11-03',
    });
  });

  it('uses the current time and zone when omitted', () => {
    const range = dateRangeForPreset(DATE_PRESETS.today);
    expect(range?.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(range?.start).toBe(range?.end);
  });

  it('throws on an unknown preset, an invalid date or time zone', () => {
    expect(() => dateRangeForPreset(5 as DatePreset, NOW)).toThrow(RangeError);
    expect(() => dateRangeForPreset('2' as unknown as DatePreset, NOW)).toThrow(RangeError);
    expect(() => dateRangeForPreset(DATE_PRESETS.today, new Date('nope'))).toThrow(RangeError);
    expect(() => dateRangeForPreset(DATE_PRESETS.today, NOW, 'Mars/Olympus')).toThrow(RangeError);
  });
});
