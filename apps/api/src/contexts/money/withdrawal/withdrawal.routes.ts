import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminRejectWithdrawalEndpoint,
  adminWithdrawalsEndpoint,
  withdrawEndpoint,
  withdrawOrdersEndpoint,
} from '@lobby/contracts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_QUERY,
  brandFilter,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };
/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const withdrawalsReview = { access: 'operator', permission: 'withdrawals.review' } as const;

function memberIdOf(request: FastifyRequest): bigint {
  if (!request.member) throw commonError('token');
  return BigInt(request.member.memberId);
}

/**
 * Withdrawals: the member's request and order list (no cancel: UKGC RTS 14B) and the operators'
 * queue and rejection (the money returns). Paying an order, like a balance adjustment, goes
 * through maker-checker: the approvals module's routes.
 */
export async function withdrawalRoutes(
  app: FastifyInstance,
  options: { withdrawals: WithdrawalService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { withdrawals } = options;
  const orderInScope = recordBrand(
    'orderNo',
    (orderNo) => withdrawals.orderBrand(orderNo),
    () => appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found'),
  );

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

  routes.get(
    adminWithdrawalsEndpoint.path,
    {
      config: { ...withdrawalsReview, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: 'Withdrawals by status: pending oldest first, decided newest first',
        querystring: adminWithdrawalsEndpoint.query,
        response: envelopeResponses(adminWithdrawalsEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await withdrawals.ordersForReview({
          status: request.query.status,
          brands: brandFilter(operatorOf(request), request.query.brand),
          limit: request.query.limit,
        }),
      ),
  );

  routes.post(
    adminRejectWithdrawalEndpoint.path,
    {
      config: { ...withdrawalsReview, brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary: 'Reject a pending withdrawal with a reason (the money returns to the wallet)',
        params: adminRejectWithdrawalEndpoint.params,
        body: adminRejectWithdrawalEndpoint.body,
        response: envelopeResponses(adminRejectWithdrawalEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await withdrawals.reject(
          operatorOf(request),
          request.params.orderNo,
          request.body.reason,
          request.ip,
        ),
      ),
  );
}
