import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { phoneAreasEndpoint } from '@lobby/contracts';
import { useApiClient } from '../api-context.tsx';

/**
 * GET /api/findmed/v1/member/phoneArea: the area codes a phone number may have, with region
 * names in the request's language (so the language is part of the key).
 */
export function usePhoneAreas(enabled = true) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: ['phoneAreas', i18n.language],
    queryFn: ({ signal }) =>
      api.get(phoneAreasEndpoint.path, { schema: phoneAreasEndpoint.response, signal }),
    enabled,
    staleTime: 60 * 60_000,
  });
}
