import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gameListEndpoint, type GameCategoryCode, type GamePlatform } from '@lobby/contracts';
import { useSession } from '../../../app/session-store.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { sortPlatforms } from '../game-rules.ts';
import { GAMES_QUERY_KEYS } from './query-keys.ts';

/** A category code, or 0 for every platform of the brand. */
export type GameListShow = GameCategoryCode | 0;

export function fetchGameList(
  api: ApiClient,
  show: GameListShow,
  signal?: AbortSignal,
): Promise<GamePlatform[]> {
  return api
    .get(gameListEndpoint.path, {
      params: show === 0 ? {} : { show },
      schema: gameListEndpoint.response,
      signal,
    })
    .then(sortPlatforms);
}

/**
 * GET /api/findmed/v1/game/list?show=<category>: the brand's platforms of a category (all of
 * them for 0), ascending by sort, each with its games, its maintenance flag and, for a member,
 * what the platform holds. Names come in the request's language. Asked once the login status
 * is known, so a member's first answer already carries the balances.
 */
export function useGameList(show: GameListShow) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  const isLogin = useSession((state) => state.isLogin);
  return useQuery({
    queryKey: [...GAMES_QUERY_KEYS.gameList, show, i18n.language, isLogin === true],
    queryFn: ({ signal }) => fetchGameList(api, show, signal),
    enabled: isLogin !== -1,
    staleTime: 60_000,
  });
}
