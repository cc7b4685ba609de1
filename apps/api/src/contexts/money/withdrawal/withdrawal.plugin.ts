import type { FastifyInstance } from 'fastify';
import { withdrawalAdminRoutes } from './withdrawal-admin.routes.ts';
import type { WithdrawalCashier } from './withdrawal-cashier.service.ts';
import { withdrawalRoutes } from './withdrawal.routes.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

/**
 * Withdrawal requests and the operators' queue: claims, holds, notes, risk signals and the
 * rejection (paying one goes through the approvals module).
 */
export async function withdrawalModule(
  app: FastifyInstance,
  options: { withdrawals: WithdrawalService; cashier: WithdrawalCashier },
) {
  await app.register(withdrawalRoutes, { withdrawals: options.withdrawals });
  await app.register(withdrawalAdminRoutes, options);
}
