import { defineErrorCodes } from '@lobby/contracts';

/** Error codes of the help centre. */
export const HELP_ERRORS = defineErrorCodes({
  /** No published page of that id or category for the brand (or, for operators, no page). */
  help_page_not_found: 404,
});
