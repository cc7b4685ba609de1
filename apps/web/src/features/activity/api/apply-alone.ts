import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyAloneEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/active/apply/aloneActive: applies, for an operator's review. */
export function useApplyAlone() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; note: string }) =>
      api.post(applyAloneEndpoint.path, { body: input, schema: applyAloneEndpoint.response }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEYS.all }),
  });
}
