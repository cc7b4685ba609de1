import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminConfirmDepositEndpoint,
  adminDepositsEndpoint,
  adminRejectDepositEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_QUERY,
  brandFilter,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { DepositService } from './deposit.service.ts';
import { commonError } from '../../../lib/app-error.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const depositsReview = { access: 'operator', permission: 'deposits.review' } as const;

/** The back office's deposit queue and decisions; every decision goes in the action log. */
export async function depositAdminRoutes(
  app: FastifyInstance,
  options: { deposits: DepositService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deposits } = options;
  const orderInScope = recordBrand(
    'orderNo',
    (orderNo) => deposits.orderBrand(orderNo),
    () => commonError('not_found'),
  );

  routes.get(
    adminDepositsEndpoint.path,
    {
      config: { ...depositsReview, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: 'Deposit orders, newest first, by status and brand',
        querystring: adminDepositsEndpoint.query,
        response: envelopeResponses(adminDepositsEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await deposits.operatorOrders({
          status: request.query.status,
          brands: brandFilter(operatorOf(request), request.query.brand || undefined),
          limit: request.query.limit,
        }),
      ),
  );

  routes.post(
    adminConfirmDepositEndpoint.path,
    {
      config: { ...depositsReview, brand: orderInScope },
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
      config: { ...depositsReview, brand: orderInScope },
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
