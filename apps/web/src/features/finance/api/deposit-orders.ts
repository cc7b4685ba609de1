import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { depositOrdersEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

/** GET /api/f/v1/deposit/orders: the member's deposit orders, newest first, a page at a time. */
export function useDepositOrders(page: number, pageSize: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...FINANCE_QUERY_KEYS.depositOrders, page, pageSize],
    queryFn: ({ signal }) =>
      api.get(depositOrdersEndpoint.path, {
        params: { page, pageSize },
        schema: depositOrdersEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
