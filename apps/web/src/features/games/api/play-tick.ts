import { useQuery } from '@tanstack/react-query';
import { playTickEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';

/** How often the game screen tells the server the member is playing. */
export const PLAY_TICK_MS = 60_000;

/**
 * POST /api/f/v1/protection/play once a minute while a game is open: counts the day's play time
 * and answers the reality check's figures and whether play must stop.
 */
export function usePlayTick(startedAt: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['protection', 'play', startedAt],
    queryFn: ({ signal }) =>
      api.post(playTickEndpoint.path, {
        body: { startedAt },
        schema: playTickEndpoint.response,
        signal,
      }),
    enabled,
    refetchInterval: PLAY_TICK_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
