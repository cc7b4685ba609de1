import { chatHistoryEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { guestFields } from '../guest-token.ts';

export type ChatHistoryPage = Awaited<ReturnType<typeof chatHistoryEndpoint.response.parse>>;

/**
 * POST /api/findmed/v1/chat/history (a POST so a guest's token stays out of the URL): a page of
 * the conversation, oldest first; `after` reads what arrived since the last message seen.
 */
export function fetchChatHistory(
  api: ApiClient,
  input: { conversationId: string; before?: string; after?: string; limit?: number },
): Promise<ChatHistoryPage> {
  return api.post(chatHistoryEndpoint.path, {
    body: {
      ...guestFields(),
      conversationId: input.conversationId,
      ...(input.before ? { before: input.before } : {}),
      ...(input.after ? { after: input.after } : {}),
      limit: String(input.limit ?? 50),
    },
    schema: chatHistoryEndpoint.response,
  });
}
