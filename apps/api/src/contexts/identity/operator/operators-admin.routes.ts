import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCreateOperatorEndpoint,
  adminOperatorActionEndpoint,
  adminOperatorsEndpoint,
  adminOperatorsExportEndpoint,
  adminRolesEndpoint,
  adminSaveRoleEndpoint,
  adminUpdateOperatorEndpoint,
} from '@lobby/contracts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { operatorOf, PLATFORM_WIDE } from '../../../plugins/operator-auth.ts';
import type { OperatorAdminService } from './operators-admin.service.ts';

/** Staff accounts span brands: operators of every brand with operators.manage only. */
const operatorsManage = {
  access: 'operator',
  permission: 'operators.manage',
  brand: PLATFORM_WIDE,
} as const;

/** The operators screen: accounts, roles, brands, addresses; every change logged. */
export async function operatorsAdminRoutes(
  app: FastifyInstance,
  options: { operatorAdmin: OperatorAdminService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { operatorAdmin } = options;

  routes.get(
    adminOperatorsEndpoint.path,
    {
      config: operatorsManage,
      schema: {
        tags: ['operator'],
        summary: 'Operators by name, role and status, a page at a time',
        querystring: adminOperatorsEndpoint.query,
        response: envelopeResponses(adminOperatorsEndpoint.response),
      },
    },
    async (request) => ok(await operatorAdmin.list(request.query)),
  );

  routes.get(
    adminOperatorsExportEndpoint.path,
    {
      config: operatorsManage,
      schema: {
        tags: ['operator'],
        summary: 'The operators of the list as CSV, by username',
        querystring: adminOperatorsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(reply, operatorAdmin.exportCsv(operatorOf(request), request.query, request.ip)),
  );

  routes.post(
    adminCreateOperatorEndpoint.path,
    {
      config: operatorsManage,
      schema: {
        tags: ['operator'],
        summary: 'Create an operator with a role, brands and optional addresses',
        body: adminCreateOperatorEndpoint.body,
        response: envelopeResponses(adminCreateOperatorEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(await operatorAdmin.create(operatorOf(request), input, { ip: request.ip, reason }));
    },
  );

  routes.patch(
    adminUpdateOperatorEndpoint.path,
    {
      config: operatorsManage,
      schema: {
        tags: ['operator'],
        summary: "Change an operator's role, brands or addresses",
        params: adminUpdateOperatorEndpoint.params,
        body: adminUpdateOperatorEndpoint.body,
        response: envelopeResponses(adminUpdateOperatorEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(
        await operatorAdmin.update(operatorOf(request), request.params.id, input, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.post(
    adminOperatorActionEndpoint.path,
    {
      config: operatorsManage,
      schema: {
        tags: ['operator'],
        summary: 'Disable, enable, reset TOTP of, or log out an operator',
        params: adminOperatorActionEndpoint.params,
        body: adminOperatorActionEndpoint.body,
        response: envelopeResponses(adminOperatorActionEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await operatorAdmin.act(operatorOf(request), request.params.id, request.params.action, {
          ip: request.ip,
          reason: request.body.reason,
        }),
      ),
  );

  routes.get(
    adminRolesEndpoint.path,
    {
      config: operatorsManage,
      schema: {
        tags: ['operator'],
        summary: 'The built-in and custom roles with their permissions',
        response: envelopeResponses(adminRolesEndpoint.response),
      },
    },
    async () => ok(await operatorAdmin.roles()),
  );

  routes.put(
    adminSaveRoleEndpoint.path,
    {
      config: operatorsManage,
      schema: {
        tags: ['operator'],
        summary: 'Create or replace a custom role',
        params: adminSaveRoleEndpoint.params,
        body: adminSaveRoleEndpoint.body,
        response: envelopeResponses(adminSaveRoleEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await operatorAdmin.saveRole(
          operatorOf(request),
          request.params.key,
          request.body.permissions,
          { ip: request.ip, reason: request.body.reason },
        ),
      ),
  );
}
