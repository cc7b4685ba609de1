import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addAlipayEndpoint,
  addBankCardEndpoint,
  addVirtualAddressEndpoint,
  type PayoutAccount,
} from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { BodyOf } from '../../../lib/endpoint-types.ts';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

export type NewPayoutAccount =
  | { type: 'bank'; body: BodyOf<typeof addBankCardEndpoint> }
  | { type: 'alipay'; body: BodyOf<typeof addAlipayEndpoint> }
  | { type: 'virtual'; body: BodyOf<typeof addVirtualAddressEndpoint> };

/**
 * POST /api/f/v1/member/bank/add, /alipay/add or /virtual/add: a new payout account. The server
 * refuses it while the member has no withdrawal password (when the brand uses them), and wants
 * the holder to be the member's real name. Invalidates the member's account lists.
 */
export function useAddPayoutAccount() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: NewPayoutAccount): Promise<PayoutAccount> => {
      switch (account.type) {
        case 'bank':
          return api.post(addBankCardEndpoint.path, {
            body: account.body,
            schema: addBankCardEndpoint.response,
          });
        case 'alipay':
          return api.post(addAlipayEndpoint.path, {
            body: account.body,
            schema: addAlipayEndpoint.response,
          });
        case 'virtual':
          return api.post(addVirtualAddressEndpoint.path, {
            body: account.body,
            schema: addVirtualAddressEndpoint.response,
          });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.payoutAccounts }),
  });
}
