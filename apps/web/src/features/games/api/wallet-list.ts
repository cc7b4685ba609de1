import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletListEndpoint, WALLET_TYPES, type WalletPlatform } from '@lobby/contracts';
import { useIsLoggedIn } from '../../../app/session-store.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { sortPlatforms, transitPollInterval } from '../game-rules.ts';
import { GAMES_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/game/walletlist: the member's transfer-wallet platforms (seamless ones, wallet 2,
 * are filtered out), ascending by sort, each with the balance the platform reported (`stale`
 * when it did not answer in time and the last known one is shown) and whether a transfer with
 * it is still being confirmed. Asked again every few seconds while one is.
 */
export function useWalletList() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: [...GAMES_QUERY_KEYS.walletList, i18n.language],
    queryFn: async ({ signal }): Promise<WalletPlatform[]> => {
      const platforms = await api.get(walletListEndpoint.path, {
        schema: walletListEndpoint.response,
        signal,
      });
      return sortPlatforms(platforms.filter((item) => item.wallet !== WALLET_TYPES.seamless));
    },
    enabled: loggedIn,
    staleTime: 10_000,
    refetchInterval: (query) => transitPollInterval(query.state.data),
  });
}
