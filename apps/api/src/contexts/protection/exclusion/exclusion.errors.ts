import { defineErrorCodes } from '@lobby/contracts';

export const EXCLUSION_ERRORS = defineErrorCodes({
  /** A period the brand's profile does not offer (shorter than its minimum). */
  exclusion_period_not_offered: 400,
  /** One is in force that ends later than (or as late as) the one asked for. */
  exclusion_already_longer: 409,
  /** No time-out or self-exclusion is in force. */
  exclusion_none: 409,
  /** Too early to ask: the period has not run out (`{{from}}`). */
  exclusion_not_over: 409,
  /** Already asked; it ends at `{{at}}`. */
  exclusion_end_requested: 409,
});
