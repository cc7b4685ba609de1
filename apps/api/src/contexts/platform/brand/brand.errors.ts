import { defineErrorCodes } from '@lobby/contracts';

/** Brand resolution answers the common `unknown_site` code; brand has no codes of its own yet. */
export const BRAND_ERRORS = defineErrorCodes({
  unknown_site: 400,
});
