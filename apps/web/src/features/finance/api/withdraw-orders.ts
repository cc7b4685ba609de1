import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { withdrawOrdersEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/f/v1/withdraw/orders: the member's withdrawals, newest first, with their status
 * (pending, approved, rejected and why). Bank names come in the request's language.
 */
export function useWithdrawOrders(page: number, pageSize: number) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...FINANCE_QUERY_KEYS.withdrawOrders, i18n.language, page, pageSize],
    queryFn: ({ signal }) =>
      api.get(withdrawOrdersEndpoint.path, {
        params: { page, pageSize },
        schema: withdrawOrdersEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
