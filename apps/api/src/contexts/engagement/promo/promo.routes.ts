import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activeRulesEndpoint,
  applyAloneEndpoint,
  applyDepositEndpoint,
  giftBetEndpoint,
  giftExchangeEndpoint,
  isJoinActiveEndpoint,
  joinActiveEndpoint,
  promoDetailEndpoint,
  promoFlagsEndpoint,
  promoListEndpoint,
  promoRecordEndpoint,
  promoSecondNavEndpoint,
  promoTopCoverEndpoint,
  rechargeRewardsEndpoint,
  resignEndpoint,
  signEndpoint,
  signInfoEndpoint,
} from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { PromoViewer } from './promo-checks.ts';
import type { PromoService } from './promo.service.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };
const optional = { access: 'optional' as const };
const tags = ['promo'];

function viewerOf(request: FastifyRequest): PromoViewer {
  if (!request.member) throw commonError('token');
  return { brand: request.brand, memberId: BigInt(request.member.memberId) };
}

function memberIdOrNull(request: FastifyRequest): bigint | null {
  return request.member ? BigInt(request.member.memberId) : null;
}

/**
 * Promotions for members and guests: guests read what is live; signing, exchanging, joining
 * and claiming need a session.
 */
export async function promoRoutes(app: FastifyInstance, options: { promo: PromoService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { promo } = options;

  routes.get(
    promoFlagsEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary: "Which activity entrances are live; the member's sign-in and pending claims",
        response: envelopeResponses(promoFlagsEndpoint.response),
      },
    },
    async (request) => ok(await promo.reads.flags(request.brand, memberIdOrNull(request))),
  );

  routes.get(
    promoListEndpoint.path,
    {
      schema: {
        tags,
        summary: 'Live promotions of the brand, by category, a page at a time',
        querystring: promoListEndpoint.query,
        response: envelopeResponses(promoListEndpoint.response),
      },
    },
    async (request) => ok(await promo.reads.list(request.brand, request.language, request.query)),
  );

  routes.get(
    promoDetailEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary: "One promotion: rendered body, rules and the member's state",
        querystring: promoDetailEndpoint.query,
        response: envelopeResponses(promoDetailEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.reads.detail(
          request.brand,
          request.language,
          BigInt(request.query.id),
          memberIdOrNull(request),
        ),
      ),
  );

  routes.get(
    promoTopCoverEndpoint.path,
    {
      schema: {
        tags,
        summary: 'Home banners and popup notices that are live',
        response: envelopeResponses(promoTopCoverEndpoint.response),
      },
    },
    async (request) => ok(await promo.reads.topCover(request.brand, request.language)),
  );

  routes.get(
    promoSecondNavEndpoint.path,
    {
      schema: {
        tags,
        summary: 'Category tabs with live promotions',
        response: envelopeResponses(promoSecondNavEndpoint.response),
      },
    },
    async (request) => ok(await promo.reads.secondNav(request.brand, request.language)),
  );

  routes.get(
    signInfoEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary: "The sign-in promotion and the member's month: signed days, streak, re-signable",
        response: envelopeResponses(signInfoEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.signIn.signInfo(request.brand, request.language, memberIdOrNull(request))),
  );

  routes.post(
    signEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'claims' as const },
      schema: {
        tags,
        summary: "Sign today and receive the streak day's reward",
        consumes: FORM,
        body: signEndpoint.body,
        response: envelopeResponses(signEndpoint.response),
      },
    },
    async (request) => ok(await promo.signIn.sign(viewerOf(request))),
  );

  routes.post(
    resignEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'claims' as const },
      schema: {
        tags,
        summary: 'Re-sign a missed day of this month at the re-sign cost',
        consumes: FORM,
        body: resignEndpoint.body,
        response: envelopeResponses(resignEndpoint.response),
      },
    },
    async (request) => ok(await promo.signIn.resign(viewerOf(request), request.body.day)),
  );

  routes.post(
    giftBetEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary: "The gift promotion: the member's valid-bet turnover, the gifts, exchanges",
        consumes: FORM,
        body: giftBetEndpoint.body,
        response: envelopeResponses(giftBetEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.gifts.giftBet(request.brand, request.language, memberIdOrNull(request))),
  );

  routes.post(
    giftExchangeEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'claims' as const },
      schema: {
        tags,
        summary: 'Exchange turnover for a gift (the same idempotencyKey answers the first)',
        consumes: FORM,
        body: giftExchangeEndpoint.body,
        response: envelopeResponses(giftExchangeEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.gifts.exchangeGift(viewerOf(request), request.language, request.body)),
  );

  routes.post(
    rechargeRewardsEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "A deposit bonus's tiers and the member's deposits that may claim it",
        consumes: FORM,
        body: rechargeRewardsEndpoint.body,
        response: envelopeResponses(rechargeRewardsEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.claims.rechargeRewards(viewerOf(request), BigInt(request.body.id))),
  );

  routes.post(
    activeRulesEndpoint.path,
    {
      schema: {
        tags,
        summary: "A promotion's rules: rendered body and rules summary",
        consumes: FORM,
        body: activeRulesEndpoint.body,
        response: envelopeResponses(activeRulesEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.reads.rules(request.brand, request.language, BigInt(request.body.id))),
  );

  routes.post(
    isJoinActiveEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's state in a promotion: joined, pending, paid, limit",
        consumes: FORM,
        body: isJoinActiveEndpoint.body,
        response: envelopeResponses(isJoinActiveEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.claims.memberState(viewerOf(request), BigInt(request.body.id))),
  );

  routes.post(
    joinActiveEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'claims' as const },
      schema: {
        tags,
        summary: 'Join a deposit bonus before depositing (joining again changes nothing)',
        consumes: FORM,
        body: joinActiveEndpoint.body,
        response: envelopeResponses(joinActiveEndpoint.response),
      },
    },
    async (request) => ok(await promo.claims.join(viewerOf(request), BigInt(request.body.id))),
  );

  routes.post(
    applyDepositEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'claims' as const },
      schema: {
        tags,
        summary: 'Claim the deposit bonus of one credited deposit',
        consumes: FORM,
        body: applyDepositEndpoint.body,
        response: envelopeResponses(applyDepositEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.claims.applyDeposit(
          viewerOf(request),
          request.language,
          BigInt(request.body.id),
          request.body.orderNo,
        ),
      ),
  );

  routes.post(
    applyAloneEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'claims' as const },
      schema: {
        tags,
        summary: 'Apply to a promotion: a claim for an operator to review',
        consumes: FORM,
        body: applyAloneEndpoint.body,
        response: envelopeResponses(applyAloneEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.claims.applyAlone(
          viewerOf(request),
          request.language,
          BigInt(request.body.id),
          request.body.note,
        ),
      ),
  );

  routes.post(
    promoRecordEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's claims and gift exchanges, newest first",
        consumes: FORM,
        body: promoRecordEndpoint.body,
        response: envelopeResponses(promoRecordEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.claims.records(viewerOf(request), request.language, request.body)),
  );
}
