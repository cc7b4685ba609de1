import { useMutation } from '@tanstack/react-query';
import { registerEndpoint, type MemberInfo } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { useEncryptPasswords } from '../../../lib/api/pre-info.ts';
import type { CaptchaAnswer } from '../../../lib/api/send-code.ts';
import type { BodyOf } from '../../../lib/endpoint-types.ts';

type RegisterBody = Omit<BodyOf<typeof registerEndpoint>, 'key' | 'code'> & Partial<CaptchaAnswer>;

export type RegisterInput = {
  username: string;
  /** Plain text here; encrypted before it leaves the browser. */
  password: string;
  confirmPassword: string;
  captcha: CaptchaAnswer | null;
  /** Optional fields: empty ones are not sent. */
  areaCode?: string;
  phone?: string;
  phoneCode?: string;
  email?: string;
  mailCode?: string;
  inviteCode?: string;
  realName?: string;
};

const OPTIONAL_FIELDS = [
  'areaCode',
  'phone',
  'phoneCode',
  'email',
  'mailCode',
  'inviteCode',
  'realName',
] as const;

/**
 * POST /api/f/v1/member/register. Success logs the member in: the token comes in the `id`
 * header and the member's info in the answer.
 */
export function useRegister() {
  const api = useApiClient();
  const encrypt = useEncryptPasswords();
  return useMutation({
    mutationFn: async (input: RegisterInput): Promise<MemberInfo> => {
      const passwords = await encrypt({
        password: input.password,
        confirmPassword: input.confirmPassword,
      });
      const body: RegisterBody = {
        username: input.username.trim(),
        ...passwords,
        ...input.captcha,
      };
      for (const field of OPTIONAL_FIELDS) {
        const value = input[field]?.trim();
        if (value) body[field] = value;
      }
      return api.post(registerEndpoint.path, { body, schema: registerEndpoint.response });
    },
  });
}
