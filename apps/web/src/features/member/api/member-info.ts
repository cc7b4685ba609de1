import { memberInfoEndpoint, type MemberInfo } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * GET /api/findmed/v1/member/token: who the session's member is. The app loads this file on
 * demand (with its schema) so /home's first load carries no zod.
 */
export function fetchMemberInfo(api: ApiClient, signal?: AbortSignal): Promise<MemberInfo> {
  return api.get(memberInfoEndpoint.path, { schema: memberInfoEndpoint.response, signal });
}
