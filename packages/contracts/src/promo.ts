import { z } from 'zod';
import { multiline } from './text.ts';
import { DAY_IN_RANGE_PATTERN } from './dates.ts';
import { pageQueryFields, pageSchema } from './withdrawal.ts';

/**
 * Promotions (activities) of the engagement issue: data an operator configures (kind, tab,
 * localized texts, dates, rules per kind, eligibility, budget, limits), not code per campaign.
 * Member calls sit under /api/findmed/v1/promo/ (form-urlencoded bodies); operator calls under
 * /admin/api/promo/ take JSON (promo-admin.ts). Money in `rules` is in minor units of the brand's
 * currency (as the database keeps it); every other amount on the wire is a decimal string.
 */

export const PROMOTION_KINDS = ['deposit_bonus', 'apply', 'sign_in', 'gift', 'display'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export const CLAIM_STATUSES = ['joined', 'pending', 'paid', 'rejected'] as const;
export const EXCHANGE_STATUSES = ['paid', 'pending_delivery', 'delivered', 'rejected'] as const;
export const BANNER_PLACEMENTS = ['home_top', 'popup'] as const;

/** A database id on the wire: decimal digits (ids are bigint). */
export const promoIdSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');
/** A whole amount of minor units inside rules (safe integers: jsonb keeps them as numbers). */
const minorSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A calendar day, YYYY-MM-DD. */
export const promoDaySchema = z
  .string()
  .regex(DAY_IN_RANGE_PATTERN, 'day: YYYY-MM-DD, 2000 to 2100');

// ---------------------------------------------------------------------------------------------
// Rules per kind (operator input, stored in promotions.rules).

export const depositBonusTierSchema = z.object({
  /** The smallest deposit the tier applies to. */
  minDepositMinor: minorSchema,
  /** Bonus in percent of the deposit (100 = as much again). */
  percent: z.number().int().min(1).max(1000),
  /** The most the tier pays. */
  maxBonusMinor: minorSchema.min(1),
});
export type DepositBonusTier = z.infer<typeof depositBonusTierSchema>;

export const depositBonusRulesSchema = z.object({
  tiers: z
    .array(depositBonusTierSchema)
    .min(1)
    .max(20)
    .refine(
      (tiers) => new Set(tiers.map((tier) => tier.minDepositMinor)).size === tiers.length,
      'tiers: each minimum deposit once',
    ),
  /** The member must join before depositing; only deposits after joining qualify. */
  requiresJoin: z.boolean().default(false),
  /** A credited deposit may be claimed within this many hours of its order. */
  claimWithinHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(72),
  /** Pay at once; otherwise the claim waits for an operator. */
  autoApprove: z.boolean().default(true),
});
export type DepositBonusRules = z.infer<typeof depositBonusRulesSchema>;

export const applyRulesSchema = z.object({
  /** What an operator's approval pays when it gives no amount; 0 means it must give one. */
  defaultRewardMinor: minorSchema.default(0),
});
export type ApplyRules = z.infer<typeof applyRulesSchema>;

export const signInRulesSchema = z.object({
  /** Reward for day 1, 2, ... of a streak; the last one repeats for longer streaks. */
  streakRewardsMinor: z.array(minorSchema).min(1).max(31),
  /** What re-signing a missed day costs, taken from the wallet. */
  resignCostMinor: minorSchema.default(0),
  /** How many past days (of the current month) may be re-signed; 0 turns re-signing off. */
  resignDaysBack: z.number().int().min(0).max(30).default(7),
});
export type SignInRules = z.infer<typeof signInRulesSchema>;

export const giftRulesSchema = z.object({}).strict();
export const displayRulesSchema = z.object({}).strict();

/** The rules schema of each kind: the service validates `rules` with it on every write. */
export const PROMOTION_RULE_SCHEMAS = {
  deposit_bonus: depositBonusRulesSchema,
  apply: applyRulesSchema,
  sign_in: signInRulesSchema,
  gift: giftRulesSchema,
  display: displayRulesSchema,
} as const;

export const eligibilitySchema = z
  .object({
    /** Only members registered within this many days. */
    newMembersWithinDays: z.number().int().min(1).max(3650).optional(),
    /** Only members at this VIP level or above. */
    minVipLevel: z.number().int().min(0).max(30).optional(),
  })
  .strict();
export type PromotionEligibility = z.infer<typeof eligibilitySchema>;

// ---------------------------------------------------------------------------------------------
// Member calls.

export const promotionSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  category: z.string(),
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

/** The rules in words a screen can show: only the fields of the promotion's kind are set. */
export const promotionRulesViewSchema = z.object({
  tiers: z
    .array(z.object({ minDeposit: z.string(), percent: z.number(), maxBonus: z.string() }))
    .optional(),
  requiresJoin: z.boolean().optional(),
  claimWithinHours: z.number().optional(),
  autoApprove: z.boolean().optional(),
  streakRewards: z.array(z.string()).optional(),
  resignCost: z.string().optional(),
  resignDaysBack: z.number().optional(),
  turnoverMultiplierPercent: z.number(),
  perMemberLimit: z.number().nullable(),
  newMembersWithinDays: z.number().optional(),
  minVipLevel: z.number().optional(),
});
export type PromotionRulesView = z.infer<typeof promotionRulesViewSchema>;

/** The member's part in a promotion; null for guests. */
export const promotionMemberStateSchema = z.object({
  eligible: z.boolean(),
  /** Joined and waiting for a qualifying deposit (deposit bonus with requiresJoin). */
  joined: z.boolean(),
  /** Claims waiting for an operator. */
  pending: z.number().int(),
  /** Rewards received. */
  paid: z.number().int(),
  /** The per-member limit is used up. */
  limitReached: z.boolean(),
});
export type PromotionMemberState = z.infer<typeof promotionMemberStateSchema>;

export const promotionDetailSchema = promotionSummarySchema.extend({
  /** The body Markdown rendered by the server (no raw HTML, only safe links). */
  html: z.string(),
  rules: promotionRulesViewSchema,
  member: promotionMemberStateSchema.nullable(),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

/** GET flags: which entrances are live for the brand, and for a member the day's state. */
export const promoFlagsEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/promo/flags',
  response: z.object({
    signIn: z.boolean(),
    gifts: z.boolean(),
    depositBonus: z.boolean(),
    /** Null for guests. */
    signedToday: z.boolean().nullable(),
    /** The member's claims waiting for review; null for guests. */
    pendingClaims: z.number().int().nullable(),
  }),
} as const;

export const promoListEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/promo/list',
  query: z.object({
    category: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{1,40}$/, 'category')
      .optional(),
    ...pageQueryFields,
  }),
  response: pageSchema(promotionSummarySchema),
} as const;

