import { chatImageEndpoint, type ChatMessage } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { readGuestToken } from '../guest-token.ts';

/**
 * POST /api/findmed/v1/chat/image (multipart): an image message. The server judges the file by
 * its content; the client message id makes a retry answer the same message.
 */
export function sendChatImage(
  api: ApiClient,
  input: { file: File; clientMessageId: string; conversationId: string | null },
): Promise<ChatMessage> {
  const form = new FormData();
  form.append('clientMessageId', input.clientMessageId);
  if (input.conversationId) form.append('conversationId', input.conversationId);
  const guestToken = readGuestToken();
  if (guestToken) form.append('guestToken', guestToken);
  form.append('file', input.file);
  return api.upload(chatImageEndpoint.path, form, { schema: chatImageEndpoint.response });
}
