import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promoSecondNavEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** GET /api/findmed/v1/promo/secondNav: the category tabs with live promotions. */
export function useSecondNav() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: PROMO_QUERY_KEYS.secondNav(i18n.language),
    queryFn: ({ signal }) =>
      api.get(promoSecondNavEndpoint.path, { schema: promoSecondNavEndpoint.response, signal }),
    staleTime: 60_000,
  });
}
