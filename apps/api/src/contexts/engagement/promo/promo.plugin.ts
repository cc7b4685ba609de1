import type { FastifyInstance } from 'fastify';
import { promoAdminRoutes } from './promo-admin.routes.ts';
import { promoRoutes } from './promo.routes.ts';
import type { PromoService } from './promo.service.ts';

/** Promotions: the member's activities and the operators' management and review. */
export async function promoModule(app: FastifyInstance, options: { promo: PromoService }) {
  await app.register(promoRoutes, options);
  await app.register(promoAdminRoutes, options);
}
