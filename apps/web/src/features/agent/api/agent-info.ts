import { useQuery } from '@tanstack/react-query';
import { agentInfoEndpoint } from '@lobby/contracts';
import { useIsLoggedIn } from '../../../app/session-store.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { AGENT_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/findmed/v1/agent/info: the programme's rules (tiers, explanation) and sponsors for
 * everyone; for a member also their agent status, latest application and invite link. The key
 * carries the login state so signing in refetches it.
 */
export function useAgentInfo() {
  const api = useApiClient();
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: [...AGENT_QUERY_KEYS.info, loggedIn],
    queryFn: ({ signal }) =>
      api.get(agentInfoEndpoint.path, { schema: agentInfoEndpoint.response, signal }),
  });
}
