import { defineErrorCodes } from '@lobby/contracts';

/** Error codes of game recall. */
export const GAME_RECALL_ERRORS = defineErrorCodes({
  /** The game's provider did not answer the round details (timeout, error, unreadable answer). */
  recall_unavailable: 503,
});
