import { messageNumEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * GET /api/findmed/v1/member/message/num: the member's unread message count. The member session
 * loads this file on demand (with its schema) and throttles it to once per 30 s; screens read
 * the count from the session store and force a refresh after reading or deleting.
 */
export function fetchUnreadMessageCount(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<{ unread: number }> {
  return api.get(messageNumEndpoint.path, { schema: messageNumEndpoint.response, signal });
}
