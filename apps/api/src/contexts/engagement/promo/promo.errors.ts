import { defineErrorCodes } from '@lobby/contracts';

/** Error codes of promotions (activities), their sign-in, gift exchange and claims. */
export const PROMO_ERRORS = defineErrorCodes({
  /** No promotion of that id for the brand (or not of the kind the call is about). */
  promotion_not_found: 404,
  /** The promotion is not active, not started yet, or over. */
  promotion_not_live: 409,
  /** The member does not meet the promotion's eligibility (VIP level, new members). */
  promo_not_eligible: 403,
  /** An operator's rules do not fit the promotion's kind. */
  promo_rules_invalid: 400,
  /** Today is signed already: nothing was paid again. */
  already_signed: 409,
  /** Re-signing only takes a past day of this month within the window. */
  resign_day_invalid: 400,
  /** That day is signed already. */
  resign_day_signed: 409,
  /** The wallet cannot pay the re-sign cost. */
  resign_insufficient_funds: 409,
  /** The promotion's budget cannot pay this reward. */
  promo_budget_exhausted: 409,
  /** The member received this promotion's rewards as often as it allows. */
  promo_limit_reached: 409,
  /** The promotion asks members to join before depositing. */
  promo_join_required: 409,
  /** A claim of the member waits for review already. */
  promo_claim_pending: 409,
  /** No credited deposit of the member has that order number. */
  promo_deposit_not_found: 404,
  /** The deposit does not qualify (too small, before the start or joining, too old). */
  promo_deposit_not_qualifying: 409,
  /** This deposit has claimed the promotion already. */
  promo_deposit_claimed: 409,
  gift_not_found: 404,
  gift_out_of_stock: 409,
  /** Not enough unused valid-bet turnover for this gift. */
  gift_turnover_insufficient: 409,
  /** Item gifts need a name, phone and address to ship to. */
  gift_shipping_required: 400,
  /** The idempotency key was used for another gift. */
  gift_key_conflict: 409,
  claim_not_found: 404,
  /** Only claims waiting for review can be approved or rejected. */
  claim_not_pending: 409,
  /** This claim needs an amount to pay. */
  claim_amount_required: 400,
  exchange_not_found: 404,
  /** Only item exchanges waiting for delivery can be delivered or rejected. */
  exchange_not_pending: 409,
  banner_not_found: 404,
});
