import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAdjustBalanceEndpoint,
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  adminWithdrawalsEndpoint,
  withdrawEndpoint,
  withdrawOrdersEndpoint,
} from '@lobby/contracts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_BODY,
  BRAND_IN_QUERY,
  brandFilter,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { AdjustmentService } from './adjustment.service.ts';
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
 * Withdrawals: the member's request and order list (no cancel: UKGC RTS 14B), the operators'
 * review (approve pays, reject returns the money) and operator balance adjustments.
 */
export async function withdrawalRoutes(
  app: FastifyInstance,
  options: { withdrawals: WithdrawalService; adjustments: AdjustmentService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { withdrawals, adjustments } = options;
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
    adminApproveWithdrawalEndpoint.path,
    {
      config: { ...withdrawalsReview, brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary: 'Pay a pending withdrawal (locked -> withdrawals payable)',
        params: adminApproveWithdrawalEndpoint.params,
        body: adminApproveWithdrawalEndpoint.body,
        response: envelopeResponses(adminApproveWithdrawalEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await withdrawals.approve(
          operatorOf(request),
          request.params.orderNo,
          request.body?.note,
          request.ip,
        ),
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

  routes.post(
    adminAdjustBalanceEndpoint.path,
    {
      config: { access: 'operator', permission: 'money.adjust', brand: BRAND_IN_BODY },
      schema: {
        tags: ['operator'],
        summary: "Credit or debit a member's centre wallet, with a reason; never overdraws",
        params: adminAdjustBalanceEndpoint.params,
        body: adminAdjustBalanceEndpoint.body,
        response: envelopeResponses(adminAdjustBalanceEndpoint.response),
      },
    },
    async (request) => {
      const brand = app.brands.get(request.body.brand.toLowerCase());
      if (!brand) throw commonError('unknown_site');
      return ok(
        await adjustments.adjust(operatorOf(request), brand, {
          username: request.params.username,
          amount: request.body.amount,
          reason: request.body.reason,
          idempotencyKey: request.body.idempotencyKey,
          ip: request.ip,
        }),
      );
    },
  );
}
