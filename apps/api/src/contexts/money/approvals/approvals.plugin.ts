import type { FastifyInstance } from 'fastify';
import type { WithdrawalService } from '../withdrawal/index.ts';
import { approvalsRoutes } from './approvals.routes.ts';
import type { ApprovalService } from './approvals.service.ts';

/** Maker-checker: the actions a second operator may have to approve, and their requests. */
export async function approvalsModule(
  app: FastifyInstance,
  options: { approvals: ApprovalService; withdrawals: WithdrawalService },
) {
  await app.register(approvalsRoutes, options);
}
