import { chatReadEndpoint, type ChatConversation } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { guestFields } from '../guest-token.ts';

/** POST /api/findmed/v1/chat/read: the visitor has read the conversation up to `lastId`. */
export function markChatRead(
  api: ApiClient,
  input: { conversationId: string; lastId: string },
): Promise<ChatConversation> {
  return api.post(chatReadEndpoint.path, {
    body: { ...guestFields(), conversationId: input.conversationId, lastId: input.lastId },
    schema: chatReadEndpoint.response,
  });
}
