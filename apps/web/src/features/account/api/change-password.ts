import { useMutation } from '@tanstack/react-query';
import { changePasswordEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { useEncryptPasswords } from '../../../lib/api/pre-info.ts';

export type ChangePasswordInput = {
  oldPassword: string;
  password: string;
  confirmPassword: string;
};

/**
 * POST /api/findmed/v1/member/password. On success the server revokes every session of the
 * member, this one included: the screen says so and returns to the login screen.
 */
export function useChangePassword() {
  const api = useApiClient();
  const encrypt = useEncryptPasswords();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) =>
      api.post(changePasswordEndpoint.path, {
        body: await encrypt(input),
        schema: changePasswordEndpoint.response,
      }),
  });
}
