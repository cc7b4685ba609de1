import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminActionsEndpoint,
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { operatorOf } from '../../../plugins/operator-auth.ts';
import type { OperatorService } from './operator.service.ts';

const operatorOnly = { access: 'operator' as const };

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
      return ok({ token, operator: { username: operator.username, role: operator.role } });
    },
  );

  routes.post(
    adminLogoutEndpoint.path,
    {
      config: operatorOnly,
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
      config: operatorOnly,
      schema: { tags: ['operator'], response: envelopeResponses(adminMeEndpoint.response) },
    },
    async (request) => {
      const operator = operatorOf(request);
      return ok({ username: operator.username, role: operator.role });
    },
  );

  routes.get(
    adminActionsEndpoint.path,
    {
      config: operatorOnly,
      schema: {
        tags: ['operator'],
        summary: 'The operator action log, newest first',
        querystring: adminActionsEndpoint.query,
        response: envelopeResponses(adminActionsEndpoint.response),
      },
    },
    async (request) => ok(await operators.actions(request.query)),
  );
}
