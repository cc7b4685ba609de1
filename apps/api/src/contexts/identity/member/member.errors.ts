import { defineErrorCodes } from '@lobby/contracts';

export const MEMBER_ERRORS = defineErrorCodes({
  username_invalid: 400,
  username_taken: 409,
  password_invalid: 400,
  passwords_mismatch: 400,
  password_same: 400,
  old_password_wrong: 400,
  phone_taken: 409,
  email_taken: 409,
  phone_already_bound: 409,
  email_already_bound: 409,
  invite_code_invalid: 400,
  real_name_invalid: 400,
  real_name_already_set: 409,
  withdraw_password_invalid: 400,
  withdraw_password_wrong: 400,
  withdraw_password_disabled: 403,
  /** Spec: set a withdrawal password before adding a withdrawal account or withdrawing. */
  withdraw_password_not_set: 403,
  /** The money gate (restriction.ts): an operator froze the member's money. */
  account_frozen: 403,
  /** A time-out or self-exclusion is in force: only withdrawals and the history remain. */
  account_excluded: 403,
  /** A risk rule blocked deposits for a while (`{{until}}` when known). */
  deposits_blocked: 403,
  /** The account is closed: no login, no money movement. */
  account_closed: 403,
});
