import type { FastifyInstance } from 'fastify';
import { kycAdminRoutes } from './kyc-admin.routes.ts';
import type { KycReview } from './kyc-review.service.ts';
import { kycRoutes } from './kyc.routes.ts';
import type { KycService } from './kyc.service.ts';

/** Identity verification: the member's screen and document sets, and the operators' queue. */
export async function kycModule(
  app: FastifyInstance,
  options: { kyc: KycService; review: KycReview },
) {
  await app.register(kycRoutes, { kyc: options.kyc });
  await app.register(kycAdminRoutes, { review: options.review });
}
