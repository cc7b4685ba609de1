import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentDownlineEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { AGENT_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/findmed/v1/agent/downline: the agent's downline (masked usernames, join dates,
 * active this month) a page at a time, with the month's totals. Agents only.
 */
export function useDownline(filter: { page: number; pageSize: number }, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...AGENT_QUERY_KEYS.downline, filter],
    queryFn: ({ signal }) =>
      api.get(agentDownlineEndpoint.path, {
        params: filter,
        schema: agentDownlineEndpoint.response,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
