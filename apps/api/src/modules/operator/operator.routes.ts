import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminActionsEndpoint,
  adminLedgerCheckEndpoint,
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
} from '@lobby/contracts';
import { appError } from '../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../lib/envelope.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { OPERATOR_ERRORS } from './operator.errors.ts';
import type { OperatorIdentity, OperatorService } from './operator.service.ts';

const operatorOnly = { access: 'operator' as const };

export function operatorOf(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw appError(OPERATOR_ERRORS, 'operator_token');
  return request.operator;
}

/** Operator login, identity, the action log and the ledger check. */
export async function operatorRoutes(
  app: FastifyInstance,
  options: { operators: OperatorService; ledger: LedgerService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { operators, ledger } = options;

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

  routes.post(
    adminLedgerCheckEndpoint.path,
    {
      config: operatorOnly,
      schema: {
        tags: ['operator'],
        summary: 'Prove the ledger invariants now',
        response: envelopeResponses(adminLedgerCheckEndpoint.response),
      },
    },
    async (request) => ok(await operators.checkLedger(operatorOf(request), ledger, request.ip)),
  );
}