export const promoDetailEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/promo/detail',
  query: z.object({ id: promoIdSchema }),
  response: promotionDetailSchema,
} as const;

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type PromoBanner = z.infer<typeof bannerSchema>;

/** GET topCover: the home banners and the popup notices, both active and in their window. */
export const promoTopCoverEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/promo/topCover',
  response: z.object({ banners: z.array(bannerSchema), notices: z.array(bannerSchema) }),
} as const;

/** GET secondNav: the category tabs that have live promotions, with localized labels. */
export const promoSecondNavEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/promo/secondNav',
  response: z.array(z.object({ category: z.string(), label: z.string(), count: z.number() })),
} as const;

export const signDaySchema = z.object({
  day: z.string(),
  kind: z.enum(['sign', 'resign']),
  streak: z.number().int(),
  reward: z.string(),
});

export const signInfoSchema = z.object({
  promotionId: z.string(),
  title: z.string(),
  /** Today in the brand's time zone (`settings.timeZone`), YYYY-MM-DD. */
  today: z.string(),
  streakRewards: z.array(z.string()),
  resignCost: z.string(),
  /** The member's signed days of the current month (empty for guests). */
  days: z.array(signDaySchema),
  signedToday: z.boolean(),
  /** Consecutive days ending today (or yesterday when today is not signed yet). */
  streak: z.number().int(),
  /** What signing today pays (the next streak day's reward). */
  nextReward: z.string(),
  /** Missed days of this month that may be re-signed now. */
  resignableDays: z.array(z.string()),
});
export type SignInfo = z.infer<typeof signInfoSchema>;

export const signInfoEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/promo/sign/info',
  response: signInfoSchema,
} as const;

export const signResultSchema = signDaySchema.extend({ cost: z.string(), balance: z.string() });
export type SignResult = z.infer<typeof signResultSchema>;

export const signEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/sign',
  body: z.object({}),
  response: signResultSchema,
} as const;

