import { defineErrorCodes } from '@lobby/contracts';

export const AUTH_ERRORS = defineErrorCodes({
  /** Spec: "account or password wrong"; never says which. */
  account_or_password_wrong: 400,
  /** Too many failed logins: locked for a while (GLI-19); retryAfterSeconds tells how long. */
  account_locked: 423,
  account_disabled: 403,
  /** A date of birth that does not exist or lies in the future. */
  date_of_birth_invalid: 400,
  /** Younger than the brand's minimum age (`{{age}}`): no registration. */
  under_age: 403,
  /** A field the brand's registration requires is missing. */
  field_required: 400,
  /** A phone or e-mail target was expected (exactly one of them). */
  target_required: 400,
});
