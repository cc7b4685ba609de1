import { heartbeatEndpoint } from '@lobby/contracts';
import type { HeartbeatPayload } from '../../../app/heartbeat.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * POST /api/findmed/v1/heartbeat with gameid and platform (SPEC.md section 7): the member is
 * online, in this game (both empty in the lobby). The app loads this file on demand, with its
 * schema, the first time the 30 s interval fires, so /home's first load carries no zod.
 */
export function sendHeartbeat(
  api: ApiClient,
  payload: HeartbeatPayload,
): Promise<{ online: true }> {
  return api.post(heartbeatEndpoint.path, {
    body: { gameid: payload.gameid, platform: payload.platform },
    schema: heartbeatEndpoint.response,
  });
}
