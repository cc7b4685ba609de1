import { LOGOUT_PATH } from '@lobby/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * POST /api/findmed/v1/member/logout: the server revokes this session. Called from the header,
 * which /home loads first, so it uses the zod-free path and reads no answer.
 */
export async function logout(api: ApiClient): Promise<void> {
  await api.post(LOGOUT_PATH);
}
