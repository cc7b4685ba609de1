import { defineErrorCodes } from '@lobby/contracts';

export const BRAND_ADMIN_ERRORS = defineErrorCodes({
  /** An override of a part the brand's profile makes mandatory (`{{fields}}`). */
  compliance_fixed: 400,
  /** The profile with these overrides is not a valid set of settings. */
  compliance_invalid: 400,
});
