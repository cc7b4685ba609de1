import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  transactionRecordsEndpoint,
  type DatePreset,
  type TransactionType,
} from '@lobby/contracts';
import { useApiClient } from '../../../app/api-context.tsx';
import { MEMBER_QUERY_KEY } from '../../../app/session-actions.ts';

export type TransactionFilter = {
  type: TransactionType | 'all';
  datePreset: DatePreset;
  page: number;
  pageSize: number;
};

/** Under the member keys; the cashier screens invalidate it after a money action. */
export const TRANSACTION_RECORDS_QUERY_KEY = [...MEMBER_QUERY_KEY, 'transactionRecords'];

/**
 * GET /api/findmed/v1/member/record/trans: the member's money movements from the ledger, newest
 * first, by type and date preset (-1 none, 0 today, 1 yesterday, 2 last 7 days, 3 last 30
 * days, days of Asia/Shanghai), a page at a time.
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
