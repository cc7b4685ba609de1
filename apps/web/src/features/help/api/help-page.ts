import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { helpPageEndpoint, type HelpPage } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { ApiError } from '../../../lib/api-errors.ts';
import { HELP_QUERY_KEYS } from './query-keys.ts';

/** `/help/12` names a page by its id, `/help/deposit` a category (its first page). */
export function helpPageQuery(id: string): { id: string } | { category: string } {
  return /^\d+$/.test(id) ? { id } : { category: id };
}

export function fetchHelpPage(api: ApiClient, id: string, signal?: AbortSignal): Promise<HelpPage> {
  return api.get(helpPageEndpoint.path, {
    params: helpPageQuery(id),
    schema: helpPageEndpoint.response,
    signal,
  });
}

export function isHelpPageMissing(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'help_page_not_found' || error.code === 'validation')
  );
}

/**
 * GET /api/findmed/v1/md?id=<id>|category=<key>: one help page, rendered to safe HTML by the
 * server. A missing page is an answer, not a failure to retry.
 */
export function useHelpPage(id: string) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...HELP_QUERY_KEYS.page, id, i18n.language],
    queryFn: ({ signal }) => fetchHelpPage(api, id, signal),
    enabled: id !== '',
    staleTime: 5 * 60_000,
    retry: (failures, error) => !isHelpPageMissing(error) && failures < 2,
  });
}
