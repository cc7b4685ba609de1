import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contactListEndpoint, type ContactEntry } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { HELP_QUERY_KEYS } from './query-keys.ts';

export function fetchContacts(api: ApiClient, signal?: AbortSignal): Promise<ContactEntry[]> {
  return api.get(contactListEndpoint.path, { schema: contactListEndpoint.response, signal });
}

/**
 * GET /api/findmed/v1/member/reg/contact: the brand's contact entries as the server holds them
 * now (the page's inlined config may be older); each copies its number or opens it.
 */
export function useContacts() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...HELP_QUERY_KEYS.contacts, i18n.language],
    queryFn: ({ signal }) => fetchContacts(api, signal),
    staleTime: 5 * 60_000,
  });
}
