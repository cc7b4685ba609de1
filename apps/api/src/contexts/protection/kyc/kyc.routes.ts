import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberKycEndpoint, submitKycEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { KycService } from './kyc.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };

/**
 * The member's identity verification: the level, what the brand asks, the latest document set
 * with its outcome, and sending a new set (images uploaded first, purpose `kyc`).
 */
export async function kycRoutes(app: FastifyInstance, options: { kyc: KycService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { kyc } = options;

  routes.get(
    memberKycEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['member'],
        summary:
          "The member's verification level, the brand's thresholds and the latest document set " +
          '(its images on addresses signed for a few minutes)',
        response: envelopeResponses(memberKycEndpoint.response),
      },
    },
    async (request) => ok(await kyc.memberView(request.brand, memberIdOf(request))),
  );

  routes.post(
    submitKycEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'upload' as const },
      schema: {
        tags: ['member'],
        summary:
          'Send identity documents for review: the ids of three uploaded images (purpose kyc); ' +
          'refused while a set waits (kyc_pending) or at level 2 (kyc_already_verified)',
        consumes: FORM,
        body: submitKycEndpoint.body,
        response: envelopeResponses(submitKycEndpoint.response),
      },
    },
    async (request) => ok(await kyc.submit(request.brand, memberIdOf(request), request.body)),
  );
}
