import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminActionsEndpoint,
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, brandFilter, operatorOf } from '../../../plugins/operator-auth.ts';
import { permissionList } from './operator-roles.ts';
import type { OperatorService } from './operator.service.ts';

const anyOperator = { access: 'operator' as const, permission: 'session' as const };

/** Operator login, identity and the action log. */
export async function operatorRoutes(
  app: FastifyInstance,
  options: { operators: OperatorService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { operators } = options;

  routes.post(
    adminLoginEndpoint.path,
    {
      config: { rateLimitBucket: 'operatorLogin' },
      schema: {
        tags: ['operator'],
        summary: 'Operator login: a bearer token for the other /admin/api calls',
        body: adminLoginEndpoint.body,
        response: envelopeResponses(adminLoginEndpoint.response),
      },
    },
    async (request) => {
      const { token, operator } = await operators.login({ ...request.body, ip: request.ip });
      return ok({ token, operator });
    },
  );

  routes.post(
    adminLogoutEndpoint.path,
    {
      config: anyOperator,
      schema: { tags: ['operator'], response: envelopeResponses(adminLogoutEndpoint.response) },
    },
    async (request) => {
      await operators.logout(operatorOf(request));
      return ok({ loggedOut: true as const });
    },
  );

  routes.get(
    adminMeEndpoint.path,
    {
      config: anyOperator,
      schema: { tags: ['operator'], response: envelopeResponses(adminMeEndpoint.response) },
    },
    async (request) => {
      const operator = operatorOf(request);
      return ok({
        username: operator.username,
        role: operator.role,
        permissions: permissionList(operator.permissions),
        brands: operator.brands,
      });
    },
  );

  routes.get(
    adminActionsEndpoint.path,
    {
      config: { access: 'operator', permission: 'audit.read', brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: 'The operator action log, newest first',
        querystring: adminActionsEndpoint.query,
        response: envelopeResponses(adminActionsEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await operators.actions({
          ...request.query,
          brands: brandFilter(operatorOf(request)),
        }),
      ),
  );
}
