import type { FastifyInstance } from 'fastify';
import { transferAdminRoutes } from './transfer-admin.routes.ts';
import type { TransferAdminService } from './transfer-admin.service.ts';
import { transferReconciliationSweep } from './transfer-reconciliation.ts';
import { transferRoutes } from './transfer.routes.ts';
import type { TransferService } from './transfer.service.ts';

/**
 * Transfers with transfer-wallet platforms, the sweep that settles those in transit, and the
 * back office's transfer exceptions.
 */
export async function transferModule(
  app: FastifyInstance,
  options: { transfers: TransferService; transferAdmin: TransferAdminService },
) {
  await app.register(transferRoutes, { transfers: options.transfers });
  await app.register(transferAdminRoutes, { transferAdmin: options.transferAdmin });
  app.addSweep(transferReconciliationSweep({ transfers: options.transfers }));
}
