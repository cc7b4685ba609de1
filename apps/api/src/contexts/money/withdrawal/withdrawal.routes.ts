import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withdrawEndpoint, withdrawOrdersEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };

/**
 * Withdrawals: the member's request and order list (no cancel: UKGC RTS 14B). The operators'
 * queue is withdrawal-admin.routes.ts; paying an order, like a balance adjustment, goes through
 * maker-checker: the approvals module's routes.
 */
export async function withdrawalRoutes(
  app: FastifyInstance,
  options: { withdrawals: WithdrawalService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { withdrawals } = options;

  routes.post(
    withdrawEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['withdrawal'],
        summary:
          'Request a withdrawal: the amount is locked until an operator pays or rejects it; ' +
          'idempotent by idempotencyKey',
        consumes: FORM,
        body: withdrawEndpoint.body,
        response: envelopeResponses(withdrawEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await withdrawals.request(
          request.brand,
          memberIdOf(request),
          request.body,
          request.language,
        ),
      ),
  );

  routes.get(
    withdrawOrdersEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['withdrawal'],
        summary: "The member's withdrawals, newest first, with their status",
        querystring: withdrawOrdersEndpoint.query,
        response: envelopeResponses(withdrawOrdersEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await withdrawals.memberOrders(
          request.brand,
          memberIdOf(request),
          request.query,
          request.language,
        ),
      ),
  );
}
