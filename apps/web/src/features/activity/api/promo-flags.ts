import { useQuery } from '@tanstack/react-query';
import { promoFlagsEndpoint } from '@lobby/contracts';
import { useIsLoggedIn } from '../../../app/session-store.ts';
import { useApiClient } from '../../../lib/api-context.tsx';

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
