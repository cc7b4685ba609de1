import { defineErrorCodes } from '@lobby/contracts';

export const BRAND_ADMIN_ERRORS = defineErrorCodes({
  /** An override of a part the brand's profile makes mandatory (`{{fields}}`). */
  compliance_fixed: 400,
  /** The profile with these overrides is not a valid set of settings. */
  compliance_invalid: 400,
  /** The brand changed since the form was loaded: reload it and make the change again. */
  brand_stale: 409,
  /** A new brand's code is one a brand already has. */
  brand_code_taken: 409,
  /** A new brand's host is one another brand serves (`{{host}}`). */
  brand_host_taken: 409,
  /** No kept version of the brand has that revision. */
  brand_version_unknown: 404,
  /** The kept version is not a valid brand under today's rules, so it cannot be restored. */
  brand_version_invalid: 400,
  /** The version's compliance profile differs from the current one: compliance.manage needed. */
  brand_restore_compliance: 403,
  /** The currency code is not one the platform knows. */
  brand_currency_unknown: 400,
});
