import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentStatementsEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { AGENT_QUERY_KEYS } from './query-keys.ts';

/** GET /api/findmed/v1/agent/statements: the agent's monthly commission statements. */
export function useAgentStatements(filter: { page: number; pageSize: number }, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...AGENT_QUERY_KEYS.statements, filter],
    queryFn: ({ signal }) =>
      api.get(agentStatementsEndpoint.path, {
        params: filter,
        schema: agentStatementsEndpoint.response,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
