import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { betRecordsEndpoint, type DatePreset } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

export type BetRecordFilter = {
  datePreset: DatePreset;
  /** A category code, 0 for all. */
  category: number;
  /** A platform id, 0 for all. */
  platform: number;
  page: number;
  pageSize: number;
};

export const BET_RECORDS_QUERY_KEY = [...MEMBER_QUERY_KEY, 'betRecords'];

/**
 * GET /api/findmed/v1/member/record/game: the member's settled bets, newest first, by date
 * preset (days of the brand's time zone), category and platform, a page at a time, with the totals of
 * everything the filter matches. The records arrive from the platforms by a background sync, so
 * the list is asked again every half minute while it shows.
 */
export function useBetRecords(filter: BetRecordFilter) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...BET_RECORDS_QUERY_KEY, i18n.language, filter],
    queryFn: ({ signal }) =>
      api.get(betRecordsEndpoint.path, {
        params: filter,
        schema: betRecordsEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}
