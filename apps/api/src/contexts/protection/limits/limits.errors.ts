import { defineErrorCodes } from '@lobby/contracts';

export const LIMIT_ERRORS = defineErrorCodes({
  /** An amount that is not a plain positive decimal in the currency's scale (whole minutes for play time). */
  limit_invalid: 400,
  /** Nothing is waiting to be confirmed or withdrawn for that limit. */
  limit_nothing_pending: 409,
  /** An increase or removal confirmed before its 24 hours (`{{from}}`). */
  limit_not_yet_confirmable: 409,
  /** A deposit past the member's deposit limit: `{{allowed}}` may still be deposited. */
  deposit_limit_exceeded: 403,
  /** The loss or wager limit is reached: no stake, transfer into a game or game launch. */
  play_limit_reached: 403,
  /** The day's play time is used up. */
  play_time_limit_reached: 403,
});
