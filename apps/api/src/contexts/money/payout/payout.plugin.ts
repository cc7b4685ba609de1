import type { FastifyInstance } from 'fastify';
import { payoutRoutes } from './payout.routes.ts';
import type { PayoutService } from './payout.service.ts';

/** The member's payout accounts: bank cards, Alipay, coin addresses. */
export async function payoutModule(app: FastifyInstance, options: { payouts: PayoutService }) {
  await app.register(payoutRoutes, options);
}
