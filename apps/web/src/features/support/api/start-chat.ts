import { chatStartEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { guestFields } from '../guest-token.ts';

export type ChatStart = Awaited<ReturnType<typeof chatStartEndpoint.response.parse>>;

/**
 * POST /api/findmed/v1/chat/start: the current conversation and a single-use WebSocket ticket.
 * Called before every (re)connection, since a ticket opens one socket; a guest without a chat
 * token gets one here, once.
 */
export function startChat(api: ApiClient, signal?: AbortSignal): Promise<ChatStart> {
  return api.post(chatStartEndpoint.path, {
    body: guestFields(),
    schema: chatStartEndpoint.response,
    signal,
  });
}
