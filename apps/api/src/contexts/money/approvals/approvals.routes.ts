import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAdjustBalanceEndpoint,
  adminApprovalsEndpoint,
  adminApprovalsExportEndpoint,
  adminApproveRequestEndpoint,
  adminApproveWithdrawalEndpoint,
  adminRejectRequestEndpoint,
  adminWaiveTurnoverEndpoint,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_BODY,
  BRAND_IN_QUERY,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import { WITHDRAWAL_ERRORS, type WithdrawalService } from '../withdrawal/index.ts';
import { APPROVAL_ERRORS } from './approvals.errors.ts';
import type { ApprovalService } from './approvals.service.ts';

const deciders = { access: 'operator', permission: 'approvals.decide' } as const;

/**
 * The operator actions under maker-checker (a balance adjustment, a turnover waiver, paying a
 * withdrawal: carried out at once below the brand's threshold, a request above it) and the
 * requests' queue and decisions.
 */
export async function approvalsRoutes(
  app: FastifyInstance,
  options: { approvals: ApprovalService; withdrawals: WithdrawalService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { approvals, withdrawals } = options;
  const orderInScope = recordBrand(
    'orderNo',
    (orderNo) => withdrawals.orderBrand(orderNo),
    () => appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found'),
  );
  const requestInScope = recordBrand(
    'id',
    (id) => approvals.brandOf(id),
    () => appError(APPROVAL_ERRORS, 'approval_not_found'),
  );

  routes.post(
    adminAdjustBalanceEndpoint.path,
    {
      config: { access: 'operator', permission: 'money.adjust', brand: BRAND_IN_BODY },
      schema: {
        tags: ['operator'],
        summary:
          "Credit or debit a member's centre wallet, with a reason; never overdraws. Above the " +
          "brand's threshold: a request for a second operator",
        params: adminAdjustBalanceEndpoint.params,
        body: adminAdjustBalanceEndpoint.body,
        response: envelopeResponses(adminAdjustBalanceEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await approvals.adjust(operatorOf(request), {
          ...request.body,
          username: request.params.username,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminWaiveTurnoverEndpoint.path,
    {
      config: { access: 'operator', permission: 'money.adjust', brand: BRAND_IN_BODY },
      schema: {
        tags: ['operator'],
        summary:
          "Clear a member's outstanding turnover requirement, with the reason. Above the " +
          "brand's threshold: a request for a second operator",
        params: adminWaiveTurnoverEndpoint.params,
        body: adminWaiveTurnoverEndpoint.body,
        response: envelopeResponses(adminWaiveTurnoverEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await approvals.waive(operatorOf(request), {
          ...request.body,
          username: request.params.username,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminApproveWithdrawalEndpoint.path,
    {
      config: { access: 'operator', permission: 'withdrawals.review', brand: orderInScope },
      schema: {
        tags: ['operator'],
        summary:
          "Pay a pending withdrawal (locked -> withdrawals payable). Above the brand's " +
          'threshold: a request for a second operator',
        params: adminApproveWithdrawalEndpoint.params,
        body: adminApproveWithdrawalEndpoint.body,
        response: envelopeResponses(adminApproveWithdrawalEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await approvals.approveWithdrawal(operatorOf(request), {
          orderNo: request.params.orderNo,
          note: request.body?.note,
          ip: request.ip,
        }),
      ),
  );

  routes.get(
    adminApprovalsExportEndpoint.path,
    {
      config: { ...deciders, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: 'Maker-checker requests of the list as CSV, with its filters',
        querystring: adminApprovalsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(reply, approvals.exportCsv(operatorOf(request), request.query, request.ip)),
  );

  routes.get(
    adminApprovalsEndpoint.path,
    {
      config: { ...deciders, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: 'Maker-checker requests: pending ones oldest first, decided ones newest first',
        querystring: adminApprovalsEndpoint.query,
        response: envelopeResponses(adminApprovalsEndpoint.response),
      },
    },
    async (request) => ok(await approvals.list(operatorOf(request), request.query)),
  );

  routes.post(
    adminApproveRequestEndpoint.path,
    {
      config: { ...deciders, brand: requestInScope },
      schema: {
        tags: ['operator'],
        summary: "Approve another operator's request: the action is carried out now",
        params: adminApproveRequestEndpoint.params,
        body: adminApproveRequestEndpoint.body,
        response: envelopeResponses(adminApproveRequestEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await approvals.approve(
          operatorOf(request),
          request.params.id,
          request.body?.note,
          request.ip,
        ),
      ),
  );

  routes.post(
    adminRejectRequestEndpoint.path,
    {
      config: { ...deciders, brand: requestInScope },
      schema: {
        tags: ['operator'],
        summary: "Reject another operator's request, with a note: nothing is carried out",
        params: adminRejectRequestEndpoint.params,
        body: adminRejectRequestEndpoint.body,
        response: envelopeResponses(adminRejectRequestEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await approvals.reject(
          operatorOf(request),
          request.params.id,
          request.body.note,
          request.ip,
        ),
      ),
  );
}
