import { defineErrorCodes } from '@lobby/contracts';

export const OPERATOR_ERRORS = defineErrorCodes({
  operator_login_wrong: 400,
  operator_locked: 423,
});
