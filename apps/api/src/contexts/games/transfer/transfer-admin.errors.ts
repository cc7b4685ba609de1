import { defineErrorCodes } from '@lobby/contracts';

/** Error codes of the back office's transfer exceptions (texts in @lobby/i18n errors). */
export const TRANSFER_ADMIN_ERRORS = defineErrorCodes({
  /** No transfer of that id (or one of a brand outside the operator's). */
  transfer_not_found: 404,
  /** The transfer is final already: nothing to ask or resolve. */
  transfer_not_in_transit: 409,
  /** Still inside the status-query window, where a late request could land: the sweep decides. */
  transfer_still_checking: 409,
  /** A resolution with the other outcome is waiting for its second operator. */
  transfer_resolution_pending: 409,
  /** The platform now answers a final status against the requested outcome: nothing settled. */
  transfer_resolution_contradicted: 409,
});
