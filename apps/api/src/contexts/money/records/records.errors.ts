import { defineErrorCodes } from '@lobby/contracts';

/** Error codes of the member's record screens (transactions and bets). */
export const RECORDS_ERRORS = defineErrorCodes({
  /**
   * The range starts before the member's self-serve history (three months of the brand's days);
   * older history is given on request through customer service.
   */
  record_range_too_old: 400,
});
