import { describe, expect, it } from 'vitest';
import { calendarMonthSchema, dateTimeSchema, DAY_IN_RANGE_PATTERN } from './dates.ts';

describe('dates a client may send', () => {
  it.each([
    '2000-01-01T00:00:00Z',
    '2026-11-24T16:30:00+08:00',
    '2100-12-31T23:59:59Z',
    '2100-12-31T23:59:59.999Z',
  ])('accepts the instant %s', (text) => {
    expect(dateTimeSchema.safeParse(text).success).toBe(true);
  });

  it.each([
    '0020-02-29T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '1999-12-31T23:59:59Z',
    '2000-01-01T07:59:59+08:00',
    '2101-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    'yesterday',
  ])('refuses the instant %s', (text) => {
    expect(dateTimeSchema.safeParse(text).success).toBe(false);
  });

  it('accepts days and months within the range only', () => {
    expect(DAY_IN_RANGE_PATTERN.test('2026-02-28')).toBe(true);
    expect(DAY_IN_RANGE_PATTERN.test('2100-12-31')).toBe(true);
    for (const day of ['0000-01-01', '0020-02-29', '1999-12-31', '2101-01-01', '2026-1-1']) {
      expect(DAY_IN_RANGE_PATTERN.test(day), day).toBe(false);
    }
    expect(calendarMonthSchema.safeParse('2026-11').success).toBe(true);
    for (const month of ['1999-12', '2101-01', '2026-13', '0020-02']) {
      expect(calendarMonthSchema.safeParse(month).success, month).toBe(false);
    }
  });
});
