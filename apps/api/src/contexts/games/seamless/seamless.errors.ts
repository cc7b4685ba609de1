import { defineErrorCodes } from '@lobby/contracts';
import type { SeamlessErrorCode } from '@lobby/game-protocol';

/**
 * The seamless-wallet refusals (packages/game-protocol seamless.ts) and their HTTP statuses.
 * Platforms read them, not people, so they have no texts: the answer is the protocol's
 * `{status:"error", error:<code>}`, never the member envelope. Every one is final for the
 * platform (a 4xx): it stops retrying, so a refusal must mean that nothing moved.
 */
export const SEAMLESS_ERRORS = defineErrorCodes({
  /** The signature headers are missing, stale, or do not match the body and path. */
  bad_signature: 401,
  /** The body is not the operation's shape, or the path names no seamless platform. */
  invalid_request: 400,
  /** The player names no active member of an existing brand offering the platform. */
  player_not_found: 404,
  /** The centre wallet holds less than the debit. */
  insufficient_funds: 409,
  /** The member's loss or wager limit (or an exclusion) stops the stake (player protection). */
  limit_reached: 403,
  /** A rollback came first for this debit id: the debit will never be applied. */
  transaction_rolled_back: 409,
  /** The transaction id was used before with another body. */
  transaction_conflict: 409,
  /** A credit for a round where Lobby holds no debit of the player (none came, or rolled back). */
  round_not_found: 404,
} satisfies Record<SeamlessErrorCode, number>);
