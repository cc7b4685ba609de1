import { useQuery } from '@tanstack/react-query';
import { withdrawPasswordConfigEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../app/api-context.tsx';
import { MEMBER_QUERY_KEY } from '../../../app/session-actions.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import {
  deriveWithdrawPasswordConfig,
  type WithdrawPasswordConfig,
} from '../../../lib/withdraw-password-config.ts';

/** Under the member keys: dropped with the rest of the member's data when the session ends. */
export const WITHDRAW_PASSWORD_CONFIG_QUERY_KEY = [...MEMBER_QUERY_KEY, 'withdrawPasswordConfig'];

export async function fetchWithdrawPasswordConfig(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<WithdrawPasswordConfig> {
  const answer = await api.get(withdrawPasswordConfigEndpoint.path, {
    schema: withdrawPasswordConfigEndpoint.response,
    signal,
  });
  return deriveWithdrawPasswordConfig(answer);
}

/** GET /api/f/v1/withdraw/password/config as {enable, isUsed, isToSet} (SPEC.md section 3). */
export function useWithdrawPasswordConfig() {
  const api = useApiClient();
  return useQuery({
    queryKey: WITHDRAW_PASSWORD_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => fetchWithdrawPasswordConfig(api, signal),
  });
}
