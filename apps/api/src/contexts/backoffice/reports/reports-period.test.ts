import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { daysBetween, resolvePeriod } from './reports-period.ts';

/** The reports' periods: calendar days of the brand's zone, and the period just before. */
const NOW = new Date('2026-03-01T17:30:00Z'); // 2026-03-02 01:30 in Shanghai, 03-01 in UTC
const SHANGHAI = 'Asia/Shanghai';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('resolvePeriod', () => {
  it('reads today in the brand’s zone, not UTC', () => {
    expect(resolvePeriod({ period: 'today' }, NOW, SHANGHAI)).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
      previousFrom: '2026-03-01',
      previousTo: '2026-03-01',
      days: 1,
    });
    expect(resolvePeriod({ period: 'today' }, NOW, 'UTC').from).toBe('2026-03-01');
  });

  it('gives yesterday, 7 and 30 days ending today, each with the same length before', () => {
    expect(resolvePeriod({ period: 'yesterday' }, NOW, SHANGHAI)).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-01',
      previousFrom: '2026-02-28',
    });
    expect(resolvePeriod({ period: '7d' }, NOW, SHANGHAI)).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
      previousFrom: '2026-02-17',
      previousTo: '2026-02-23',
      days: 7,
    });
    const month = resolvePeriod({ period: '30d' }, NOW, SHANGHAI);
    expect([month.from, month.to, month.previousFrom, month.previousTo, month.days]).toEqual([
      '2026-02-01',
      '2026-03-02',
      '2026-01-02',
      '2026-01-31',
      30,
    ]);
  });

  it('takes a range of up to 366 days, both ends counted', () => {
    const range = resolvePeriod(
      { period: 'range', from: '2024-01-01', to: '2024-12-31' },
      NOW,
      SHANGHAI,
    );
    expect(range).toMatchObject({
      days: 366,
      previousFrom: '2022-12-31',
      previousTo: '2023-12-31',
    });
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
  });

  it('refuses a range without both ends, a day that does not exist, a reversed or too long one', () => {
    const range = (from?: string, to?: string) => () =>
      resolvePeriod(
        { period: 'range', ...(from ? { from } : {}), ...(to ? { to } : {}) },
        NOW,
        SHANGHAI,
      );
    expect(codeOf(range('2026-01-01'))).toBe('report_period_invalid');
    expect(codeOf(range(undefined, '2026-01-01'))).toBe('report_period_invalid');
    expect(codeOf(range('2026-02-29', '2026-03-01'))).toBe('report_period_invalid');
    expect(codeOf(range('2026-03-02', '2026-03-01'))).toBe('report_period_invalid');
    expect(codeOf(range('2025-01-01', '2026-01-02'))).toBe('report_range_too_long');
    expect(codeOf(range('2025-01-01', '2026-01-01'))).toBeUndefined();
  });
});
