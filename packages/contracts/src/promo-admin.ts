import { z } from 'zod';
import { multiline } from './text.ts';
import { dateTimeSchema } from './dates.ts';
import { brandCodeSchema } from './brand.ts';
import { LANGUAGES } from './languages.ts';
import { decimalAmountSchema } from './wallet.ts';
import { pageQueryFields, pageSchema } from './withdrawal.ts';
import {
  BANNER_PLACEMENTS,
  CLAIM_STATUSES,
  EXCHANGE_STATUSES,
  PROMOTION_KINDS,
  PROMOTION_STATUSES,
  claimSchema,
  eligibilitySchema,
  giftExchangeSchema,
  promoIdSchema as idSchema,
} from './promo.ts';

/**
 * The operators' promotion calls under /admin/api/promo/ (JSON, bearer token), every change in
 * the action log: promotions, their gifts, home banners and popups, the review of claims and
 * gift exchanges. The member calls and the shapes both sides share are in promo.ts.
 */

const languageSchema = z.enum(LANGUAGES);
const localizedSchema = z
  .partialRecord(languageSchema, z.string().trim().max(200))
  .refine((text) => Object.values(text).some((value) => value && value.length > 0), {
    message: 'give the text in at least one language',
  });
const localizedBodySchema = z.partialRecord(languageSchema, multiline(z.string().max(50_000)));
/** An optional one-line text: `{}` clears it (a title must keep one language). */
const localizedOptionalSchema = z.partialRecord(languageSchema, z.string().trim().max(200));
const reasonSchema = multiline(z.string().trim().max(200)).optional();
const positiveAmountSchema = decimalAmountSchema.refine((text) => !text.startsWith('-'), 'amount');
const safeUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((url) => url === '' || /^(\/(?!\/)|https?:\/\/|data:image\/svg\+xml)/i.test(url), 'url');

export const adminPromotionSchema = z.object({
  id: z.string(),
  brand: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  category: z.string(),
  title: z.record(z.string(), z.string()),
  summary: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  imageUrl: z.string(),
  status: z.enum(PROMOTION_STATUSES),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  sort: z.number().int(),
  rules: z.record(z.string(), z.unknown()),
  eligibility: z.record(z.string(), z.unknown()),
  turnoverMultiplierPercent: z.number().int(),
  budget: z.string().nullable(),
  spent: z.string(),
  perMemberLimit: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

const promotionFields = {
  category: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,40}$/, 'category'),
  title: localizedSchema,
  summary: localizedOptionalSchema.optional(),
  body: localizedBodySchema.optional(),
  imageUrl: safeUrlSchema.optional(),
  startsAt: dateTimeSchema,
  endsAt: dateTimeSchema.nullable().optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  /** Validated by the kind's schema (PROMOTION_RULE_SCHEMAS). */
  rules: z.record(z.string(), z.unknown()).optional(),
  eligibility: eligibilitySchema.optional(),
  turnoverMultiplierPercent: z.number().int().min(0).max(10_000).optional(),
  budget: positiveAmountSchema.nullable().optional(),
  perMemberLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
};

export const adminPromotionsEndpoint = {
  method: 'GET',
  path: '/admin/api/promo/promotions',
  query: z.object({
    brand: brandCodeSchema,
    status: z.enum(PROMOTION_STATUSES).optional(),
    kind: z.enum(PROMOTION_KINDS).optional(),
  }),
  response: z.array(adminPromotionSchema),
} as const;

export const adminCreatePromotionEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/promotions',
  body: z.object({
    brand: brandCodeSchema,
    kind: z.enum(PROMOTION_KINDS),
    status: z.enum(PROMOTION_STATUSES).default('draft'),
    ...promotionFields,
    reason: reasonSchema,
  }),
  response: adminPromotionSchema,
} as const;

export const adminUpdatePromotionEndpoint = {
  method: 'PUT',
  path: '/admin/api/promo/promotions/:id',
  params: z.object({ id: idSchema }),
  body: z.object({
    category: promotionFields.category.optional(),
    title: localizedSchema.optional(),
    summary: promotionFields.summary,
    body: promotionFields.body,
    imageUrl: promotionFields.imageUrl,
    startsAt: promotionFields.startsAt.optional(),
    endsAt: promotionFields.endsAt,
    sort: promotionFields.sort,
    rules: promotionFields.rules,
    eligibility: promotionFields.eligibility,
    turnoverMultiplierPercent: promotionFields.turnoverMultiplierPercent,
    budget: promotionFields.budget,
    perMemberLimit: promotionFields.perMemberLimit,
    reason: reasonSchema,
  }),
  response: adminPromotionSchema,
} as const;

export const adminPromotionStatusEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/promotions/:id/status',
  params: z.object({ id: idSchema }),
  body: z.object({ status: z.enum(PROMOTION_STATUSES), reason: reasonSchema }),
  response: adminPromotionSchema,
} as const;

export const adminGiftSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  kind: z.enum(['cash', 'item']),
  name: z.record(z.string(), z.string()),
  imageUrl: z.string(),
  turnoverCost: z.string(),
  reward: z.string(),
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type AdminGift = z.infer<typeof adminGiftSchema>;

export const adminGiftsEndpoint = {
  method: 'GET',
  path: '/admin/api/promo/promotions/:id/gifts',
  params: z.object({ id: idSchema }),
  response: z.array(adminGiftSchema),
} as const;

const giftFields = {
  name: localizedSchema,
  imageUrl: safeUrlSchema.optional(),
  turnoverCost: positiveAmountSchema,
  reward: positiveAmountSchema.optional(),
  stock: z.number().int().min(0).max(10_000_000).nullable().optional(),
  perMemberLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  active: z.boolean().optional(),
};

