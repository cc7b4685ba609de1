import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinActiveEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/active/join: joins a deposit bonus before depositing. */
export function useJoinPromotion() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(joinActiveEndpoint.path, { body: { id }, schema: joinActiveEndpoint.response }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEYS.all }),
  });
}
