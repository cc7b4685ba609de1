import { defineErrorCodes } from '@lobby/contracts';

export const PAYOUT_ERRORS = defineErrorCodes({
  /** The bank code is not one of /api/f/v1/withdraw/can/banks. */
  bank_unknown: 400,
  /** Not 16 to 19 digits, or the Luhn check digit is wrong. */
  bank_card_invalid: 400,
  holder_name_invalid: 400,
  /** The holder is not the member's real name. */
  holder_name_mismatch: 400,
  /** Neither a mainland mobile number nor an e-mail address. */
  alipay_account_invalid: 400,
  /** The protocol id is not one of /api/f/v1/virtual/can/protocol. */
  coin_protocol_unknown: 400,
  /** The address does not have the protocol's format. */
  coin_address_invalid: 400,
  /** The member has the brand's maximum of accounts of this type (`{{max}}`). */
  payout_account_limit: 409,
  /** The member already has this account. */
  payout_account_duplicate: 409,
  /** No live payout account of this member has this id. */
  payout_account_not_found: 404,
});
