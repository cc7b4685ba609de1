import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promoListEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

export const PROMO_PAGE_SIZE = 12;

/** GET /api/findmed/v1/promo/list: live promotions of a category tab ('all': every one). */
export function usePromoList(category: string, page: number) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...PROMO_QUERY_KEYS.list(category, page), i18n.language],
    queryFn: ({ signal }) =>
      api.get(promoListEndpoint.path, {
        params: {
          ...(category === 'all' ? {} : { category }),
          page,
          pageSize: PROMO_PAGE_SIZE,
        },
        schema: promoListEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
