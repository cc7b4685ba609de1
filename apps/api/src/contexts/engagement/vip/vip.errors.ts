import { defineErrorCodes } from '@lobby/contracts';

export const VIP_ERRORS = defineErrorCodes({
  /** Operator: an amount that is not a decimal of the currency's scale, or negative. */
  vip_amount_invalid: 400,
  /** Operator: thresholds must grow with the level (`{{level}}`), and level 0's must be zero. */
  vip_thresholds_out_of_order: 400,
  /** Operator: a rebate rate above the brand's maximum (`{{max}}` %). */
  vip_rate_above_max: 400,
  /** Operator: a rebate day that has not ended, or a month that has not begun, or a bad date. */
  vip_period_invalid: 400,
  /** Operator: the brand has no such level. */
  vip_level_not_found: 404,
});
