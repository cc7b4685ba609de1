import type { FastifyInstance } from 'fastify';
import type { AdjustmentService } from './adjustment.service.ts';
import { withdrawalRoutes } from './withdrawal.routes.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

/** Withdrawal requests, their review, and the operators' balance adjustments. */
export async function withdrawalModule(
  app: FastifyInstance,
  options: { withdrawals: WithdrawalService; adjustments: AdjustmentService },
) {
  await app.register(withdrawalRoutes, options);
}
