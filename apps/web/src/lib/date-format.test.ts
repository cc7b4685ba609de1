import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateZh, toInstant } from './date-format.ts';

const SHANGHAI = 'Asia/Shanghai';
// 2026-11-21 14:05:09 in Shanghai.
const INSTANT = new Date('2026-11-21T06:05:09Z');

describe('formatDateZh', () => {
  it('writes year, month and day Chinese style', () => {
    expect(formatDateZh(INSTANT, SHANGHAI)).toBe('2026年11月21日');
  });

  it('zero-pads month and day', () => {
    expect(formatDateZh(new Date('2026-01-05T04:00:00Z'), SHANGHAI)).toBe('2026年01月05日');
  });

  it('uses the time zone to pick the day', () => {
    const lateUtc = new Date('2026-11-20T20:00:00Z');
    expect(formatDateZh(lateUtc, SHANGHAI)).toBe('2026年11月21日');
    expect(formatDateZh(lateUtc, 'UTC')).toBe('2026年11月20日');
  });
});

describe('formatDate', () => {
  it.each([
    ['zh-CN', '2026年11月21日'],
    ['zh-TW', '2026年11月21日'],
    ['en', '2026-11-21'],
  ] as const)('%s -> %s', (language, text) => {
    expect(formatDate(INSTANT, language, SHANGHAI)).toBe(text);
  });

  it('reads epoch milliseconds and ISO strings', () => {
    expect(formatDate(INSTANT.getTime(), 'en', SHANGHAI)).toBe('2026-11-21');
    expect(formatDate('2026-11-21T06:05:09Z', 'en', SHANGHAI)).toBe('2026-11-21');
  });

  it('keeps a plain date on its own day in every time zone of the runtime', () => {
    expect(formatDate('2026-11-21', 'zh-CN')).toBe('2026年11月21日');
    expect(formatDate('2026-01-05', 'en')).toBe('2026-01-05');
  });

  it('gives empty text for dates it cannot read', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDate(new Date(Number.NaN), 'zh-CN')).toBe('');
    expect(formatDate(Number.NaN, 'zh-CN')).toBe('');
    expect(formatDateZh('')).toBe('');
  });
});

describe('formatDateTime', () => {
  it.each([
    ['zh-CN', '2026年11月21日 14:05:09'],
    ['zh-TW', '2026年11月21日 14:05:09'],
    ['en', '2026-11-21 14:05:09'],
  ] as const)('%s -> %s', (language, text) => {
    expect(formatDateTime(INSTANT, language, SHANGHAI)).toBe(text);
  });

  it('uses a 24-hour clock with padded fields, midnight as 00', () => {
    expect(formatDateTime(new Date('2026-11-20T16:00:00Z'), 'en', SHANGHAI)).toBe(
      '2026-11-21 00:00:00',
    );
    expect(formatDateTime(new Date('2026-11-21T15:09:03Z'), 'en', SHANGHAI)).toBe(
      '2026-11-21 23:09:03',
    );
  });

  it('reads "date time" strings with a space as local time', () => {
    const text = formatDateTime('2026-11-21 14:05:09', 'en');
    expect(text).toBe('2026-11-21 14:05:09');
  });

  it('gives empty text for dates it cannot read', () => {
    expect(formatDateTime('2026-13-45 99:99', 'en')).toBe('');
  });
});

describe('toInstant', () => {
  it('reads each input kind and refuses invalid ones', () => {
    expect(toInstant(INSTANT)).toBe(INSTANT);
    expect(toInstant(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toInstant('garbage')).toBeNull();
  });
});
