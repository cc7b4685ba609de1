import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDepositEndpoint, type DepositOrder } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { BodyOf } from '../../../lib/endpoint-types.ts';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

export type CreateDepositBody = BodyOf<typeof createDepositEndpoint>;

/**
 * POST /api/f/v1/deposit: opens an order on a channel. The body carries the attempt's
 * idempotency key, so sending it again answers the same order. Invalidates the order list.
 */
export function useCreateDeposit() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDepositBody): Promise<DepositOrder> =>
      api.post(createDepositEndpoint.path, { body, schema: createDepositEndpoint.response }),
    onSuccess: (order) => {
      queryClient.setQueryData(FINANCE_QUERY_KEYS.depositOrder(order.orderNo), order);
      return queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.depositOrders });
    },
  });
}
