import { defineErrorCodes } from '@lobby/contracts';

export const DEPOSIT_ERRORS = defineErrorCodes({
  /** No enabled channel of that code on this brand. */
  deposit_channel_unavailable: 400,
  /** The amount is not a plain decimal in the currency's scale (or not above zero). */
  deposit_amount_invalid: 400,
  /** Below the channel's minimum or above its maximum; the limits go in the message. */
  deposit_amount_out_of_range: 400,
  /** The order was already confirmed, rejected or expired. */
  deposit_not_pending: 409,
  /** Another operator holds the order in review (`{{operator}}` since `{{since}}`). */
  order_claimed_by_other: 409,
  /** A release of an order nobody holds. */
  order_not_claimed: 409,
  /** Only bank-transfer orders take a transfer notice. */
  deposit_notice_not_allowed: 400,
  /** The same idempotency key came with another body (the ledger's code and text). */
  idempotency_conflict: 409,
  /** A gateway callback whose signature (or merchant) does not check out. */
  gateway_signature: 401,
  /** A gateway callback whose amount is not the order's. */
  gateway_amount_mismatch: 400,
});
