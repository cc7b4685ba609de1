import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteBankCardEndpoint,
  deleteVirtualAddressEndpoint,
  WITHDRAW_TYPES,
  type PayoutAccount,
} from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

/**
 * POST /api/f/v1/member/bank/delete (bank cards and Alipay accounts) or
 * /api/findmed/v1/member/virtual/delete (coin addresses). Past withdrawals keep the account.
 * Invalidates the member's account lists.
 */
export function useDeletePayoutAccount() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: Pick<PayoutAccount, 'id' | 'withdrawType'>) => {
      const endpoint =
        account.withdrawType === WITHDRAW_TYPES.virtual
          ? deleteVirtualAddressEndpoint
          : deleteBankCardEndpoint;
      return api.post(endpoint.path, { body: { id: account.id }, schema: endpoint.response });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.payoutAccounts }),
  });
}
