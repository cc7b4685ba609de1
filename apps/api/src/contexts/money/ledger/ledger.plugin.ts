import type { FastifyInstance } from 'fastify';
import { ledgerAdminRoutes } from './ledger-admin.routes.ts';
import type { LedgerAdminService } from './ledger-admin.service.ts';

/** The ledger's operator side: the invariants proved on demand. */
export async function ledgerModule(
  app: FastifyInstance,
  options: { ledgerAdmin: LedgerAdminService },
) {
  await app.register(ledgerAdminRoutes, options);
}
