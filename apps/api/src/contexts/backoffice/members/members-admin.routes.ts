import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMembersEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf } from '../../../plugins/operator-auth.ts';
import type { MemberSearchService } from './member-search.service.ts';

/** The back office's member search. */
export async function membersAdminRoutes(
  app: FastifyInstance,
  options: { memberSearch: MemberSearchService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    adminMembersEndpoint.path,
    {
      config: { access: 'operator', permission: 'members.read', brand: BRAND_IN_QUERY },
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
