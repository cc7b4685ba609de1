import { describe, expect, it } from 'vitest';
import { adminReportsDashboardEndpoint, adminReportPlayersEndpoint } from '@lobby/contracts';
import { changePercent, formatChange, periodComplete, periodPatch } from './report-period.ts';
import { applyFilterPatch, parseFilters, serializeFilters } from './url-filters.ts';

const dashboardQuery = adminReportsDashboardEndpoint.query;

/** The URL search after a period change, as useUrlFilters writes it. */
function searchAfter(search: string, patch: Record<string, unknown>): string {
  const current = parseFilters(dashboardQuery, new URLSearchParams(search));
  return serializeFilters(dashboardQuery, applyFilterPatch(current, patch)).toString();
}

describe('the period in the URL', () => {
  it('drops the range when a fixed period is picked', () => {
    expect(periodPatch('7d', { period: 'range', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      period: '7d',
      from: undefined,
      to: undefined,
    });
    expect(periodPatch('today', {})).toEqual({ period: 'today', from: undefined, to: undefined });
  });

  it('takes the picked days for a range, in order, or keeps the URL’s', () => {
    expect(periodPatch('range', {}, ['2026-03-01', '2026-03-07'])).toEqual({
      period: 'range',
      from: '2026-03-01',
      to: '2026-03-07',
    });
    expect(periodPatch('range', {}, ['2026-03-07', '2026-03-01'])).toEqual({
      period: 'range',
      from: '2026-03-01',
      to: '2026-03-07',
    });
    expect(periodPatch('range', { from: '2026-02-01', to: '2026-02-02' })).toEqual({
      period: 'range',
      from: '2026-02-01',
      to: '2026-02-02',
    });
    expect(periodPatch('range', {}, ['2026-3-1', '2026-03-07'])).toEqual({
      period: 'range',
      from: undefined,
      to: undefined,
    });
  });

  it('asks only for a range with both days', () => {
    expect(periodComplete({ period: '30d' })).toBe(true);
    expect(periodComplete({})).toBe(true);
    expect(periodComplete({ period: 'range', from: '2026-01-01' })).toBe(false);
    expect(periodComplete({ period: 'range', from: '2026-01-01', to: '2026-01-02' })).toBe(true);
  });
});

describe('the period and the URL together', () => {
  it('leaves the default period (today) out of the URL and writes the others', () => {
    expect(parseFilters(dashboardQuery, new URLSearchParams(''))).toEqual({ period: 'today' });
    expect(searchAfter('', periodPatch('today', {}))).toBe('');
    expect(searchAfter('brand=taihe', periodPatch('30d', {}))).toBe('brand=taihe&period=30d');
  });

  it('writes a range with its days and drops them for a fixed period', () => {
    const ranged = searchAfter(
      'brand=taihe&period=7d',
      periodPatch('range', {}, ['2026-03-01', '2026-03-07']),
    );
    expect(ranged).toBe('brand=taihe&period=range&from=2026-03-01&to=2026-03-07');
    const current = parseFilters(dashboardQuery, new URLSearchParams(ranged));
    expect(current).toEqual({
      brand: 'taihe',
      period: 'range',
      from: '2026-03-01',
      to: '2026-03-07',
    });
    expect(searchAfter(ranged, periodPatch('yesterday', current))).toBe(
      'brand=taihe&period=yesterday',
    );
  });

  it('drops what the schema refuses rather than failing the view', () => {
    expect(
      parseFilters(dashboardQuery, new URLSearchParams('period=week&from=1999-01-01&to=x')),
    ).toEqual({ period: 'today' });
    // A report's own fields come with their defaults.
    expect(
      parseFilters(adminReportPlayersEndpoint.query, new URLSearchParams('order=losers')),
    ).toMatchObject({ period: 'today', order: 'losers', limit: 50 });
  });
});

describe('the change against the previous period', () => {
  it('is in percent with one decimal, for counts and amounts', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent('1234.50', '1000.00')).toBe(23.5);
    expect(changePercent('100', '300.00')).toBe(-66.7);
    expect(changePercent('200.00', '200')).toBe(0);
  });

  it('rounds half away from zero and measures against the size of a negative figure', () => {
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent('100.05', '100.00')).toBe(0.1);
    expect(changePercent('-99.95', '-100.00')).toBe(0.1);
    expect(changePercent('50.00', '-100.00')).toBe(150);
    expect(changePercent('-150.00', '100.00')).toBe(-250);
  });

  it('stays exact beyond the floats’ integers', () => {
    expect(changePercent('90071992547409930.02', '45035996273704965.01')).toBe(100);
  });

  it('has nothing to show against zero or a non-number', () => {
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent('5.00', '0.00')).toBeNull();
    expect(changePercent('n/a', '1')).toBeNull();
    expect(changePercent(1.5, 1)).toBeNull();
    expect(formatChange(null)).toBe('—');
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(-3)).toBe('-3%');
    expect(formatChange(0)).toBe('0%');
  });
});
