import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resignEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/resign: re-signs a missed day (YYYY-MM-DD) at its cost. */
export function useResign() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  return useMutation({
    mutationFn: (day: string) =>
      api.post(resignEndpoint.path, { body: { day }, schema: resignEndpoint.response }),
    // The reward (or cost) moved money: the header balance follows at once.
    onSuccess: () => void session.refreshBalance({ force: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEYS.all }),
  });
}
