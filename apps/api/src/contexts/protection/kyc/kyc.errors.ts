import { defineErrorCodes } from '@lobby/contracts';

/** Identity verification (KYC). */
export const KYC_ERRORS = defineErrorCodes({
  /** The movement needs a higher verification level (`{{level}}`) than the member has. */
  kyc_required: 403,
  /** A document set already waits for review. */
  kyc_pending: 409,
  /** The member is level 2 already: nothing more to send. */
  kyc_already_verified: 409,
  /** An image id is not an upload of this member for identity documents, or two are the same. */
  kyc_image_invalid: 400,
  /** No such submission (or one of a brand outside the operator's). */
  kyc_submission_not_found: 404,
  /** The submission was decided already. */
  kyc_already_decided: 409,
  /** Another operator holds the submission's claim. */
  kyc_claimed: 409,
  /** The member 360's panel: no such member (or one of a brand outside the operator's). */
  member_not_found: 404,
});
