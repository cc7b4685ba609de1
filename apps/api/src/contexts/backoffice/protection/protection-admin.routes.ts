import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMemberProtectionEndpoint, adminRegistrySearchEndpoint } from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf, recordBrand } from '../../../plugins/operator-auth.ts';
import type { ProtectionAdminService } from './protection-admin.service.ts';

const ID = /^[1-9]\d{0,17}$/;
const tags = ['operator'];

/** Player protection in the back office: the member 360's panel and the registry search. */
export async function protectionAdminRoutes(
  app: FastifyInstance,
  options: { protectionAdmin: ProtectionAdminService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { protectionAdmin } = options;

  routes.get(
    adminMemberProtectionEndpoint.path,
    {
      config: {
        access: 'operator',
        permission: 'members.read',
        brand: recordBrand(
          'id',
          (id) => (ID.test(id) ? protectionAdmin.memberBrand(id) : Promise.resolve(null)),
          () => commonError('not_found'),
        ),
      },
      schema: {
        tags,
        summary:
          "The member 360's protection panel: limits used and pending, the exclusion in force, reality checks",
        params: adminMemberProtectionEndpoint.params,
        response: envelopeResponses(adminMemberProtectionEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await protectionAdmin.member(request.params.id));
    },
  );

  routes.post(
    adminRegistrySearchEndpoint.path,
    {
      // The registry is every brand's: any match shows, with its brand and period only.
      config: { access: 'operator', permission: 'risk.alerts', brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary:
          'Whether an identifier is in the exclusion registry: only the brand and period of a match (action logged)',
        body: adminRegistrySearchEndpoint.body,
        response: envelopeResponses(adminRegistrySearchEndpoint.response),
      },
    },
    async (request) =>
      ok(await protectionAdmin.search(operatorOf(request), request.body, request.ip)),
  );
}
