import { defineErrorCodes } from '@lobby/contracts';

export const MEMBER_HISTORY_ERRORS = defineErrorCodes({
  /** No member of that id, or one of a brand outside the operator's (they read alike). */
  member_not_found: 404,
});
