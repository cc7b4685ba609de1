import { useMutation } from '@tanstack/react-query';
import { sendCodeEndpoint, type VerificationPurpose } from '@lobby/contracts';
import { useApiClient } from '../api-context.tsx';
import { ApiError } from '../api-errors.ts';
import { RESEND_CODE_SECONDS } from '../countdown.ts';
import type { ResponseOf } from '../endpoint-types.ts';
import { useCountdown } from '../use-countdown.ts';

/** The graphic captcha's key and the text the member read off it. */
export type CaptchaAnswer = { key: string; code: string };

export type CodeTarget =
  { channel: 'phone'; areaCode: string; phone: string } | { channel: 'email'; email: string };

export type SentCode = ResponseOf<typeof sendCodeEndpoint>;

/**
 * POST /api/service/sms: sends a six-digit code by SMS or e-mail for a purpose (register,
 * forget, bindPhone, bindEmail), guarded by the graphic captcha. Afterwards the button waits
 * for the server's resend delay (60 s when it does not say), and after a rate-limit refusal
 * for the time the server names.
 */
export function useSendCode(purpose: VerificationPurpose) {
  const api = useApiClient();
  const countdown = useCountdown();
  const mutation = useMutation({
    mutationFn: ({ target, captcha }: { target: CodeTarget; captcha: CaptchaAnswer }) => {
      const destination =
        target.channel === 'phone'
          ? { areaCode: target.areaCode.trim(), phone: target.phone.trim() }
          : { email: target.email.trim() };
      return api.post(sendCodeEndpoint.path, {
        body: { purpose, ...destination, ...captcha },
        schema: sendCodeEndpoint.response,
      });
    },
    onSuccess: (answer) => countdown.start(answer.resendAfterSeconds || RESEND_CODE_SECONDS),
    onError: (error) => {
      if (error instanceof ApiError && error.retryAfterSeconds) {
        countdown.start(error.retryAfterSeconds);
      }
    },
  });
  return {
    send: mutation.mutateAsync,
    sending: mutation.isPending,
    sentTo: mutation.data?.sentTo,
    secondsLeft: countdown.secondsLeft,
  };
}
