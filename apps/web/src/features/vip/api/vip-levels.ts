import { useQuery } from '@tanstack/react-query';
import { vipListEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { VIP_QUERY_KEYS } from './query-keys.ts';

/** GET /api/findmed/v1/member/vips/list: every level of the brand (guests too). */
export function useVipLevels() {
  const api = useApiClient();
  return useQuery({
    queryKey: VIP_QUERY_KEYS.levels,
    queryFn: ({ signal }) =>
      api.get(vipListEndpoint.path, { schema: vipListEndpoint.response, signal }),
    staleTime: 5 * 60_000,
  });
}
