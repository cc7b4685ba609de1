import { defineErrorCodes } from '@lobby/contracts';

/** Member uploads. Oversized files answer the common `body_too_large`. */
export const UPLOAD_ERRORS = defineErrorCodes({
  /** The content is not one of the accepted image types (whatever its name or declared type). */
  upload_type: 415,
});
