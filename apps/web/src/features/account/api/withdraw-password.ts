import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setWithdrawPasswordEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { useEncryptPasswords } from '../../../lib/api/pre-info.ts';
import { WITHDRAW_PASSWORD_CONFIG_QUERY_KEY } from '../../../lib/api/withdraw-password-config.ts';
import { useApplyMemberUpdate } from './member-update.ts';

export type WithdrawPasswordInput = {
  /** Only when changing one already set. */
  oldWithdrawPassword?: string;
  withdrawPassword: string;
  confirmWithdrawPassword: string;
};

/**
 * POST /api/findmed/v1/member/withdraw/password: sets the six-digit withdrawal password, or
 * changes it with the old one. Invalidates the withdrawal password config.
 */
export function useSetWithdrawPassword() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const encrypt = useEncryptPasswords();
  const applyUpdate = useApplyMemberUpdate();
  return useMutation({
    mutationFn: async (input: WithdrawPasswordInput) => {
      const { oldWithdrawPassword, ...passwords } = input;
      const body =
        oldWithdrawPassword === undefined
          ? await encrypt(passwords)
          : await encrypt({ ...passwords, oldWithdrawPassword });
      return api.post(setWithdrawPasswordEndpoint.path, {
        body,
        schema: setWithdrawPasswordEndpoint.response,
      });
    },
    onSuccess: async (member) => {
      applyUpdate(member);
      await queryClient.invalidateQueries({ queryKey: WITHDRAW_PASSWORD_CONFIG_QUERY_KEY });
    },
  });
}
