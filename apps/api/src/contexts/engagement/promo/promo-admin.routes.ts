import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminApproveClaimEndpoint,
  adminBannersEndpoint,
  adminClaimsEndpoint,
  adminCreateBannerEndpoint,
  adminCreateGiftEndpoint,
  adminCreatePromotionEndpoint,
  adminDeleteBannerEndpoint,
  adminDeleteGiftEndpoint,
  adminExchangesEndpoint,
  adminGiftsEndpoint,
  adminHandleExchangeEndpoint,
  adminPromoPreviewEndpoint,
  adminPromotionStatusEndpoint,
  adminPromotionsEndpoint,
  adminRejectClaimEndpoint,
  adminUpdateBannerEndpoint,
  adminUpdateGiftEndpoint,
  adminUpdatePromotionEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_BODY,
  BRAND_IN_QUERY,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { PromoService } from './promo.service.ts';
import { appError } from '../../../lib/app-error.ts';
import { PROMO_ERRORS } from './promo.errors.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const promoManage = { access: 'operator', permission: 'promo.manage' } as const;
const tags = ['operator'];

/**
 * The back office's promotions: promotions and their rules, gifts, banners and popup notices,
 * the claims review queue and item deliveries. Every change is in the action log.
 */
export async function promoAdminRoutes(app: FastifyInstance, options: { promo: PromoService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { promo } = options;
  const promotionInScope = recordBrand('id', promo.brandOf.promotion, () =>
    appError(PROMO_ERRORS, 'promotion_not_found'),
  );
  const giftInScope = recordBrand('id', promo.brandOf.gift, () =>
    appError(PROMO_ERRORS, 'gift_not_found'),
  );
  const bannerInScope = recordBrand('id', promo.brandOf.banner, () =>
    appError(PROMO_ERRORS, 'banner_not_found'),
  );
  const claimInScope = recordBrand('id', promo.brandOf.claim, () =>
    appError(PROMO_ERRORS, 'claim_not_found'),
  );
  const exchangeInScope = recordBrand('id', promo.brandOf.exchange, () =>
    appError(PROMO_ERRORS, 'exchange_not_found'),
  );

  routes.get(
    adminPromotionsEndpoint.path,
    {
      config: { ...promoManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's promotions in every status",
        querystring: adminPromotionsEndpoint.query,
        response: envelopeResponses(adminPromotionsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      const { brand, ...filter } = request.query;
      return ok(await promo.admin.operatorPromotions(brand, filter));
    },
  );

  routes.post(
    adminCreatePromotionEndpoint.path,
    {
      config: { ...promoManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary: 'Create a promotion; its rules are validated for its kind (action logged)',
        body: adminCreatePromotionEndpoint.body,
        response: envelopeResponses(adminCreatePromotionEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(
        await promo.admin.createPromotion(operatorOf(request), input, { ip: request.ip, reason }),
      );
    },
  );

  routes.put(
    adminUpdatePromotionEndpoint.path,
    {
      config: { ...promoManage, brand: promotionInScope },
      schema: {
        tags,
        summary: 'Change a promotion (action logged)',
        params: adminUpdatePromotionEndpoint.params,
        body: adminUpdatePromotionEndpoint.body,
        response: envelopeResponses(adminUpdatePromotionEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(
        await promo.admin.updatePromotion(operatorOf(request), request.params.id, input, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.post(
    adminPromotionStatusEndpoint.path,
    {
      config: { ...promoManage, brand: promotionInScope },
      schema: {
        tags,
        summary: 'Activate, pause or end a promotion (action logged)',
        params: adminPromotionStatusEndpoint.params,
        body: adminPromotionStatusEndpoint.body,
        response: envelopeResponses(adminPromotionStatusEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.admin.changePromotionStatus(
          operatorOf(request),
          request.params.id,
          request.body.status,
          { ip: request.ip, reason: request.body.reason },
        ),
      ),
  );

  routes.get(
    adminGiftsEndpoint.path,
    {
      config: { ...promoManage, brand: promotionInScope },
      schema: {
        tags,
        summary: "A gift promotion's gifts, active or not",
        params: adminGiftsEndpoint.params,
        response: envelopeResponses(adminGiftsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await promo.admin.operatorGifts(request.params.id));
    },
  );

  routes.post(
    adminCreateGiftEndpoint.path,
    {
      config: { ...promoManage, brand: promotionInScope },
      schema: {
        tags,
        summary: 'Add a gift to a gift promotion (action logged)',
        params: adminCreateGiftEndpoint.params,
        body: adminCreateGiftEndpoint.body,
        response: envelopeResponses(adminCreateGiftEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(
        await promo.admin.createGift(operatorOf(request), request.params.id, input, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.put(
    adminUpdateGiftEndpoint.path,
    {
      config: { ...promoManage, brand: giftInScope },
      schema: {
        tags,
        summary: 'Change a gift; active false takes it off the list (action logged)',
        params: adminUpdateGiftEndpoint.params,
        body: adminUpdateGiftEndpoint.body,
        response: envelopeResponses(adminUpdateGiftEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(
        await promo.admin.updateGift(operatorOf(request), request.params.id, input, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.delete(
    adminDeleteGiftEndpoint.path,
    {
      config: { ...promoManage, brand: giftInScope },
      schema: {
        tags,
        summary:
          'Remove a gift: deleted when never exchanged, otherwise taken off the list (action logged)',
        params: adminDeleteGiftEndpoint.params,
        response: envelopeResponses(adminDeleteGiftEndpoint.response),
      },
    },
    async (request) =>
      ok(await promo.admin.deleteGift(operatorOf(request), request.params.id, { ip: request.ip })),
  );

  routes.post(
    adminPromoPreviewEndpoint.path,
    {
      config: { ...promoManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary: "A promotion body's Markdown rendered as the member site shows it",
        body: adminPromoPreviewEndpoint.body,
        response: envelopeResponses(adminPromoPreviewEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(promo.admin.previewMarkdown(request.body.brand, request.body.markdown));
    },
  );

  routes.get(
    adminBannersEndpoint.path,
    {
      config: { ...promoManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's home banners and popup notices",
        querystring: adminBannersEndpoint.query,
        response: envelopeResponses(adminBannersEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await promo.admin.operatorBanners(request.query.brand));
    },
  );

  routes.post(
    adminCreateBannerEndpoint.path,
    {
      config: { ...promoManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary: 'Add a home banner or popup notice (action logged)',
        body: adminCreateBannerEndpoint.body,
        response: envelopeResponses(adminCreateBannerEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(
        await promo.admin.createBanner(operatorOf(request), input, { ip: request.ip, reason }),
      );
    },
  );

  routes.put(
    adminUpdateBannerEndpoint.path,
    {
      config: { ...promoManage, brand: bannerInScope },
      schema: {
        tags,
        summary: 'Change a banner or notice (action logged)',
        params: adminUpdateBannerEndpoint.params,
        body: adminUpdateBannerEndpoint.body,
        response: envelopeResponses(adminUpdateBannerEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(
        await promo.admin.updateBanner(operatorOf(request), request.params.id, input, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.delete(
    adminDeleteBannerEndpoint.path,
    {
      config: { ...promoManage, brand: bannerInScope },
      schema: {
        tags,
        summary: 'Delete a banner or notice (action logged)',
        params: adminDeleteBannerEndpoint.params,
        response: envelopeResponses(adminDeleteBannerEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.admin.deleteBanner(operatorOf(request), request.params.id, { ip: request.ip }),
      ),
  );

  routes.get(
    adminClaimsEndpoint.path,
    {
      config: { ...promoManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: 'Promotion claims of a brand, oldest first (the review queue with status pending)',
        querystring: adminClaimsEndpoint.query,
        response: envelopeResponses(adminClaimsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await promo.review.operatorClaims(request.query));
    },
  );

  routes.post(
    adminApproveClaimEndpoint.path,
    {
      config: { ...promoManage, brand: claimInScope },
      schema: {
        tags,
        summary: 'Approve a pending claim and pay it through the ledger (action logged)',
        params: adminApproveClaimEndpoint.params,
        body: adminApproveClaimEndpoint.body,
        response: envelopeResponses(adminApproveClaimEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.review.approveClaim(operatorOf(request), request.params.id, request.body, {
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminRejectClaimEndpoint.path,
    {
      config: { ...promoManage, brand: claimInScope },
      schema: {
        tags,
        summary: 'Reject a pending claim with a note (action logged)',
        params: adminRejectClaimEndpoint.params,
        body: adminRejectClaimEndpoint.body,
        response: envelopeResponses(adminRejectClaimEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.review.rejectClaim(operatorOf(request), request.params.id, request.body.note, {
          ip: request.ip,
        }),
      ),
  );

  routes.get(
    adminExchangesEndpoint.path,
    {
      config: { ...promoManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: 'Gift exchanges of a brand, oldest first (pending_delivery: items to ship)',
        querystring: adminExchangesEndpoint.query,
        response: envelopeResponses(adminExchangesEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await promo.review.operatorExchanges(request.query));
    },
  );

  routes.post(
    adminHandleExchangeEndpoint.path,
    {
      config: { ...promoManage, brand: exchangeInScope },
      schema: {
        tags,
        summary: 'Deliver an item exchange, or reject it and restore stock and turnover',
        params: adminHandleExchangeEndpoint.params,
        body: adminHandleExchangeEndpoint.body,
        response: envelopeResponses(adminHandleExchangeEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await promo.review.handleExchange(
          operatorOf(request),
          request.params.id,
          request.params.action,
          {
            ip: request.ip,
            reason: request.body.reason,
          },
        ),
      ),
  );
}
