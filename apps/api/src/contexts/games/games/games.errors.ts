import { defineErrorCodes } from '@lobby/contracts';

/** Error codes of the game platforms, transfers and launch (one table, shared by those modules). */
export const GAMES_ERRORS = defineErrorCodes({
  /** No platform of that id is enabled for the brand. */
  game_platform_not_found: 404,
  /** No game of that code on the platform. */
  game_not_found: 404,
  /** The platform (or the whole game) is in maintenance: the spec's "game in maintenance". */
  game_maintenance: 503,
  /** The amount is not a plain decimal in the currency's scale, or not above zero. */
  transfer_amount_invalid: 400,
  /** Seamless platforms use the centre wallet directly; there is nothing to transfer. */
  transfer_not_supported: 400,
  /** A transfer with this platform is still in transit; another waits until it is final. */
  transfer_in_progress: 409,
  /** The platform holds less than the amount asked out of it. */
  platform_insufficient_balance: 409,
  /** The member is in a round on the platform, which refuses transfers out until it ends. */
  player_in_round: 409,
  /** The platform did not answer (or answered an error) before anything moved. */
  platform_unavailable: 503,
  /** Not enough in the centre wallet (the ledger's code and text). */
  insufficient_funds: 409,
  /** The same idempotency key came with another request (the ledger's code and text). */
  idempotency_conflict: 409,
});
