import { memberBalanceEndpoint, type MemberBalance } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * GET /api/findmed/v1/member/balance: the centre wallet, the amount locked by withdrawals in
 * review, the game platforms' share and the total, as decimal strings. The member session loads
 * this file on demand (with its schema), so /home's first load carries no zod; screens read the
 * balance from the session store and force a refresh after a money action.
 */
export function fetchMemberBalance(api: ApiClient, signal?: AbortSignal): Promise<MemberBalance> {
  return api.get(memberBalanceEndpoint.path, { schema: memberBalanceEndpoint.response, signal });
}
