import type { FastifyInstance } from 'fastify';
import { brandAdminRoutes } from './brand-admin.routes.ts';
import type { BrandAdminService } from './brand-admin.service.ts';

/** The operators' editing of a brand's configuration (its contact entries today). */
export async function brandsAdminModule(
  app: FastifyInstance,
  options: { brandAdmin: BrandAdminService },
) {
  await app.register(brandAdminRoutes, options);
}
