import { useQuery } from '@tanstack/react-query';
import { signInfoEndpoint } from '@lobby/contracts';
import { useIsLoggedIn } from '../../../app/session-store.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** GET /api/findmed/v1/promo/sign/info: the sign-in promotion and the member's month. */
export function useSignInfo() {
  const api = useApiClient();
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: PROMO_QUERY_KEYS.signInfo(loggedIn),
    queryFn: ({ signal }) =>
      api.get(signInfoEndpoint.path, { schema: signInfoEndpoint.response, signal }),
    retry: false,
  });
}
