import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelMemberLimitEndpoint,
  confirmMemberLimitEndpoint,
  memberLimitsEndpoint,
  setMemberLimitEndpoint,
  type LimitKind,
  type LimitPeriod,
  type MemberLimits,
} from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';

const LIMITS_KEY = ['protection', 'limits'] as const;

/** GET /api/f/v1/protection/limits: the member's limits, used and left, waiting changes. */
export function useLimits() {
  const api = useApiClient();
  return useQuery({
    queryKey: LIMITS_KEY,
    queryFn: ({ signal }) =>
      api.get(memberLimitsEndpoint.path, { schema: memberLimitsEndpoint.response, signal }),
  });
}

type Key = { kind: LimitKind; period: LimitPeriod };

/** The three changes a member makes; each answers the whole view, which replaces the cache. */
export function useLimitChange() {
  const api = useApiClient();
  const client = useQueryClient();
  const onSuccess = (view: MemberLimits) => client.setQueryData(LIMITS_KEY, view);
  return {
    set: useMutation({
      mutationFn: (body: Key & { amount: string | null }) =>
        api.post(setMemberLimitEndpoint.path, { body, schema: setMemberLimitEndpoint.response }),
      onSuccess,
    }),
    confirm: useMutation({
      mutationFn: (body: Key) =>
        api.post(confirmMemberLimitEndpoint.path, {
          body,
          schema: confirmMemberLimitEndpoint.response,
        }),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (body: Key) =>
        api.post(cancelMemberLimitEndpoint.path, {
          body,
          schema: cancelMemberLimitEndpoint.response,
        }),
      onSuccess,
    }),
  };
}
