import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReportAgentsEndpoint,
  adminReportAgentsExportEndpoint,
  adminReportCohortsEndpoint,
  adminReportCohortsExportEndpoint,
  adminReportDailyEndpoint,
  adminReportDailyExportEndpoint,
  adminReportGamesEndpoint,
  adminReportGamesExportEndpoint,
  adminReportPlayersEndpoint,
  adminReportPlayersExportEndpoint,
  adminReportPromotionsEndpoint,
  adminReportPromotionsExportEndpoint,
  adminReportsDashboardEndpoint,
  adminReportVipEndpoint,
  adminReportVipExportEndpoint,
} from '@lobby/contracts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf } from '../../../plugins/operator-auth.ts';
import type { ReportRequest, ReportsService } from './reports.service.ts';

const tags = ['operator'];

function requester(request: FastifyRequest): ReportRequest {
  return { operator: operatorOf(request), ip: request.ip, language: request.language };
}

/** The dashboard and the reports, each with its CSV twin (`reports.read`, brand in the query). */
export async function reportsRoutes(app: FastifyInstance, options: { reports: ReportsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = options;
  const config = { access: 'operator', permission: 'reports.read', brand: BRAND_IN_QUERY } as const;
  const csv = (summary: string, querystring: (typeof adminReportDailyExportEndpoint)['query']) => ({
    config,
    schema: { tags, summary, querystring, response: csvResponses() },
  });

  routes.get(
    adminReportsDashboardEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Dashboard: totals, the previous period, by day, platform and category',
        querystring: adminReportsDashboardEndpoint.query,
        response: envelopeResponses(adminReportsDashboardEndpoint.response),
      },
    },
    async (request) =>
      ok(await reports.dashboard(operatorOf(request), request.query, request.language)),
  );

  routes.get(
    adminReportDailyEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Daily summary per brand',
        querystring: adminReportDailyEndpoint.query,
        response: envelopeResponses(adminReportDailyEndpoint.response),
      },
    },
    async (request) => ok(await reports.daily(operatorOf(request), request.query)),
  );
  routes.get(
    adminReportDailyExportEndpoint.path,
    csv('Daily summary per brand as CSV', adminReportDailyExportEndpoint.query),
    async (request, reply) =>
      sendCsvExport(reply, reports.dailyExport(request.query, requester(request))),
  );

  routes.get(
    adminReportGamesEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Platform performance, or the games of one platform',
        querystring: adminReportGamesEndpoint.query,
        response: envelopeResponses(adminReportGamesEndpoint.response),
      },
    },
    async (request) =>
      ok(await reports.games(operatorOf(request), request.query, request.language)),
  );
  routes.get(
    adminReportGamesExportEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Platform or game performance as CSV',
        querystring: adminReportGamesExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(reply, reports.gamesExport(request.query, requester(request))),
  );

  routes.get(
    adminReportPromotionsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Promotion cost and take-up',
        querystring: adminReportPromotionsEndpoint.query,
        response: envelopeResponses(adminReportPromotionsEndpoint.response),
      },
    },
    async (request) =>
      ok(await reports.promotions(operatorOf(request), request.query, request.language)),
  );
  routes.get(
    adminReportPromotionsExportEndpoint.path,
    csv('Promotion cost and take-up as CSV', adminReportPromotionsExportEndpoint.query),
    async (request, reply) =>
      sendCsvExport(reply, reports.promotionsExport(request.query, requester(request))),
  );

  routes.get(
    adminReportVipEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'VIP distribution and rewards',
        querystring: adminReportVipEndpoint.query,
        response: envelopeResponses(adminReportVipEndpoint.response),
      },
    },
    async (request) => ok(await reports.vip(operatorOf(request), request.query)),
  );
  routes.get(
    adminReportVipExportEndpoint.path,
    csv('VIP distribution and rewards as CSV', adminReportVipExportEndpoint.query),
    async (request, reply) =>
      sendCsvExport(reply, reports.vipExport(request.query, requester(request))),
  );

  routes.get(
    adminReportAgentsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Agent performance with their downlines',
        querystring: adminReportAgentsEndpoint.query,
        response: envelopeResponses(adminReportAgentsEndpoint.response),
      },
    },
    async (request) => ok(await reports.agents(operatorOf(request), request.query)),
  );
  routes.get(
    adminReportAgentsExportEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Agent performance as CSV, in agent id order',
        querystring: adminReportAgentsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(reply, reports.agentsExport(request.query, requester(request))),
  );

  routes.get(
    adminReportCohortsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Registration cohorts by week: active and depositing members per week since',
        querystring: adminReportCohortsEndpoint.query,
        response: envelopeResponses(adminReportCohortsEndpoint.response),
      },
    },
    async (request) => ok(await reports.cohorts(operatorOf(request), request.query)),
  );
  routes.get(
    adminReportCohortsExportEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Registration cohorts as CSV',
        querystring: adminReportCohortsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(reply, reports.cohortsExport(request.query, requester(request))),
  );

  routes.get(
    adminReportPlayersEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Top winners or losers',
        querystring: adminReportPlayersEndpoint.query,
        response: envelopeResponses(adminReportPlayersEndpoint.response),
      },
    },
    async (request) => ok(await reports.players(operatorOf(request), request.query)),
  );
  routes.get(
    adminReportPlayersExportEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Top winners or losers as CSV',
        querystring: adminReportPlayersExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsvExport(reply, reports.playersExport(request.query, requester(request))),
  );
}
