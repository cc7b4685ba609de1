import { defineErrorCodes } from '@lobby/contracts';

export const REGISTRY_ERRORS = defineErrorCodes({
  /**
   * The phone, e-mail or name and birth date belong to a person who excluded themselves from
   * gambling on one of the operator's sites: no registration, login or binding with it.
   */
  self_excluded: 403,
});
