import { useMutation } from '@tanstack/react-query';
import { transferEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { ResponseOf } from '../../../lib/endpoint-types.ts';
import { useRefreshGameMoney } from './refresh-game-money.ts';

export type TransferInput = {
  platform: number;
  /** in: centre wallet to the platform; out: back to the centre wallet. */
  type: 'in' | 'out';
  amount: string;
  idempotencyKey: string;
};

export type TransferAnswer = ResponseOf<typeof transferEndpoint>;

/**
 * POST /api/game/transfer: moves money between the centre wallet and a platform, once per
 * idempotency key (a retry with the same key answers the same order). The order may come back
 * in transit: the platform's answer is not known yet and the server keeps asking. Afterwards
 * the wallets, the transfer orders and the balance are asked again.
 */
export function useTransfer() {
  const api = useApiClient();
  const refresh = useRefreshGameMoney();
  return useMutation({
    mutationFn: (input: TransferInput): Promise<TransferAnswer> =>
      api.post(transferEndpoint.path, { body: input, schema: transferEndpoint.response }),
    onSettled: refresh,
  });
}
