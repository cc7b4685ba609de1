import { defineErrorCodes } from '@lobby/contracts';

export const APPROVAL_ERRORS = defineErrorCodes({
  approval_not_found: 404,
  /** The request was approved or rejected already. */
  approval_not_pending: 409,
  /** Maker-checker: the operator who asked cannot decide. */
  approval_own_request: 409,
});
