import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminActionsEndpoint,
  adminActionsExportEndpoint,
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
  adminTotpConfirmEndpoint,
  adminTotpSetupEndpoint,
} from '@lobby/contracts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, brandFilter, operatorOf } from '../../../plugins/operator-auth.ts';
import { operatorView, type OperatorService } from './operator.service.ts';

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
    async (request) => ok(operatorView(operatorOf(request))),
  );

  routes.post(
    adminTotpSetupEndpoint.path,
    {
      config: anyOperator,
      schema: {
        tags: ['operator'],
        summary: 'Start TOTP enrolment: a new secret and its otpauth:// address for a QR code',
        response: envelopeResponses(adminTotpSetupEndpoint.response),
      },
    },
    async (request) => ok(await operators.totpSetup(operatorOf(request))),
  );

  routes.post(
    adminTotpConfirmEndpoint.path,
    {
      config: anyOperator,
      schema: {
        tags: ['operator'],
        summary: 'Finish TOTP enrolment with a code; answers the recovery codes once',
        body: adminTotpConfirmEndpoint.body,
        response: envelopeResponses(adminTotpConfirmEndpoint.response),
      },
    },
    async (request) =>
      ok(await operators.totpConfirm(operatorOf(request), request.body.code, request.ip)),
  );

  const auditRead = {
    access: 'operator',
    permission: 'audit.read',
    brand: BRAND_IN_QUERY,
  } as const;

  routes.get(
    adminActionsExportEndpoint.path,
    {
      config: auditRead,
      schema: {
        tags: ['operator'],
        summary: 'The operator action log as CSV, with the filters of the list, newest first',
        querystring: adminActionsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) => {
      const operator = operatorOf(request);
      return sendCsvExport(
        reply,
        operators.actionsExport(
          operator,
          {
            ...request.query,
            brands: brandFilter(operator, request.query.brand || undefined),
            query: request.query,
          },
          request.ip,
        ),
      );
    },
  );

  routes.get(
    adminActionsEndpoint.path,
    {
      config: auditRead,
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
          brands: brandFilter(operatorOf(request), request.query.brand || undefined),
        }),
      ),
  );
}
