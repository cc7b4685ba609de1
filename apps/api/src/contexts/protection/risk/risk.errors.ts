import { defineErrorCodes } from '@lobby/contracts';

export const RISK_ERRORS = defineErrorCodes({
  /** No alert of that id in the operator's brands. */
  risk_alert_not_found: 404,
  /** The alert was resolved already: it takes notes only. */
  risk_alert_resolved: 409,
  /** Another operator holds the alert (`{{operator}}`). */
  risk_alert_claimed_by_other: 409,
});
