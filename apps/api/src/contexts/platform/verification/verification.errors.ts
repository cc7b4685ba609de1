import { defineErrorCodes } from '@lobby/contracts';

/** Verification codes sent by SMS or e-mail. */
export const VERIFICATION_ERRORS = defineErrorCodes({
  /** Wrong, unknown, expired, used or burnt by too many wrong tries. Spec: "verification code wrong". */
  code_wrong: 400,
  /** Asked again within the resend interval; carries the seconds left. */
  code_resend_too_soon: 429,
  /** The target's daily allowance of codes is used up. */
  code_daily_limit: 429,
  /** The provider did not take the message. Spec: "failed to get the verification code". */
  code_send_failed: 502,
});
