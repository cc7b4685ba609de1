import { defineErrorCodes } from '@lobby/contracts';

export const OPERATOR_ERRORS = defineErrorCodes({
  operator_login_wrong: 400,
  operator_locked: 423,
  /** The operator has enrolled TOTP: the login needs a code (or a recovery code). */
  totp_required: 401,
  /** A TOTP code that is wrong, too old, or used before; or a recovery code that is. */
  totp_wrong: 400,
  totp_already_enabled: 409,
  /** Confirming TOTP before setting it up. */
  totp_not_started: 409,
  /** The operator's address allow-list does not hold this address. */
  operator_address_not_allowed: 403,
  operator_not_found: 404,
  operator_username_taken: 409,
  operator_role_unknown: 400,
  operator_brand_unknown: 400,
  operator_allow_list_invalid: 400,
  /** A super admin changing their own role, brands, TOTP or status: another must. */
  operator_self_change: 409,
  /** The built-in roles are fixed in code. */
  operator_role_built_in: 409,
});
