import { defineErrorCodes } from '@lobby/contracts';

export const LEDGER_ERRORS = defineErrorCodes({
  /** A member account would go below zero. */
  insufficient_funds: 400,
  /** The idempotency key was used before for a different movement. */
  idempotency_conflict: 409,
});
