import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMembersEndpoint, adminMembersExportEndpoint } from '@lobby/contracts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf } from '../../../plugins/operator-auth.ts';
import type { MemberSearchService } from './member-search.service.ts';

/** The back office's member search. */
export async function membersAdminRoutes(
  app: FastifyInstance,
  options: { memberSearch: MemberSearchService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const membersRead = {
    access: 'operator',
    permission: 'members.read',
    brand: BRAND_IN_QUERY,
  } as const;

  // A static segment: Fastify's router takes it before a `/members/:id` of the same method.
  routes.get(
    adminMembersExportEndpoint.path,
    {
      config: membersRead,
      schema: {
        tags: ['operator'],
        summary: 'The members of the search as CSV, with its filters, in member id order',
        querystring: adminMembersExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(
        reply,
        options.memberSearch.exportCsv(operatorOf(request), request.query, request.ip),
      ),
  );

  routes.get(
    adminMembersEndpoint.path,
    {
      config: membersRead,
      schema: {
        tags: ['operator'],
        summary: 'Find members by any identifier, with filters, sorting and paging',
        querystring: adminMembersEndpoint.query,
        response: envelopeResponses(adminMembersEndpoint.response),
      },
    },
    async (request) => ok(await options.memberSearch.search(operatorOf(request), request.query)),
  );
}
