import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recallGamesEndpoint, recallRoundsEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

export const GAME_RECALL_QUERY_KEY = [...MEMBER_QUERY_KEY, 'gameRecall'];

/** GET /api/findmed/v1/member/record/recall/games: the games the member played, latest first. */
export function useRecallGames() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...GAME_RECALL_QUERY_KEY, 'games', i18n.language],
    queryFn: ({ signal }) =>
      api.get(recallGamesEndpoint.path, { schema: recallGamesEndpoint.response, signal }),
    staleTime: 30_000,
  });
}

/**
 * GET /api/findmed/v1/member/record/recall/rounds: the member's last 10 rounds of one game with
 * the provider's round details (fetched from the provider on each read: no retry storm when it
 * is down, the screen says so and offers a refresh).
 */
export function useRecallRounds(game: { platform: number; game: string } | null) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...GAME_RECALL_QUERY_KEY, 'rounds', i18n.language, game],
    queryFn: ({ signal }) =>
      api.get(recallRoundsEndpoint.path, {
        params: game ?? {},
        schema: recallRoundsEndpoint.response,
        signal,
      }),
    enabled: game !== null,
    retry: false,
    staleTime: 30_000,
  });
}
