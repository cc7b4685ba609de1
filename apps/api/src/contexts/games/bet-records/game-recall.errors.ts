import { defineErrorCodes } from '@lobby/contracts';

/** Error codes of game recall. */
export const GAME_RECALL_ERRORS = defineErrorCodes({
  /** The member has no settled round of that game (or the platform and game do not exist). */
  recall_game_not_played: 404,
  /** The game's provider did not answer the round details (timeout, error, unreadable answer). */
  recall_unavailable: 503,
});
