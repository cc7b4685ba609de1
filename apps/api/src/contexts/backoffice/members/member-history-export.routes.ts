import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminMemberBetsExportEndpoint,
  adminMemberDepositsExportEndpoint,
  adminMemberLedgerExportEndpoint,
  adminMemberLinkedExportEndpoint,
  adminMemberNetDepositsExportEndpoint,
  adminMemberRewardsExportEndpoint,
  adminMemberTransfersExportEndpoint,
  adminMemberWithdrawalsExportEndpoint,
  type memberHistoryParamsSchema,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { csvResponses, sendCsvExport, type CsvExport } from '../../../lib/csv-export.ts';
import { operatorOf, recordBrand } from '../../../plugins/operator-auth.ts';
import type { ExportRequest, MemberHistoryExportService } from './member-history-export.service.ts';
import type { MemberHistoryService } from './member-history.service.ts';
import { MEMBER_HISTORY_ERRORS } from './member-history.errors.ts';

const tags = ['operator'];

/** A history tab's export contract: the member in the path, the tab's filter in the query. */
type TabExportEndpoint = {
  path: string;
  params: typeof memberHistoryParamsSchema;
  query: z.ZodType;
};

/** One export route: its contract, its OpenAPI summary, and how it answers. */
type TabExportRoute = {
  endpoint: TabExportEndpoint;
  summary: string;
  send: (
    exports: MemberHistoryExportService,
    reply: FastifyReply,
    id: string,
    query: unknown,
    request: ExportRequest,
  ) => Promise<FastifyReply>;
};

/** A table row, typed so `build` takes the query its endpoint's schema gives. */
function tabExport<Endpoint extends TabExportEndpoint, Row>(
  endpoint: Endpoint,
  summary: string,
  build: (
    exports: MemberHistoryExportService,
    id: string,
    query: z.infer<Endpoint['query']>,
    request: ExportRequest,
  ) => Promise<CsvExport<Row>>,
): TabExportRoute {
  return {
    endpoint,
    summary,
    send: async (exports, reply, id, query, request) =>
      // The route validated the query with this endpoint's own schema.
      sendCsvExport(reply, await build(exports, id, query as z.infer<Endpoint['query']>, request)),
  };
}

const TAB_EXPORTS: readonly TabExportRoute[] = [
  tabExport(
    adminMemberLedgerExportEndpoint,
    "The member's ledger postings as CSV, with the balance after each, newest first",
    (exports, ...args) => exports.ledger(...args),
  ),
  tabExport(
    adminMemberDepositsExportEndpoint,
    "The member's deposit orders as CSV, newest first",
    (exports, ...args) => exports.deposits(...args),
  ),
  tabExport(
    adminMemberWithdrawalsExportEndpoint,
    "The member's withdrawal orders as CSV (accounts masked), newest first",
    (exports, ...args) => exports.withdrawals(...args),
  ),
  tabExport(
    adminMemberTransfersExportEndpoint,
    "The member's game transfers as CSV with their last status query, newest first",
    (exports, ...args) => exports.transfers(...args),
  ),
  tabExport(
    adminMemberBetsExportEndpoint,
    "The member's settled rounds as CSV, newest first",
    (exports, ...args) => exports.bets(...args),
  ),
  tabExport(
    adminMemberRewardsExportEndpoint,
    "The member's claims, sign-ins, gifts and VIP money as CSV, newest first",
    (exports, ...args) => exports.rewards(...args),
  ),
  tabExport(
    adminMemberNetDepositsExportEndpoint,
    "The member's net deposits over the range as CSV (deposits less paid withdrawals)",
    (exports, ...args) => exports.netDeposits(...args),
  ),
  tabExport(
    adminMemberLinkedExportEndpoint,
    "The member's linked accounts as CSV (the tab's list, accounts masked), then the " +
      "other brands' counts",
    (exports, ...args) => exports.linked(...args),
  ),
];

function requester(request: FastifyRequest): ExportRequest {
  return { operator: operatorOf(request), ip: request.ip, language: request.language };
}

/**
 * The CSV exports of the member 360 history tabs: each `<tab path>/export` with the tab's
 * filter less its paging, the tab's permission and brand rule (another brand's member answers
 * as a missing one).
 */
export async function memberHistoryExportRoutes(
  app: FastifyInstance,
  options: {
    memberHistory: MemberHistoryService;
    memberHistoryExports: MemberHistoryExportService;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { memberHistory: history, memberHistoryExports: exports } = options;
  const config = {
    access: 'operator',
    permission: 'members.read',
    brand: recordBrand('id', history.brandOf, () =>
      appError(MEMBER_HISTORY_ERRORS, 'member_not_found'),
    ),
  } as const;

  for (const { endpoint, summary, send } of TAB_EXPORTS) {
    routes.get(
      endpoint.path,
      {
        config,
        schema: {
          tags,
          summary,
          params: endpoint.params,
          querystring: endpoint.query,
          response: csvResponses(),
        },
      },
      async (request, reply) =>
        send(exports, reply, request.params.id, request.query, requester(request)),
    );
  }
}
