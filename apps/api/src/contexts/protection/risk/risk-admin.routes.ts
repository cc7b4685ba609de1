import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAddRiskAlertNoteEndpoint,
  adminClaimRiskAlertEndpoint,
  adminFreezeRiskAlertMemberEndpoint,
  adminResolveRiskAlertEndpoint,
  adminRiskAlertDetailEndpoint,
  adminRiskAlertsEndpoint,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_QUERY,
  brandFilter,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { RiskAlertsService } from './risk-alerts.service.ts';
import { RISK_ERRORS } from './risk.errors.ts';

const riskAlerts = { access: 'operator', permission: 'risk.alerts' } as const;

/**
 * The risk-alert queue (`risk.alerts`): the list narrowed to the operator's brands, an alert's
 * detail, claim, note, resolve and freeze the member. An alert of another brand answers as a
 * missing one. Every change goes in the action log.
 */
export async function riskAdminRoutes(
  app: FastifyInstance,
  options: { alerts: RiskAlertsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { alerts } = options;
  const byAlert = {
    ...riskAlerts,
    brand: recordBrand(
      'id',
      (id) => (/^[1-9]\d{0,17}$/.test(id) ? alerts.alertBrand(id) : Promise.resolve(null)),
      () => appError(RISK_ERRORS, 'risk_alert_not_found'),
    ),
  };

  routes.get(
    adminRiskAlertsEndpoint.path,
    {
      config: { ...riskAlerts, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary:
          'The risk-alert queue: filters by status, brand, rule, claim and member; paged on the ' +
          'server, open alerts oldest first',
        querystring: adminRiskAlertsEndpoint.query,
        response: envelopeResponses(adminRiskAlertsEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { brand, ...query } = request.query;
      return ok(
        await alerts.list(operator, {
          ...query,
          brands: brandFilter(operator, brand || undefined),
        }),
      );
    },
  );

  routes.get(
    adminRiskAlertDetailEndpoint.path,
    {
      config: byAlert,
      schema: {
        tags: ['operator'],
        summary: 'A risk alert with its figures, claim and notes',
        params: adminRiskAlertDetailEndpoint.params,
        response: envelopeResponses(adminRiskAlertDetailEndpoint.response),
      },
    },
    async (request) => ok(await alerts.detail(request.params.id)),
  );

  routes.post(
    adminClaimRiskAlertEndpoint.path,
    {
      config: byAlert,
      schema: {
        tags: ['operator'],
        summary: 'Claim an open risk alert; one another operator holds is refused',
        params: adminClaimRiskAlertEndpoint.params,
        body: adminClaimRiskAlertEndpoint.body,
        response: envelopeResponses(adminClaimRiskAlertEndpoint.response),
      },
    },
    async (request) => ok(await alerts.claim(operatorOf(request), request.params.id, request.ip)),
  );

  routes.post(
    adminAddRiskAlertNoteEndpoint.path,
    {
      config: byAlert,
      schema: {
        tags: ['operator'],
        summary: 'Add a note to a risk alert (append-only)',
        params: adminAddRiskAlertNoteEndpoint.params,
        body: adminAddRiskAlertNoteEndpoint.body,
        response: envelopeResponses(adminAddRiskAlertNoteEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await alerts.addNote(operatorOf(request), request.params.id, {
          body: request.body.body,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminResolveRiskAlertEndpoint.path,
    {
      config: byAlert,
      schema: {
        tags: ['operator'],
        summary: 'Resolve an open risk alert with a reason',
        params: adminResolveRiskAlertEndpoint.params,
        body: adminResolveRiskAlertEndpoint.body,
        response: envelopeResponses(adminResolveRiskAlertEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await alerts.resolve(operatorOf(request), request.params.id, {
          reason: request.body.reason,
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminFreezeRiskAlertMemberEndpoint.path,
    {
      config: byAlert,
      schema: {
        tags: ['operator'],
        summary:
          "Freeze the alert's member's money (the member record's freeze; needs members.freeze too)",
        params: adminFreezeRiskAlertMemberEndpoint.params,
        body: adminFreezeRiskAlertMemberEndpoint.body,
        response: envelopeResponses(adminFreezeRiskAlertMemberEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await alerts.freezeMember(operatorOf(request), request.params.id, {
          reason: request.body.reason,
          ip: request.ip,
        }),
      ),
  );
}
