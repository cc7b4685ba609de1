import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/sign: signs today; the calendar and balances refresh. */
export function useSign() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  return useMutation({
    mutationFn: () => api.post(signEndpoint.path, { body: {}, schema: signEndpoint.response }),
    // The reward (or cost) moved money: the header balance follows at once.
    onSuccess: () => void session.refreshBalance({ force: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEYS.all }),
  });
}
