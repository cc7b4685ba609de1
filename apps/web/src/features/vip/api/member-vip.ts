import { useQuery } from '@tanstack/react-query';
import { memberVipEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { VIP_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/findmed/v1/member/vips: the member's level, cumulative deposits and valid bets, the
 * progress to the next level, the level's privileges and the newest VIP rewards. The server
 * evaluates the upgrade first, so a member who just qualified gets the new level (and its bonus)
 * on this very call.
 */
export function useMemberVip() {
  const api = useApiClient();
  return useQuery({
    queryKey: VIP_QUERY_KEYS.member,
    queryFn: ({ signal }) =>
      api.get(memberVipEndpoint.path, { schema: memberVipEndpoint.response, signal }),
  });
}
