import { defineErrorCodes } from '@lobby/contracts';

/** The graphic captcha: a missing, expired, used or wrong answer all read the same. */
export const CAPTCHA_ERRORS = defineErrorCodes({
  captcha_wrong: 400,
});
