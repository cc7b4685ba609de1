import { defineErrorCodes } from '@lobby/contracts';

export const MESSAGE_ERRORS = defineErrorCodes({
  /** Not a message this member sees: another member's, another brand's, withdrawn or deleted. */
  message_not_found: 404,
  /** Operator: no member of that username in the brand. */
  member_not_found: 404,
});
