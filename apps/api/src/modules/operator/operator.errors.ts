import { defineErrorCodes } from '@lobby/contracts';

export const OPERATOR_ERRORS = defineErrorCodes({
  /** No valid operator session: the back office logs in again. */
  operator_token: 401,
  operator_login_wrong: 400,
  operator_locked: 423,
  operator_forbidden: 403,
});
