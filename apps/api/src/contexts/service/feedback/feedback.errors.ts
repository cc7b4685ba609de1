import { defineErrorCodes } from '@lobby/contracts';

/** Member feedback and the operators' answers. */
export const FEEDBACK_ERRORS = defineErrorCodes({
  /** Not a code of FEEDBACK_CATEGORIES. */
  feedback_category: 400,
  /** Fewer than `{{min}}` or more than `{{max}}` characters once trimmed. */
  feedback_content_length: 400,
  /** More than `{{max}}` images. */
  feedback_images_too_many: 400,
  /** An image id that is not one of the member's own feedback uploads (or named twice). */
  feedback_image_invalid: 400,
  /** One ticket per `{{seconds}}` seconds per member. */
  feedback_too_frequent: 429,
  /** No such ticket of this member (or, for operators, at all). */
  feedback_not_found: 404,
  /** The ticket is closed: it takes no more replies. */
  feedback_closed: 409,
});
