import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyDepositEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/active/apply/depositActive: claims one deposit's bonus. */
export function useApplyDeposit() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  return useMutation({
    mutationFn: (input: { id: string; orderNo: string }) =>
      api.post(applyDepositEndpoint.path, { body: input, schema: applyDepositEndpoint.response }),
    // The reward (or cost) moved money: the header balance follows at once.
    onSuccess: () => void session.refreshBalance({ force: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEYS.all }),
  });
}
