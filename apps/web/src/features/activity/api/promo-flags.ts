import { useQuery } from '@tanstack/react-query';
import { promoFlagsEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../app/api-context.tsx';
import { useIsLoggedIn } from '../../../app/session-store.ts';

/** GET /api/findmed/v1/promo/flags: which activity entrances are live for the brand. */
export function usePromoFlags() {
  const api = useApiClient();
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['promo', 'flags', loggedIn],
    queryFn: ({ signal }) =>
      api.get(promoFlagsEndpoint.path, { schema: promoFlagsEndpoint.response, signal }),
    staleTime: 30_000,
  });
}
