import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAddWithdrawalNoteEndpoint,
  adminClaimWithdrawalEndpoint,
  adminHoldWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  adminReleaseWithdrawalEndpoint,
  adminWithdrawalDetailEndpoint,
  adminWithdrawalsEndpoint,
  adminWithdrawalsExportEndpoint,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_QUERY,
  brandFilter,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { WithdrawalCashier } from './withdrawal-cashier.service.ts';
import type { WithdrawalService } from './withdrawal.service.ts';
import { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const withdrawalsReview = { access: 'operator', permission: 'withdrawals.review' } as const;

/**
 * The operators' withdrawal queue: the list, an order's detail with its risk signals, claims,
 * holds, notes and the rejection (the money returns). Paying goes through maker-checker: the
 * approvals module's route. Every change goes in the action log.
 */
export async function withdrawalAdminRoutes(
  app: FastifyInstance,
  options: { withdrawals: WithdrawalService; cashier: WithdrawalCashier },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { withdrawals, cashier } = options;
  const orderInScope = recordBrand(
    'orderNo',
    (orderNo) => withdrawals.orderBrand(orderNo),
    () => appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found'),
  );
  const byOrder = { ...withdrawalsReview, brand: orderInScope };

  routes.get(
    adminWithdrawalsEndpoint.path,
    {
      config: { ...withdrawalsReview, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary:
          'The withdrawal queue with claims, second approvals and risk flags: filters by ' +
          'status, brand, claim, amount, time and member; sorted and paged on the server',
        querystring: adminWithdrawalsEndpoint.query,
        response: envelopeResponses(adminWithdrawalsEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { brand, ...query } = request.query;
      return ok(await cashier.queue(operator, { ...query, brands: brandFilter(operator, brand) }));
    },
  );

  // A static segment: Fastify's router takes it before `/withdrawals/:orderNo`.
  routes.get(
    adminWithdrawalsExportEndpoint.path,
    {
      config: { ...withdrawalsReview, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary:
          'The withdrawal queue of the filters as CSV, in order id order, with second ' +
          'approvals and risk flags',
        querystring: adminWithdrawalsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(reply, cashier.exportCsv(operatorOf(request), request.query, request.ip)),
  );

  routes.get(
    adminWithdrawalDetailEndpoint.path,
    {
      config: byOrder,
      schema: {
        tags: ['operator'],
        summary:
          'A withdrawal with its member, review notes, claim, open second approval and risk signals',
        params: adminWithdrawalDetailEndpoint.params,
        response: envelopeResponses(adminWithdrawalDetailEndpoint.response),
      },
    },
    async (request) => ok(await cashier.detail(request.params.orderNo)),
  );

  routes.post(
    adminClaimWithdrawalEndpoint.path,
    {
      config: byOrder,
      schema: {
        tags: ['operator'],
        summary:
          'Claim a pending withdrawal for review; another operator’s live claim is refused ' +
          'unless taken over (cashier.takeover)',
        params: adminClaimWithdrawalEndpoint.params,
        body: adminClaimWithdrawalEndpoint.body,
        response: envelopeResponses(adminClaimWithdrawalEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await cashier.claim(operatorOf(request), request.params.orderNo, {
          takeover: request.body?.takeover ?? false,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminReleaseWithdrawalEndpoint.path,
    {
      config: byOrder,
      schema: {
        tags: ['operator'],
        summary: 'Give a claimed withdrawal back to the queue (its hold ends too)',
        params: adminReleaseWithdrawalEndpoint.params,
        body: adminReleaseWithdrawalEndpoint.body,
        response: envelopeResponses(adminReleaseWithdrawalEndpoint.response),
      },
    },
    async (request) =>
      ok(await cashier.release(operatorOf(request), request.params.orderNo, { ip: request.ip })),
  );

  routes.post(
    adminHoldWithdrawalEndpoint.path,
    {
      config: byOrder,
      schema: {
        tags: ['operator'],
        summary: 'Put a withdrawal on hold with a reason (claiming it when free)',
        params: adminHoldWithdrawalEndpoint.params,
        body: adminHoldWithdrawalEndpoint.body,
        response: envelopeResponses(adminHoldWithdrawalEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await cashier.hold(operatorOf(request), request.params.orderNo, {
          reason: request.body.reason,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminAddWithdrawalNoteEndpoint.path,
    {
      config: byOrder,
      schema: {
        tags: ['operator'],
        summary: 'Add a review note to a withdrawal (append-only)',
        params: adminAddWithdrawalNoteEndpoint.params,
        body: adminAddWithdrawalNoteEndpoint.body,
        response: envelopeResponses(adminAddWithdrawalNoteEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await cashier.addNote(operatorOf(request), request.params.orderNo, {
          body: request.body.body,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminRejectWithdrawalEndpoint.path,
    {
      config: byOrder,
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
