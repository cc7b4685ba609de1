import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawEndpoint, type WithdrawalOrder } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { useEncryptPasswords } from '../../../lib/api/pre-info.ts';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

export type WithdrawInput = {
  amount: string;
  accountId: string;
  /** Plain six digits here; RSA-encrypted before it leaves the browser. Absent when the brand has none. */
  withdrawPassword?: string;
  idempotencyKey: string;
};

/**
 * POST /api/f/v1/withdraw: the amount moves from the centre wallet to the locked account until
 * an operator pays or rejects it. The same idempotency key answers the same order. Afterwards
 * the balance is refreshed at once and the withdrawal list is invalidated. A refusal refreshes
 * the balance too: it may come from figures the screen holds out of date (the turnover still
 * owed shrinks with every settled bet), and the screen should show what the server decided on.
 */
export function useWithdraw() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  const encrypt = useEncryptPasswords();
  return useMutation({
    mutationFn: async (input: WithdrawInput): Promise<WithdrawalOrder> => {
      const { withdrawPassword, ...rest } = input;
      const body =
        withdrawPassword === undefined
          ? rest
          : { ...rest, ...(await encrypt({ withdrawPassword })) };
      return api.post(withdrawEndpoint.path, { body, schema: withdrawEndpoint.response });
    },
    onSuccess: () => {
      void session.refreshBalance({ force: true });
      void queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.transactionRecords });
      return queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.withdrawOrders });
    },
    onError: () => {
      void session.refreshBalance({ force: true });
    },
  });
}
