import type { FastifyInstance } from 'fastify';
import { transferReconciliationSweep } from './transfer-reconciliation.ts';
import { transferRoutes } from './transfer.routes.ts';
import type { TransferService } from './transfer.service.ts';

/** Transfers with transfer-wallet platforms, and the sweep that settles those in transit. */
export async function transferModule(
  app: FastifyInstance,
  options: { transfers: TransferService },
) {
  await app.register(transferRoutes, options);
  app.addSweep(transferReconciliationSweep({ transfers: options.transfers }));
}
