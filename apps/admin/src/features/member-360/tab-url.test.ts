import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  adminMemberBetsEndpoint,
  adminMemberDepositsEndpoint,
  adminMemberLedgerEndpoint,
} from '@lobby/contracts';
import { applyFilterPatch } from '../../lib/url-filters.ts';
import {
  boundsToDayRange,
  clearedFilters,
  dayRangeToBounds,
  DEFAULT_TAB,
  tabFilters,
  tabOf,
  tabSearch,
} from './tab-url.ts';

const bets = adminMemberBetsEndpoint.query;
const deposits = adminMemberDepositsEndpoint.query;

describe('the tab in the URL', () => {
  it('reads the tab, the default one when it is missing or unknown', () => {
    expect(tabOf(new URLSearchParams('tab=bets&platform=3'))).toBe('bets');
    expect(tabOf(new URLSearchParams(''))).toBe(DEFAULT_TAB);
    expect(tabOf(new URLSearchParams('tab=passwords'))).toBe(DEFAULT_TAB);
  });

  it('writes the tab first, then only the filters chosen (defaults left out)', () => {
    const search = tabSearch('bets', bets, {
      platform: 3,
      page: 2,
      pageSize: 50,
      category: undefined,
    });
    expect(search.toString()).toBe('tab=bets&platform=3&page=2');
    // The default tab needs no `tab`.
    expect(
      tabSearch('ledger', adminMemberLedgerEndpoint.query, {
        reason: 'deposit',
        limit: 50,
      }).toString(),
    ).toBe('reason=deposit');
  });

  it("reads a tab's filters with its endpoint's schema, invalid values dropped", () => {
    const search = new URLSearchParams('tab=bets&platform=3&category=abc&page=2&status=paid');
    expect(tabFilters('bets', bets, search)).toEqual({ platform: 3, page: 2, pageSize: 50 });
  });

  it("never reads another tab's filters: a link shows exactly one tab with its filters", () => {
    const search = new URLSearchParams('tab=bets&platform=3&page=2');
    expect(tabFilters('deposits', deposits, search)).toEqual({ page: 1, pageSize: 50 });
  });

  it('round-trips: what it writes reads back the same, and the tab stays', () => {
    const filters = tabFilters(
      'deposits',
      deposits,
      new URLSearchParams('tab=deposits&status=confirmed&from=2025-03-01T00:00:00%2B08:00&page=3'),
    );
    const written = tabSearch('deposits', deposits, filters);
    expect(tabOf(written)).toBe('deposits');
    expect(tabFilters('deposits', deposits, written)).toEqual(filters);
  });

  it('goes back to page 1 when a filter changes, and keeps the filters when the page does', () => {
    const current = { status: 'confirmed', page: 4, pageSize: 50 };
    const changed = applyFilterPatch(current, { status: 'rejected' });
    expect(tabSearch('deposits', deposits, changed).toString()).toBe(
      'tab=deposits&status=rejected',
    );
    const paged = applyFilterPatch(current, { page: 5 });
    expect(tabSearch('deposits', deposits, paged).toString()).toBe(
      'tab=deposits&status=confirmed&page=5',
    );
    expect(
      tabSearch(
        'deposits',
        deposits,
        applyFilterPatch(current, clearedFilters(current)),
      ).toString(),
    ).toBe('tab=deposits');
  });
});

describe('day ranges', () => {
  it('turns picked days into an inclusive start and an exclusive end', () => {
    const bounds = dayRangeToBounds([dayjs('2025-03-01T15:00:00'), dayjs('2025-03-03T09:00:00')]);
    expect(dayjs(bounds.from).format('YYYY-MM-DD HH:mm')).toBe('2025-03-01 00:00');
    expect(dayjs(bounds.to).format('YYYY-MM-DD HH:mm')).toBe('2025-03-04 00:00');
    expect(dayRangeToBounds(null)).toEqual({ from: undefined, to: undefined });
    expect(dayRangeToBounds([null, dayjs('2025-03-03')]).from).toBeUndefined();
  });

  it('shows the bounds back as the days picked', () => {
    const { from, to } = dayRangeToBounds([dayjs('2025-03-01'), dayjs('2025-03-03')]);
    const range = boundsToDayRange(from, to);
    expect(range?.[0]?.format('YYYY-MM-DD')).toBe('2025-03-01');
    expect(range?.[1]?.format('YYYY-MM-DD')).toBe('2025-03-03');
    expect(boundsToDayRange(undefined, undefined)).toBeNull();
    // A bound that is not a midnight (a hand-made link) is shown as it is.
    expect(
      boundsToDayRange(undefined, dayjs('2025-03-03T12:00:00').format())?.[1]?.format('YYYY-MM-DD'),
    ).toBe('2025-03-03');
  });
});
