import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  transactionRecordsEndpoint,
  type DatePreset,
  type TransactionType,
} from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { TRANSACTION_RECORDS_QUERY_KEY } from '../../../lib/api/query-keys.ts';

export type TransactionFilter = {
  type: TransactionType | 'all';
  datePreset: DatePreset;
  page: number;
  pageSize: number;
};

/**
 * GET /api/findmed/v1/member/record/trans: the member's money movements from the ledger, newest
 * first, by type and date preset (-1 none, 0 today, 1 yesterday, 2 last 7 days, 3 last 30
 * days, days of the brand's time zone), a page at a time.
 */
export function useTransactionRecords(filter: TransactionFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...TRANSACTION_RECORDS_QUERY_KEY, filter],
    queryFn: ({ signal }) =>
      api.get(transactionRecordsEndpoint.path, {
        params: filter,
        schema: transactionRecordsEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
