import { chatUnreadEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { guestFields } from '../guest-token.ts';

/**
 * POST /api/findmed/v1/chat/unread: operator replies not read yet, for the launcher's dot. The
 * launcher loads this file on demand, so its schema stays out of what /home loads first.
 */
export function fetchChatUnread(api: ApiClient): Promise<{ unread: number }> {
  return api.post(chatUnreadEndpoint.path, {
    body: guestFields(),
    schema: chatUnreadEndpoint.response,
  });
}
