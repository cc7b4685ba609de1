import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gameSettingsEndpoint, updateGameSettingsEndpoint } from '@lobby/contracts';
import { useIsLoggedIn } from '../../../app/session-store.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { ResponseOf } from '../../../lib/endpoint-types.ts';
import { GAMES_QUERY_KEYS } from './query-keys.ts';

export type GameSettings = ResponseOf<typeof gameSettingsEndpoint>;

/**
 * GET /api/game/settings: the member's game settings. `autoTransfer`: entering a
 * transfer-wallet game first moves the whole centre wallet into its platform.
 */
export function useGameSettings() {
  const api = useApiClient();
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: GAMES_QUERY_KEYS.settings,
    queryFn: ({ signal }) =>
      api.get(gameSettingsEndpoint.path, { schema: gameSettingsEndpoint.response, signal }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/game/settings: turns the automatic transfer on or off; the answer is kept. */
export function useUpdateGameSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GameSettings): Promise<GameSettings> =>
      api.post(updateGameSettingsEndpoint.path, {
        body: { autoTransfer: settings.autoTransfer ? '1' : '0' },
        schema: updateGameSettingsEndpoint.response,
      }),
    onSuccess: (settings) => queryClient.setQueryData(GAMES_QUERY_KEYS.settings, settings),
  });
}
