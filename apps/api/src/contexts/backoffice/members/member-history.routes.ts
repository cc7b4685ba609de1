import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMemberBetsEndpoint,
  adminMemberDepositsEndpoint,
  adminMemberLedgerEndpoint,
  adminMemberLinkedEndpoint,
  adminMemberNetDepositsEndpoint,
  adminMemberRewardsEndpoint,
  adminMemberTransfersEndpoint,
  adminMemberWithdrawalsEndpoint,
} from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { operatorOf, recordBrand } from '../../../plugins/operator-auth.ts';
import type { MemberHistoryService } from './member-history.service.ts';
import type { MemberLinksService } from './member-history-links.service.ts';
import { MEMBER_HISTORY_ERRORS } from './member-history.errors.ts';

const tags = ['operator'];

/** The history tabs of the member 360 view: reads only, within the operator's brands. */
export async function memberHistoryRoutes(
  app: FastifyInstance,
  options: { memberHistory: MemberHistoryService; memberLinks: MemberLinksService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { memberHistory: history, memberLinks } = options;
  // Another brand's member answers as a missing one.
  const config = {
    access: 'operator',
    permission: 'members.read',
    brand: recordBrand('id', history.brandOf, () =>
      appError(MEMBER_HISTORY_ERRORS, 'member_not_found'),
    ),
  } as const;

  routes.get(
    adminMemberLedgerEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "The member's ledger postings (centre, locked, platforms), newest first",
        params: adminMemberLedgerEndpoint.params,
        querystring: adminMemberLedgerEndpoint.query,
        response: envelopeResponses(adminMemberLedgerEndpoint.response),
      },
    },
    async (request) => ok(await history.ledger(request.params.id, request.query, request.language)),
  );

  routes.get(
    adminMemberDepositsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "The member's deposit orders, newest first",
        params: adminMemberDepositsEndpoint.params,
        querystring: adminMemberDepositsEndpoint.query,
        response: envelopeResponses(adminMemberDepositsEndpoint.response),
      },
    },
    async (request) => ok(await history.deposits(request.params.id, request.query)),
  );

  routes.get(
    adminMemberWithdrawalsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "The member's withdrawal orders, newest first",
        params: adminMemberWithdrawalsEndpoint.params,
        querystring: adminMemberWithdrawalsEndpoint.query,
        response: envelopeResponses(adminMemberWithdrawalsEndpoint.response),
      },
    },
    async (request) =>
      ok(await history.withdrawals(request.params.id, request.query, request.language)),
  );

  routes.get(
    adminMemberTransfersEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "The member's transfers with game platforms and their status queries",
        params: adminMemberTransfersEndpoint.params,
        querystring: adminMemberTransfersEndpoint.query,
        response: envelopeResponses(adminMemberTransfersEndpoint.response),
      },
    },
    async (request) =>
      ok(await history.transfers(request.params.id, request.query, request.language)),
  );

  routes.get(
    adminMemberBetsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "The member's settled rounds, newest first, with the filtered totals",
        params: adminMemberBetsEndpoint.params,
        querystring: adminMemberBetsEndpoint.query,
        response: envelopeResponses(adminMemberBetsEndpoint.response),
      },
    },
    async (request) => ok(await history.bets(request.params.id, request.query, request.language)),
  );

  routes.get(
    adminMemberNetDepositsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "The member's net deposits over the range: deposits less paid withdrawals",
        params: adminMemberNetDepositsEndpoint.params,
        querystring: adminMemberNetDepositsEndpoint.query,
        response: envelopeResponses(adminMemberNetDepositsEndpoint.response),
      },
    },
    async (request) => ok(await history.netDeposits(request.params.id, request.query)),
  );

  routes.get(
    adminMemberRewardsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "The member's promotion claims, sign-ins, gifts and VIP money, newest first",
        params: adminMemberRewardsEndpoint.params,
        querystring: adminMemberRewardsEndpoint.query,
        response: envelopeResponses(adminMemberRewardsEndpoint.response),
      },
    },
    async (request) =>
      ok(await history.rewards(request.params.id, request.query, request.language)),
  );

  routes.get(
    adminMemberLinkedEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary:
          'Members sharing a device, address, payout account, phone or e-mail (other brands: counts)',
        params: adminMemberLinkedEndpoint.params,
        response: envelopeResponses(adminMemberLinkedEndpoint.response),
      },
    },
    async (request) =>
      ok(await memberLinks.linked(operatorOf(request), request.params.id, request.language)),
  );
}
