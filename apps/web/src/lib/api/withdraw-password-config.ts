import { useQuery } from '@tanstack/react-query';
import { withdrawPasswordConfigEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../api-client.ts';
import { useApiClient } from '../api-context.tsx';
import {
  deriveWithdrawPasswordConfig,
  type WithdrawPasswordConfig,
} from '../withdraw-password-config.ts';
import { MEMBER_QUERY_KEY } from './query-keys.ts';

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
