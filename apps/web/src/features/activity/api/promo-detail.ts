import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promoDetailEndpoint } from '@lobby/contracts';
import { useIsLoggedIn } from '../../../app/session-store.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { ApiError } from '../../../lib/api-errors.ts';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

export function isPromotionMissing(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'promotion_not_found' || error.code === 'validation')
  );
}

/** GET /api/findmed/v1/promo/detail: one promotion, its rules and the member's state. */
export function usePromoDetail(id: string) {
  const api = useApiClient();
  const loggedIn = useIsLoggedIn();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...PROMO_QUERY_KEYS.detail(id, loggedIn), i18n.language],
    queryFn: ({ signal }) =>
      api.get(promoDetailEndpoint.path, {
        params: { id },
        schema: promoDetailEndpoint.response,
        signal,
      }),
    retry: (failures, error) => !isPromotionMissing(error) && failures < 2,
  });
}
