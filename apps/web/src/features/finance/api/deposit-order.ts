import { useQuery } from '@tanstack/react-query';
import { depositOrderEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { depositPollInterval } from '../../../lib/deposit-progress.ts';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/f/v1/deposit/order?orderNo=: one of the member's orders. Asked again every few
 * seconds until its status is final (confirmed, rejected, expired), also while the tab is in
 * the background, so a member who paid elsewhere sees it land.
 */
export function useDepositOrder(orderNo: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: FINANCE_QUERY_KEYS.depositOrder(orderNo ?? ''),
    queryFn: ({ signal }) =>
      api.get(depositOrderEndpoint.path, {
        params: { orderNo: orderNo ?? '' },
        schema: depositOrderEndpoint.response,
        signal,
      }),
    enabled: orderNo !== null && orderNo !== '',
    refetchInterval: (query) => depositPollInterval(query.state.data?.status),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}
