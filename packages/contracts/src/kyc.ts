import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import { multiline } from './text.ts';

/**
 * Identity verification, KYC (issue 15, point 7). A member's level:
 *
 *   0  nothing verified;
 *   1  a phone number or an e-mail address verified: every phone and e-mail stored on a member
 *      was proved with a one-time code (registration or binding), so having one is level 1;
 *   2  identity documents approved: the member uploaded the front and back of an identity
 *      document and a selfie (private images, upload purpose `kyc`) and an operator holding
 *      `kyc.review` approved the set.
 *
 * The brand's compliance profile says when level 2 is needed (`ComplianceSettings.kyc`); the
 * server refuses the deposit or withdrawal with `kyc_required` until then. Member calls take
 * form-urlencoded bodies; operator calls under /admin/api/ take JSON.
 */

export const KYC_LEVELS = [0, 1, 2] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
/** The level that documents give, and that the thresholds ask for. */
export const KYC_DOCUMENT_LEVEL = 2;

export const KYC_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

/** The three images of a submission, in the order a reviewer reads them. */
export const KYC_DOCUMENT_SIDES = ['idFront', 'idBack', 'selfie'] as const;
export type KycDocumentSide = (typeof KYC_DOCUMENT_SIDES)[number];

/** Why level 2 is asked for: the refusal's `reason` and the member screen's list. */
export const KYC_REQUIREMENT_REASONS = [
  'before_deposit',
  'withdrawal_amount',
  'cumulative_deposits',
] as const;
export type KycRequirementReason = (typeof KYC_REQUIREMENT_REASONS)[number];

/** An upload id as the upload endpoint answers it. */
const uploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'an upload id');
/** A database id on the wire: decimal digits (ids are bigint). */
const idSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');

/** The three images, each on a signed address that serves it for a few minutes only. */
export const kycImagesSchema = z.object({
  idFront: z.string(),
  idBack: z.string(),
  selfie: z.string(),
});

/** What the brand asks, in the brand's currency at the recorded euro rate. */
export const kycThresholdsSchema = z.object({
  /** Level 2 before any deposit. */
  beforeFirstDeposit: z.boolean(),
  /** Level 2 for a withdrawal above this amount ("0.00": every withdrawal); null: none. */
  withdrawalAbove: z.string().nullable(),
  /** Level 2 once the confirmed deposits reach this amount in all. */
  cumulativeDeposits: z.string(),
  currency: z.string(),
  /** The euro rate the amounts were converted at, and the day it was recorded. */
  eurRate: z.string(),
  eurRateRecordedOn: z.string(),
});
export type KycThresholds = z.infer<typeof kycThresholdsSchema>;

// ---------------------------------------------------------------------------------------------
// Member calls.

export const memberKycSubmissionSchema = z.object({
  id: z.string(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator's reason: required on a rejection, shown to the member. */
  reason: z.string().nullable(),
  images: kycImagesSchema,
});

export const memberKycSchema = z.object({
  level: z.number().int().min(0).max(2),
  /** Level 1's part: a verified phone or e-mail. */
  contactVerified: z.boolean(),
  thresholds: kycThresholdsSchema,
  /** Why level 2 applies to this member already (empty: not yet, or already level 2). */
  requiredFor: z.array(z.enum(KYC_REQUIREMENT_REASONS)),
  /** The latest submission, or null. */
  submission: memberKycSubmissionSchema.nullable(),
  /** A new set may be sent: below level 2 and nothing pending. */
  canSubmit: z.boolean(),
});
export type MemberKyc = z.infer<typeof memberKycSchema>;

export const memberKycEndpoint = {
  method: 'GET',
  path: '/api/f/v1/kyc',
  response: memberKycSchema,
} as const;

/**
 * Sends a document set: the ids of three images the member uploaded (`/api/f/v1/upload`,
 * purpose `kyc`), three different ones. Refused while a set waits (`kyc_pending`) and at level 2
 * (`kyc_already_verified`).
 */
export const submitKycEndpoint = {
  method: 'POST',
  path: '/api/f/v1/kyc',
  body: z.object({ idFront: uploadIdSchema, idBack: uploadIdSchema, selfie: uploadIdSchema }),
  response: memberKycSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// Operator calls (bearer token; the queue and decisions need `kyc.review`).

export const adminKycSubmissionRowSchema = z.object({
  id: z.string(),
  brand: z.string(),
  memberId: z.string(),
  username: z.string(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  submittedAt: z.string(),
  /** The operator holding the submission, while the claim lasts (30 minutes). */
  claimedBy: z.string().nullable(),
  claimedUntil: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminKycSubmissionRow = z.infer<typeof adminKycSubmissionRowSchema>;

export const adminKycQueueEndpoint = {
  method: 'GET',
  path: '/admin/api/kyc/submissions',
  query: z.object({
    brand: brandCodeSchema.optional(),
    status: z.enum(KYC_SUBMISSION_STATUSES).default('pending'),
    /** Pending ones oldest first; decided ones newest first. Keyset: rows after this id. */
    afterId: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.array(adminKycSubmissionRowSchema),
} as const;

const submissionParams = z.object({ id: idSchema });

export const adminKycSubmissionEndpoint = {
  method: 'GET',
  path: '/admin/api/kyc/submissions/:id',
  params: submissionParams,
  response: adminKycSubmissionRowSchema.extend({
    /** The member's level now (2 once approved). */
    level: z.number().int().min(0).max(2),
    realName: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    images: kycImagesSchema,
    /** The member's earlier submissions, newest first. */
    history: z.array(adminKycSubmissionRowSchema),
  }),
} as const;
export type AdminKycSubmission = z.infer<typeof adminKycSubmissionEndpoint.response>;

export const adminClaimKycEndpoint = {
  method: 'POST',
  path: '/admin/api/kyc/submissions/:id/claim',
  params: submissionParams,
  body: z.object({}).nullish(),
  response: adminKycSubmissionRowSchema,
} as const;

export const adminReleaseKycEndpoint = {
  method: 'POST',
  path: '/admin/api/kyc/submissions/:id/release',
  params: submissionParams,
  body: z.object({}).nullish(),
  response: adminKycSubmissionRowSchema,
} as const;

export const adminApproveKycEndpoint = {
  method: 'POST',
  path: '/admin/api/kyc/submissions/:id/approve',
  params: submissionParams,
  body: z.object({ reason: multiline(z.string().trim().max(200)).optional() }).nullish(),
  response: adminKycSubmissionRowSchema,
} as const;

export const adminRejectKycEndpoint = {
  method: 'POST',
  path: '/admin/api/kyc/submissions/:id/reject',
  params: submissionParams,
  body: z.object({ reason: multiline(z.string().trim().min(1).max(200)) }),
  response: adminKycSubmissionRowSchema,
} as const;

/** The member 360's KYC panel (`members.read`): level, what applies, the latest submission. */
export const adminMemberKycEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/kyc',
  params: z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, 'a member id') }),
  response: z.object({
    level: z.number().int().min(0).max(2),
    contactVerified: z.boolean(),
    thresholds: kycThresholdsSchema,
    requiredFor: z.array(z.enum(KYC_REQUIREMENT_REASONS)),
    latest: adminKycSubmissionRowSchema.nullable(),
  }),
} as const;
export type AdminMemberKyc = z.infer<typeof adminMemberKycEndpoint.response>;
