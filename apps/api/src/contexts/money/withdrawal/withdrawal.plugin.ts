import type { FastifyInstance } from 'fastify';
import { withdrawalRoutes } from './withdrawal.routes.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

/** Withdrawal requests and their review queue (paying one goes through the approvals module). */
export async function withdrawalModule(
  app: FastifyInstance,
  options: { withdrawals: WithdrawalService },
) {
  await app.register(withdrawalRoutes, options);
}
