import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentApplyEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { AGENT_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/agent/apply ("join us"); the page's info shows the pending application. */
export function useApplyAgent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { contact: string; message: string }) =>
      api.post(agentApplyEndpoint.path, { body: input, schema: agentApplyEndpoint.response }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AGENT_QUERY_KEYS.info }),
  });
}
