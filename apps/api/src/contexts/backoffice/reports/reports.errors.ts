import { defineErrorCodes } from '@lobby/contracts';

export const REPORTS_ERRORS = defineErrorCodes({
  /** `range` without `from` or `to`, a day that does not exist, or `from` after `to`. */
  report_period_invalid: 400,
  /** A range longer than REPORT_MAX_RANGE_DAYS days. */
  report_range_too_long: 400,
});
