import { useMutation } from '@tanstack/react-query';
import { recycleEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { ResponseOf } from '../../../lib/endpoint-types.ts';
import { useRefreshGameMoney } from './refresh-game-money.ts';

export type RecycleAnswer = ResponseOf<typeof recycleEndpoint>;
export type RecycleResult = RecycleAnswer['results'][number];

/**
 * POST /api/game/transfer/recycle: brings every platform's balance back to the centre wallet,
 * once per idempotency key, with a result per platform (success, empty, in transit, skipped,
 * failed and why). Afterwards the wallets, orders and balance are asked again.
 */
export function useRecycle() {
  const api = useApiClient();
  const refresh = useRefreshGameMoney();
  return useMutation({
    mutationFn: (idempotencyKey: string): Promise<RecycleAnswer> =>
      api.post(recycleEndpoint.path, {
        body: { idempotencyKey },
        schema: recycleEndpoint.response,
      }),
    onSettled: refresh,
  });
}
