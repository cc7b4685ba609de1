import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { helpListEndpoint, type HelpCategorySummary } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { HELP_QUERY_KEYS } from './query-keys.ts';

export async function fetchHelpList(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<HelpCategorySummary[]> {
  const answer = await api.get(helpListEndpoint.path, {
    schema: helpListEndpoint.response,
    signal,
  });
  return answer.categories;
}

/** GET /api/findmed/v1/help/list: the help navigation, categories with their pages. */
export function useHelpList() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...HELP_QUERY_KEYS.list, i18n.language],
    queryFn: ({ signal }) => fetchHelpList(api, signal),
    staleTime: 5 * 60_000,
  });
}
