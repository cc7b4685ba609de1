import { launchGameEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { ResponseOf } from '../../../lib/endpoint-types.ts';

export type LaunchRequest = {
  platform: number;
  gameCode: string;
  /** A page of this site the game's own exit goes to. */
  returnUrl?: string;
  /** Key of the automatic transfer in, used when the member's setting moves money first. */
  idempotencyKey?: string;
};

export type LaunchAnswer = ResponseOf<typeof launchGameEndpoint>;

/**
 * POST /api/game/launch: a one-time address of the game on its platform (the simulator's
 * `/play/<token>`), after the automatic transfer in when the member has it on. Refused with
 * game_maintenance while the platform or game is in maintenance.
 */
export function launchGame(
  api: ApiClient,
  request: LaunchRequest,
  signal?: AbortSignal,
): Promise<LaunchAnswer> {
  return api.post(launchGameEndpoint.path, {
    body: request,
    schema: launchGameEndpoint.response,
    signal,
  });
}
