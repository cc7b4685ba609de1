import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftExchangeEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

export type GiftExchangeInput = {
  giftId: string;
  /** One key per attempt: a retry of the same attempt answers the first exchange. */
  idempotencyKey: string;
  name?: string;
  phone?: string;
  address?: string;
};

/** POST /api/findmed/v1/promo/giftexchange: exchanges turnover for a gift. */
export function useGiftExchange() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  return useMutation({
    mutationFn: (input: GiftExchangeInput) =>
      api.post(giftExchangeEndpoint.path, { body: input, schema: giftExchangeEndpoint.response }),
    // The reward (or cost) moved money: the header balance follows at once.
    onSuccess: () => void session.refreshBalance({ force: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEYS.all }),
  });
}