export const resignEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/resign',
  body: z.object({ day: promoDaySchema }),
  response: signResultSchema,
} as const;

export const giftSchema = z.object({
  id: z.string(),
  kind: z.enum(['cash', 'item']),
  name: z.string(),
  imageUrl: z.string(),
  turnoverCost: z.string(),
  /** What a cash gift pays into the wallet ("0.00" for items). */
  reward: z.string(),
  /** Left in stock; null is unlimited. */
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  /** How many the member exchanged (0 for guests). */
  exchanged: z.number().int(),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftExchangeSchema = z.object({
  id: z.string(),
  giftId: z.string(),
  giftName: z.string(),
  kind: z.enum(['cash', 'item']),
  status: z.enum(EXCHANGE_STATUSES),
  turnoverCost: z.string(),
  reward: z.string(),
  createdAt: z.string(),
});
export type GiftExchange = z.infer<typeof giftExchangeSchema>;

/** POST giftexchange/bet: the member's turnover in the live gift promotion, and its gifts. */
export const giftBetEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/giftexchange/bet',
  body: z.object({}),
  response: z.object({
    promotionId: z.string(),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    /** Valid bets since the promotion started. */
    turnover: z.string(),
    /** Turnover already used by exchanges (rejected item exchanges give it back). */
    used: z.string(),
    available: z.string(),
    gifts: z.array(giftSchema),
    exchanges: z.array(giftExchangeSchema),
  }),
} as const;

const shippingText = (max: number) => z.string().trim().min(1).max(max);

export const giftExchangeEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/giftexchange',
  body: z.object({
    giftId: promoIdSchema,
    /** The client's key: the same key answers the first exchange again. */
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey'),
    name: shippingText(40).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 -]{5,20}$/, 'phone')
      .optional(),
    address: shippingText(200).optional(),
  }),
  response: giftExchangeSchema,
} as const;

const promotionIdBody = z.object({ id: promoIdSchema });

export const depositBonusDepositSchema = z.object({
  orderNo: z.string(),
  amount: z.string(),
  createdAt: z.string(),
  /** What claiming it would pay now (0 when it does not qualify). */
  bonus: z.string(),
  /** Claimable now. */
  claimable: z.boolean(),
  /** Claimed already (by this or no other promotion). */
  claimed: z.boolean(),
});
export type DepositBonusDeposit = z.infer<typeof depositBonusDepositSchema>;

/** POST active/recharge/rewards: the tiers and the member's qualifying deposits. */
export const rechargeRewardsEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/active/recharge/rewards',
  body: promotionIdBody,
  response: z.object({
    tiers: z.array(z.object({ minDeposit: z.string(), percent: z.number(), maxBonus: z.string() })),
    requiresJoin: z.boolean(),
    joined: z.boolean(),
    claimWithinHours: z.number(),
    deposits: z.array(depositBonusDepositSchema),
  }),
} as const;

export const activeRulesEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/active/rules',
  body: promotionIdBody,
  response: z.object({ id: z.string(), html: z.string(), rules: promotionRulesViewSchema }),
} as const;

export const isJoinActiveEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/active/isJoinActive',
  body: promotionIdBody,
  response: promotionMemberStateSchema,
} as const;

export const joinActiveEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/active/join',
  body: promotionIdBody,
  response: promotionMemberStateSchema,
} as const;

export const claimSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  status: z.enum(CLAIM_STATUSES),
  depositOrderNo: z.string().nullable(),
  reward: z.string(),
  turnover: z.string(),
  createdAt: z.string(),
});
export type PromotionClaim = z.infer<typeof claimSchema>;

export const applyDepositEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/active/apply/depositActive',
  body: z.object({
    id: promoIdSchema,
    orderNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{4,64}$/),
  }),
  response: claimSchema,
} as const;

export const applyAloneEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/active/apply/aloneActive',
  body: z.object({ id: promoIdSchema, note: multiline(z.string().trim().max(500)).default('') }),
  response: claimSchema,
} as const;

export const promoRecordSchema = z.object({
  type: z.enum(['claim', 'exchange']),
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  status: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type PromoRecord = z.infer<typeof promoRecordSchema>;

export const promoRecordEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/promo/active/record',
  body: z.object(pageQueryFields),
  response: pageSchema(promoRecordSchema),
} as const;
