import { defineErrorCodes } from '@lobby/contracts';

/** The back office's member record and its actions. */
export const MEMBER_RECORD_ERRORS = defineErrorCodes({
  /** No member has this id, or one of a brand outside the operator's. */
  member_not_found: 404,
  /** The account is closed: nothing but reading, notes, tags and ending sessions. */
  member_closed: 409,
  /**
   * Closing is refused while the account holds money or has money on its way: centre wallet,
   * locked, in transit, a platform's balance, an open deposit order or a pending withdrawal.
   */
  member_has_money: 409,
  /** A password reset needs a bound phone or e-mail (of the channel asked for). */
  member_no_contact: 409,
});
