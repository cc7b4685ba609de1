import { defineErrorCodes } from '@lobby/contracts';

export const WITHDRAWAL_ERRORS = defineErrorCodes({
  /** Not a positive decimal in the currency's scale: "1e3", "-5", "0.001", "abc", "0". */
  withdraw_amount_invalid: 400,
  /** Below the brand's minimum or above its maximum (`{{min}}`, `{{max}}`). */
  withdraw_amount_out_of_range: 400,
  /** The brand's number of withdrawals a day (`{{count}}`) is reached. */
  withdraw_daily_limit: 409,
  /** Today's orders and this one would pass the VIP level's daily amount (`{{max}}`, `{{remaining}}`). */
  withdraw_daily_amount_limit: 409,
  /** Turnover is still owed on deposits (`{{remaining}}`). */
  withdraw_turnover_outstanding: 409,
  /** Too many wrong withdrawal passwords: locked for `{{minutes}}` minutes. */
  withdraw_password_locked: 423,
  withdrawal_not_found: 404,
  /** The order was decided already (approve and reject race: one wins). */
  withdrawal_not_pending: 409,
  /** Another operator holds the order in review (`{{operator}}` since `{{since}}`). */
  order_claimed_by_other: 409,
  /** A release of an order nobody holds. */
  order_not_claimed: 409,
  /** Operator adjustments: no member of that username in the brand. */
  member_not_found: 404,
  /** Operator adjustments: not a signed, non-zero decimal in the currency's scale. */
  adjustment_amount_invalid: 400,
});
