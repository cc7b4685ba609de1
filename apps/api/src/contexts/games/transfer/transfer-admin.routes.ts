import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminQueryTransferEndpoint,
  adminResolveTransferEndpoint,
  adminTransferEndpoint,
  adminTransferExceptionsEndpoint,
  adminTransferExceptionsExportEndpoint,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf, recordBrand } from '../../../plugins/operator-auth.ts';
import { TRANSFER_ADMIN_ERRORS } from './transfer-admin.errors.ts';
import type { TransferAdminService } from './transfer-admin.service.ts';

/**
 * The back office's transfer exceptions: reading them needs `members.read` (customer service
 * answers members asking where their money is); asking a platform and resolving by hand move
 * money and need `transfers.resolve`. A transfer of another brand answers as a missing one.
 */
export async function transferAdminRoutes(
  app: FastifyInstance,
  options: { transferAdmin: TransferAdminService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { transferAdmin } = options;
  const transferInScope = recordBrand(
    'id',
    (id) => transferAdmin.brandOf(id),
    () => appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_found'),
  );
  const readers = { access: 'operator', permission: 'members.read' } as const;
  const resolvers = { access: 'operator', permission: 'transfers.resolve' } as const;

  routes.get(
    adminTransferExceptionsEndpoint.path,
    {
      config: { ...readers, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary:
          'Transfers still in transit past the status-query window (or described by the ' +
          'platform as another order), oldest first, with their last status query',
        querystring: adminTransferExceptionsEndpoint.query,
        response: envelopeResponses(adminTransferExceptionsEndpoint.response),
      },
    },
    async (request) =>
      ok(await transferAdmin.exceptions(operatorOf(request), request.query, request.language)),
  );

  routes.get(
    adminTransferExceptionsExportEndpoint.path,
    {
      config: { ...readers, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: "The transfer exceptions of the list's filters as CSV, oldest first",
        querystring: adminTransferExceptionsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(
        reply,
        transferAdmin.exportExceptions(operatorOf(request), request.query, {
          ip: request.ip,
          language: request.language,
        }),
      ),
  );

  routes.get(
    adminTransferEndpoint.path,
    {
      config: { ...readers, brand: transferInScope },
      schema: {
        tags: ['operator'],
        summary: 'A transfer with every status query made about it, newest first',
        params: adminTransferEndpoint.params,
        response: envelopeResponses(adminTransferEndpoint.response),
      },
    },
    async (request) => ok(await transferAdmin.detail(request.params.id, request.language)),
  );

  routes.post(
    adminQueryTransferEndpoint.path,
    {
      config: { ...resolvers, brand: transferInScope },
      schema: {
        tags: ['operator'],
        summary:
          "Ask the platform for a transfer's status now; a final answer settles it as the " +
          'sweep would (once)',
        params: adminQueryTransferEndpoint.params,
        body: adminQueryTransferEndpoint.body,
        response: envelopeResponses(adminQueryTransferEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await transferAdmin.query(
          operatorOf(request),
          request.params.id,
          request.ip,
          request.language,
        ),
      ),
  );

  routes.post(
    adminResolveTransferEndpoint.path,
    {
      config: { ...resolvers, brand: transferInScope },
      schema: {
        tags: ['operator'],
        summary:
          'Ask for a manual resolution (succeeded or failed, with evidence) of a transfer in ' +
          'transit past the window: a request a second operator approves in the approvals queue',
        params: adminResolveTransferEndpoint.params,
        body: adminResolveTransferEndpoint.body,
        response: envelopeResponses(adminResolveTransferEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await transferAdmin.requestResolution(operatorOf(request), request.params.id, {
          ...request.body,
          ip: request.ip,
        }),
      ),
  );
}
