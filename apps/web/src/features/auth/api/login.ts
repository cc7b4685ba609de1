import { useMutation } from '@tanstack/react-query';
import { loginEndpoint, type MemberInfo } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { useEncryptPasswords } from '../../../lib/api/pre-info.ts';
import type { CaptchaAnswer } from '../../../lib/api/send-code.ts';
import type { BodyOf } from '../../../lib/endpoint-types.ts';

/** The captcha fields are left out when the brand has turned the login captcha off. */
type LoginBody = Omit<BodyOf<typeof loginEndpoint>, 'key' | 'code'> & Partial<CaptchaAnswer>;

export type LoginInput = {
  username: string;
  /** Plain text here; encrypted before it leaves the browser. */
  password: string;
  captcha: CaptchaAnswer | null;
};

/**
 * POST /api/f/v1/member/login/mpe. The session token arrives in the `id` response header (the
 * API client stores it); the answer is the member's info.
 */
export function useLogin() {
  const api = useApiClient();
  const encrypt = useEncryptPasswords();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<MemberInfo> => {
      const { password } = await encrypt({ password: input.password });
      const body: LoginBody = { username: input.username.trim(), password, ...input.captcha };
      return api.post(loginEndpoint.path, { body, schema: loginEndpoint.response });
    },
  });
}