export const adminCreateGiftEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/promotions/:id/gifts',
  params: z.object({ id: idSchema }),
  body: z.object({ kind: z.enum(['cash', 'item']), ...giftFields, reason: reasonSchema }),
  response: adminGiftSchema,
} as const;

export const adminUpdateGiftEndpoint = {
  method: 'PUT',
  path: '/admin/api/promo/gifts/:id',
  params: z.object({ id: idSchema }),
  body: z.object({
    name: giftFields.name.optional(),
    imageUrl: giftFields.imageUrl,
    turnoverCost: giftFields.turnoverCost.optional(),
    reward: giftFields.reward,
    stock: giftFields.stock,
    perMemberLimit: giftFields.perMemberLimit,
    sort: giftFields.sort,
    active: giftFields.active,
    reason: reasonSchema,
  }),
  response: adminGiftSchema,
} as const;

/**
 * Removes a gift from the catalogue: a gift nobody exchanged is deleted; one with exchanges
 * (the members' records point at it) is taken off the list instead (active false).
 */
export const adminDeleteGiftEndpoint = {
  method: 'DELETE',
  path: '/admin/api/promo/gifts/:id',
  params: z.object({ id: idSchema }),
  response: z.object({ deleted: z.boolean(), deactivated: z.boolean() }),
} as const;

/**
 * The body Markdown of a promotion as the member site shows it: rendered by the same renderer
 * as the member detail call (raw HTML escaped, only safe links). Changes nothing.
 */
export const adminPromoPreviewEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/preview',
  /** The brand whose member site is previewed (the operator's brand scope applies). */
  body: z.object({ brand: brandCodeSchema, markdown: multiline(z.string().max(50_000)) }),
  response: z.object({ html: z.string() }),
} as const;

export const adminBannerSchema = z.object({
  id: z.string(),
  brand: z.string(),
  placement: z.enum(BANNER_PLACEMENTS),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  imageUrl: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

const bannerFields = {
  title: localizedSchema,
  body: localizedBodySchema.optional(),
  imageUrl: safeUrlSchema.optional(),
  linkUrl: safeUrlSchema.optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  active: z.boolean().optional(),
  startsAt: dateTimeSchema.nullable().optional(),
  endsAt: dateTimeSchema.nullable().optional(),
};

export const adminBannersEndpoint = {
  method: 'GET',
  path: '/admin/api/promo/banners',
  query: z.object({ brand: brandCodeSchema }),
  response: z.array(adminBannerSchema),
} as const;

export const adminCreateBannerEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/banners',
  body: z.object({
    brand: brandCodeSchema,
    placement: z.enum(BANNER_PLACEMENTS),
    ...bannerFields,
    reason: reasonSchema,
  }),
  response: adminBannerSchema,
} as const;

export const adminUpdateBannerEndpoint = {
  method: 'PUT',
  path: '/admin/api/promo/banners/:id',
  params: z.object({ id: idSchema }),
  body: z.object({
    ...bannerFields,
    title: localizedSchema.optional(),
    reason: reasonSchema,
  }),
  response: adminBannerSchema,
} as const;

export const adminDeleteBannerEndpoint = {
  method: 'DELETE',
  path: '/admin/api/promo/banners/:id',
  params: z.object({ id: idSchema }),
  response: z.object({ deleted: z.boolean() }),
} as const;

export const adminClaimSchema = claimSchema.extend({
  brand: z.string(),
  username: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  depositAmount: z.string().nullable(),
  applicationNote: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export const adminClaimsEndpoint = {
  method: 'GET',
  path: '/admin/api/promo/claims',
  query: z.object({
    brand: brandCodeSchema,
    status: z.enum(CLAIM_STATUSES).optional(),
    ...pageQueryFields,
  }),
  response: pageSchema(adminClaimSchema),
} as const;

export const adminApproveClaimEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/claims/:id/approve',
  params: z.object({ id: idSchema }),
  body: z.object({
    /** The reward to pay (apply kind); a deposit bonus pays what its tier computed. */
    amount: positiveAmountSchema.optional(),
    note: multiline(z.string().trim().max(500)).optional(),
  }),
  response: adminClaimSchema,
} as const;

export const adminRejectClaimEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/claims/:id/reject',
  params: z.object({ id: idSchema }),
  body: z.object({ note: multiline(z.string().trim().min(1).max(500)) }),
  response: adminClaimSchema,
} as const;

export const adminExchangeSchema = giftExchangeSchema.extend({
  brand: z.string(),
  username: z.string(),
  promotionId: z.string(),
  shipping: z.record(z.string(), z.string()).nullable(),
  handledBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminExchange = z.infer<typeof adminExchangeSchema>;

export const adminExchangesEndpoint = {
  method: 'GET',
  path: '/admin/api/promo/exchanges',
  query: z.object({
    brand: brandCodeSchema,
    status: z.enum(EXCHANGE_STATUSES).optional(),
    ...pageQueryFields,
  }),
  response: pageSchema(adminExchangeSchema),
} as const;

/** Delivers an item (delivered) or turns it down (rejected: stock and turnover come back). */
export const adminHandleExchangeEndpoint = {
  method: 'POST',
  path: '/admin/api/promo/exchanges/:id/:action',
  params: z.object({ id: idSchema, action: z.enum(['deliver', 'reject']) }),
  body: z.object({ reason: reasonSchema }),
  response: adminExchangeSchema,
} as const;
