import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminApproveKycEndpoint,
  adminClaimKycEndpoint,
  adminKycQueueEndpoint,
  adminKycSubmissionEndpoint,
  adminMemberKycEndpoint,
  adminRejectKycEndpoint,
  adminReleaseKycEndpoint,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_QUERY,
  brandFilter,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { KycReview } from './kyc-review.service.ts';
import { KYC_ERRORS } from './kyc.errors.ts';

/** The operators who may call the queue's routes (DESIGN.md 3.11). */
const kycReview = { access: 'operator', permission: 'kyc.review' } as const;
const ID = /^[1-9]\d{0,17}$/;

/**
 * The back office's KYC queue (`kyc.review`): pending document sets of the operator's brands
 * oldest first, a set's detail with its images, claims and the decision; and the member 360's
 * KYC panel (`members.read`). A set of another brand answers as a missing one.
 */
export async function kycAdminRoutes(app: FastifyInstance, options: { review: KycReview }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { review } = options;
  const bySubmission = {
    ...kycReview,
    brand: recordBrand(
      'id',
      (id) => (ID.test(id) ? review.submissionBrand(id) : Promise.resolve(null)),
      () => appError(KYC_ERRORS, 'kyc_submission_not_found'),
    ),
  };
  const tags = ['operator'];

  routes.get(
    adminKycQueueEndpoint.path,
    {
      config: { ...kycReview, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: 'The KYC queue: document sets by status (pending oldest first) in your brands',
        querystring: adminKycQueueEndpoint.query,
        response: envelopeResponses(adminKycQueueEndpoint.response),
      },
    },
    async (request) => {
      const { brand, ...query } = request.query;
      return ok(await review.queue({ ...query, brands: brandFilter(operatorOf(request), brand) }));
    },
  );

  routes.get(
    adminKycSubmissionEndpoint.path,
    {
      config: bySubmission,
      schema: {
        tags,
        summary:
          'A document set: the member, the three images on addresses signed for a few minutes, ' +
          'the claim and earlier sets',
        params: adminKycSubmissionEndpoint.params,
        response: envelopeResponses(adminKycSubmissionEndpoint.response),
      },
    },
    async (request) => ok(await review.detail(request.params.id)),
  );

  routes.post(
    adminClaimKycEndpoint.path,
    {
      config: bySubmission,
      schema: {
        tags,
        summary: 'Claim a pending document set for 30 minutes (refused while another holds it)',
        params: adminClaimKycEndpoint.params,
        body: adminClaimKycEndpoint.body,
        response: envelopeResponses(adminClaimKycEndpoint.response),
      },
    },
    async (request) => ok(await review.claim(operatorOf(request), request.params.id, request.ip)),
  );

  routes.post(
    adminReleaseKycEndpoint.path,
    {
      config: bySubmission,
      schema: {
        tags,
        summary: 'Give a claimed document set back to the queue',
        params: adminReleaseKycEndpoint.params,
        body: adminReleaseKycEndpoint.body,
        response: envelopeResponses(adminReleaseKycEndpoint.response),
      },
    },
    async (request) => ok(await review.release(operatorOf(request), request.params.id, request.ip)),
  );

  routes.post(
    adminApproveKycEndpoint.path,
    {
      config: bySubmission,
      schema: {
        tags,
        summary:
          'Approve a document set: the member becomes level 2; action logged and a kyc_decision ' +
          'significant event',
        params: adminApproveKycEndpoint.params,
        body: adminApproveKycEndpoint.body,
        response: envelopeResponses(adminApproveKycEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await review.decide(operatorOf(request), request.params.id, 'approved', {
          reason: request.body?.reason ?? null,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminRejectKycEndpoint.path,
    {
      config: bySubmission,
      schema: {
        tags,
        summary:
          'Reject a document set with the reason the member reads; action logged and a ' +
          'kyc_decision significant event',
        params: adminRejectKycEndpoint.params,
        body: adminRejectKycEndpoint.body,
        response: envelopeResponses(adminRejectKycEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await review.decide(operatorOf(request), request.params.id, 'rejected', {
          reason: request.body.reason,
          ip: request.ip,
        }),
      ),
  );

  routes.get(
    adminMemberKycEndpoint.path,
    {
      config: {
        access: 'operator',
        permission: 'members.read',
        brand: recordBrand(
          'id',
          (id) => (ID.test(id) ? review.memberBrand(id) : Promise.resolve(null)),
          () => appError(KYC_ERRORS, 'member_not_found'),
        ),
      },
      schema: {
        tags,
        summary:
          "The member 360's KYC panel: level, the brand's thresholds, what applies and the " +
          'latest document set (no images)',
        params: adminMemberKycEndpoint.params,
        response: envelopeResponses(adminMemberKycEndpoint.response),
      },
    },
    async (request) => ok(await review.memberKyc(request.params.id)),
  );
}
