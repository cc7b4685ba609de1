import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endExclusionEndpoint,
  memberExclusionEndpoint,
  takeExclusionEndpoint,
  type ExclusionKind,
  type MemberExclusionState,
} from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';

const EXCLUSION_KEY = ['protection', 'exclusion'] as const;

/** GET /api/f/v1/protection/exclusion: the time-out or self-exclusion in force, the periods. */
export function useExclusion() {
  const api = useApiClient();
  return useQuery({
    queryKey: EXCLUSION_KEY,
    queryFn: ({ signal }) =>
      api.get(memberExclusionEndpoint.path, { schema: memberExclusionEndpoint.response, signal }),
  });
}

/** Takes one: the server ends every session, so the caller sends the member to log in again. */
export function useTakeExclusion() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: { kind: ExclusionKind; period: string }) =>
      api.post(takeExclusionEndpoint.path, {
        body: { ...body, confirm: true },
        schema: takeExclusionEndpoint.response,
      }),
  });
}

export function useAskToEndExclusion() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(endExclusionEndpoint.path, { schema: endExclusionEndpoint.response }),
    onSuccess: (state: MemberExclusionState) => client.setQueryData(EXCLUSION_KEY, state),
  });
}
