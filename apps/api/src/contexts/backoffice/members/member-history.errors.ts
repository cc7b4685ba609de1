import { defineErrorCodes } from '@lobby/contracts';

export const MEMBER_HISTORY_ERRORS = defineErrorCodes({
  /** No member of that id, or one of a brand outside the operator's (they read alike). */
  member_not_found: 404,
  /** `from` is before the history the back office reads: twelve months back (the member's
   * history on request). */
  history_range_too_old: 400,
});
