import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAddDepositNoteEndpoint,
  adminClaimDepositEndpoint,
  adminConfirmDepositEndpoint,
  adminDepositDetailEndpoint,
  adminDepositsEndpoint,
  adminDepositsExportEndpoint,
  adminHoldDepositEndpoint,
  adminRejectDepositEndpoint,
  adminReleaseDepositEndpoint,
} from '@lobby/contracts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
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

/**
 * The back office's deposit queue: the list, an order's detail, claims, holds, notes and the
 * decisions; every change goes in the action log.
 */
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
        summary:
          'The deposit queue: filters by status, brand, claim, channel type, amount, time and ' +
          'member; sorted and paged on the server',
        querystring: adminDepositsEndpoint.query,
        response: envelopeResponses(adminDepositsEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { brand, ...query } = request.query;
      return ok(
        await deposits.cashier.queue(operator, {
          ...query,
          brands: brandFilter(operator, brand || undefined),
        }),
      );
    },
  );

  // A static segment: Fastify's router takes it before `/deposits/:orderNo`.
  routes.get(
    adminDepositsExportEndpoint.path,
    {
      config: { ...depositsReview, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: 'The deposit queue of the filters as CSV, in order id order',
        querystring: adminDepositsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(
        reply,
        deposits.cashier.exportCsv(operatorOf(request), request.query, request.ip),
      ),
  );

  routes.get(
    adminDepositDetailEndpoint.path,
    {
      config: { ...depositsReview, brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary: 'A deposit order with its member, review notes and claim',
        params: adminDepositDetailEndpoint.params,
        response: envelopeResponses(adminDepositDetailEndpoint.response),
      },
    },
    async (request) => ok(await deposits.cashier.detail(request.params.orderNo)),
  );

  routes.post(
    adminClaimDepositEndpoint.path,
    {
      config: { ...depositsReview, brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary:
          'Claim an open deposit for review; another operator’s live claim is refused unless ' +
          'taken over (cashier.takeover)',
        params: adminClaimDepositEndpoint.params,
        body: adminClaimDepositEndpoint.body,
        response: envelopeResponses(adminClaimDepositEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await deposits.cashier.claim(operatorOf(request), request.params.orderNo, {
          takeover: request.body?.takeover ?? false,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminReleaseDepositEndpoint.path,
    {
      config: { ...depositsReview, brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary: 'Give a claimed deposit back to the queue (its hold ends too)',
        params: adminReleaseDepositEndpoint.params,
        body: adminReleaseDepositEndpoint.body,
        response: envelopeResponses(adminReleaseDepositEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await deposits.cashier.release(operatorOf(request), request.params.orderNo, {
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminHoldDepositEndpoint.path,
    {
      config: { ...depositsReview, brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary: 'Put a deposit on hold with a reason (claiming it when free)',
        params: adminHoldDepositEndpoint.params,
        body: adminHoldDepositEndpoint.body,
        response: envelopeResponses(adminHoldDepositEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await deposits.cashier.hold(operatorOf(request), request.params.orderNo, {
          reason: request.body.reason,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminAddDepositNoteEndpoint.path,
    {
      config: { ...depositsReview, brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary: 'Add a review note to a deposit (append-only)',
        params: adminAddDepositNoteEndpoint.params,
        body: adminAddDepositNoteEndpoint.body,
        response: envelopeResponses(adminAddDepositNoteEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await deposits.cashier.addNote(operatorOf(request), request.params.orderNo, {
          body: request.body.body,
          ip: request.ip,
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
