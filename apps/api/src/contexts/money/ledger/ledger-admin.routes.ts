import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminLedgerCheckEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { operatorOf, PLATFORM_WIDE } from '../../../plugins/operator-auth.ts';
import type { LedgerAdminService } from './ledger-admin.service.ts';

/** The operators' proof of the ledger invariants, now. */
export async function ledgerAdminRoutes(
  app: FastifyInstance,
  options: { ledgerAdmin: LedgerAdminService },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    adminLedgerCheckEndpoint.path,
    {
      config: { access: 'operator', permission: 'audit.read', brand: PLATFORM_WIDE },
      schema: {
        tags: ['operator'],
        summary: 'Prove the ledger invariants now',
        response: envelopeResponses(adminLedgerCheckEndpoint.response),
      },
    },
    async (request) => ok(await options.ledgerAdmin.check(operatorOf(request), request.ip)),
  );
}
