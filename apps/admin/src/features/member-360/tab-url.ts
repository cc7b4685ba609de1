import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import {
  applyFilterPatch,
  parseFilters,
  serializeFilters,
  type FilterPatch,
  type FilterSchema,
  type FiltersOf,
} from '../../lib/url-filters.ts';

/**
 * The member page keeps its open tab and that tab's filters in one URL:
 * `/members/7?tab=bets&platform=3&page=2`. `tab` comes first and is left out for the default
 * tab; the rest are the tab endpoint's own query fields (read with its schema, as every list of
 * the console reads them). Switching tabs drops the previous tab's filters, so a link always
 * reproduces exactly one tab with its filters.
 */

export const MEMBER_TABS = [
  'ledger',
  'deposits',
  'withdrawals',
  'transfers',
  'bets',
  'rewards',
  'logins',
  'linked',
  'notes',
  'recall',
] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];
export const DEFAULT_TAB: MemberTab = 'ledger';

export function isMemberTab(value: unknown): value is MemberTab {
  return typeof value === 'string' && (MEMBER_TABS as readonly string[]).includes(value);
}

/** The tab a URL shows; an unknown or missing one is the default tab. */
export function tabOf(search: URLSearchParams): MemberTab {
  const value = search.get('tab');
  return isMemberTab(value) ? value : DEFAULT_TAB;
}

/** A tab with its filters as search parameters: the tab, then the chosen filters. */
export function tabSearch(
  tab: MemberTab,
  schema: FilterSchema,
  filters: Record<string, unknown>,
): URLSearchParams {
  const search = new URLSearchParams();
  if (tab !== DEFAULT_TAB) search.set('tab', tab);
  for (const [key, value] of serializeFilters(schema, filters)) search.append(key, value);
  return search;
}

/** The filters of `tab` in a URL: its own when the URL shows that tab, else the defaults. */
export function tabFilters<S extends FilterSchema>(
  tab: MemberTab,
  schema: S,
  search: URLSearchParams,
): FiltersOf<S> {
  return parseFilters(schema, tabOf(search) === tab ? search : new URLSearchParams());
}

/** The open tab, and a switch to another one (its filters empty: a new history entry). */
export function useMemberTab(): [MemberTab, (tab: MemberTab) => void] {
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search);
  const switchTab = useCallback(
    (next: MemberTab) => {
      setSearch(next === DEFAULT_TAB ? new URLSearchParams() : new URLSearchParams({ tab: next }));
    },
    [setSearch],
  );
  return [tab, switchTab];
}

/**
 * `useUrlFilters` for a tab of the member page: the tab's filters read with its endpoint's query
 * schema, and a setter that keeps `tab` in the URL (a change of a filter other than the page
 * goes back to page 1, as on every list).
 */
export function useTabFilters<S extends FilterSchema>(
  tab: MemberTab,
  schema: S,
): [FiltersOf<S>, (patch: FilterPatch<S>) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // Parsed again only when the URL changes, so the object is stable for query keys.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => tabFilters(tab, schema, search), [tab, schema, key]);
  const setFilters = useCallback(
    (patch: FilterPatch<S>) => {
      const next = applyFilterPatch(filters as Record<string, unknown>, patch);
      setSearch(tabSearch(tab, schema, next));
    },
    [filters, schema, setSearch, tab],
  );
  return [filters, setFilters];
}

/** Filters with every chosen field cleared: what a filter bar's Reset writes. */
export function clearedFilters(filters: Record<string, unknown>): Record<string, undefined> {
  return Object.fromEntries(Object.keys(filters).map((key) => [key, undefined]));
}

// ---------------------------------------------------------------------------------------------
// Day ranges: the history endpoints take `from` (inclusive) and `to` (exclusive).

export type DayRange = [Dayjs | null, Dayjs | null] | null;

/**
 * Days picked in a RangePicker as the API's bounds, in the operator's time zone: from the first
 * day's start to the start of the day after the last one (the bound is exclusive).
 */
export function dayRangeToBounds(range: DayRange | undefined): {
  from: string | undefined;
  to: string | undefined;
} {
  const first = range?.[0];
  const last = range?.[1];
  return {
    from: first?.isValid() ? first.startOf('day').format() : undefined,
    to: last?.isValid() ? last.startOf('day').add(1, 'day').format() : undefined,
  };
}

/** The bounds of the URL back as the days to show in the picker (the last day included). */
export function boundsToDayRange(from: string | undefined, to: string | undefined): DayRange {
  if (!from && !to) return null;
  const start = from ? dayjs(from) : null;
  let end = to ? dayjs(to) : null;
  // An exclusive bound at midnight means the day before was the last one picked.
  if (end?.isValid() && end.isSame(end.startOf('day'))) end = end.subtract(1, 'day');
  return [start?.isValid() ? start : null, end?.isValid() ? end : null];
}
