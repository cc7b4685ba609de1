import { useMutation } from '@tanstack/react-query';
import { forgetPasswordEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { useEncryptPasswords } from '../../../lib/api/pre-info.ts';
import type { CodeTarget } from '../../../lib/api/send-code.ts';
import type { BodyOf } from '../../../lib/endpoint-types.ts';

export type ForgetPasswordInput = {
  username: string;
  target: CodeTarget;
  /** The code sent to the bound phone or e-mail. */
  code: string;
  password: string;
  confirmPassword: string;
};

/** POST /api/findmed/v1/member/forgetpassword: a new password, proven by a code. */
export function useForgetPassword() {
  const api = useApiClient();
  const encrypt = useEncryptPasswords();
  return useMutation({
    mutationFn: async (input: ForgetPasswordInput) => {
      const passwords = await encrypt({
        password: input.password,
        confirmPassword: input.confirmPassword,
      });
      const proof =
        input.target.channel === 'phone'
          ? {
              areaCode: input.target.areaCode.trim(),
              phone: input.target.phone.trim(),
              phoneCode: input.code.trim(),
            }
          : { email: input.target.email.trim(), mailCode: input.code.trim() };
      const body: BodyOf<typeof forgetPasswordEndpoint> = {
        username: input.username.trim(),
        ...proof,
        ...passwords,
      };
      return api.post(forgetPasswordEndpoint.path, {
        body,
        schema: forgetPasswordEndpoint.response,
      });
    },
  });
}
