import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminConfirmDepositEndpoint,
  adminDepositsEndpoint,
  adminRejectDepositEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { operatorOf } from '../../../plugins/operator-auth.ts';
import type { DepositService } from './deposit.service.ts';

const operatorOnly = { access: 'operator' as const };

/** The back office's deposit queue and decisions; every decision goes in the action log. */
export async function depositAdminRoutes(
  app: FastifyInstance,
  options: { deposits: DepositService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deposits } = options;

  routes.get(
    adminDepositsEndpoint.path,
    {
      config: operatorOnly,
      schema: {
        tags: ['operator'],
        summary: 'Deposit orders, newest first, by status and brand',
        querystring: adminDepositsEndpoint.query,
        response: envelopeResponses(adminDepositsEndpoint.response),
      },
    },
    async (request) => ok(await deposits.operatorOrders(request.query)),
  );

  routes.post(
    adminConfirmDepositEndpoint.path,
    {
      config: operatorOnly,
      schema: {
        tags: ['operator'],
        summary: 'Confirm a deposit: the member is credited once, however often this is sent',
        params: adminConfirmDepositEndpoint.params,
        body: adminConfirmDepositEndpoint.body,
        response: envelopeResponses(adminConfirmDepositEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await deposits.confirmByOperator(operatorOf(request), request.params.orderNo, {
          reason: request.body?.reason || undefined,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminRejectDepositEndpoint.path,
    {
      config: operatorOnly,
      schema: {
        tags: ['operator'],
        summary: 'Reject an open deposit; no money moves',
        params: adminRejectDepositEndpoint.params,
        body: adminRejectDepositEndpoint.body,
        response: envelopeResponses(adminRejectDepositEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await deposits.rejectByOperator(operatorOf(request), request.params.orderNo, {
          reason: request.body.reason,
          ip: request.ip,
        }),
      ),
  );
}
