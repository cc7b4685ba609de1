import { useQuery } from '@tanstack/react-query';
import { rechargeRewardsEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/active/recharge/rewards: tiers and the member's deposits. */
export function useRechargeRewards(id: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: PROMO_QUERY_KEYS.rechargeRewards(id),
    queryFn: ({ signal }) =>
      api.post(rechargeRewardsEndpoint.path, {
        body: { id },
        schema: rechargeRewardsEndpoint.response,
        signal,
      }),
    enabled,
  });
}
