import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositNoticeEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { BodyOf } from '../../../lib/endpoint-types.ts';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

/**
 * POST /api/f/v1/deposit/notice: the member says the bank transfer is made (payer, time, note);
 * the order becomes submitted for the cashier's review. Invalidates the order and the list.
 */
export function useDepositNotice() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof depositNoticeEndpoint>) =>
      api.post(depositNoticeEndpoint.path, { body, schema: depositNoticeEndpoint.response }),
    onSuccess: (order) => {
      queryClient.setQueryData(FINANCE_QUERY_KEYS.depositOrder(order.orderNo), order);
      return queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.depositOrders });
    },
  });
}
