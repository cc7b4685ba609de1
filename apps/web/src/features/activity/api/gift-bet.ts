import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { giftBetEndpoint } from '@lobby/contracts';
import { useIsLoggedIn } from '../../../app/session-store.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/giftexchange/bet: turnover, gifts and the member's exchanges. */
export function useGiftBet() {
  const api = useApiClient();
  const loggedIn = useIsLoggedIn();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...PROMO_QUERY_KEYS.gifts(loggedIn), i18n.language],
    queryFn: ({ signal }) =>
      api.post(giftBetEndpoint.path, { body: {}, schema: giftBetEndpoint.response, signal }),
    retry: false,
  });
}
