import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dateInRange } from '../../../db/columns.ts';
import { members } from '../../identity/member/member.schema.ts';

/** The promo module's tables: its repository is the only code that reads or writes them. */

/** Text an operator writes in each language the brand may show ('zh-CN', 'zh-TW', 'en'). */
type LocalizedText = Partial<Record<'zh-CN' | 'zh-TW' | 'en', string>>;

/**
 * Promotions (engagement issue): data an operator configures, not code per campaign. `kind`
 * says which rules apply: deposit_bonus (tiers on a qualifying deposit, optionally after
 * joining), apply (the member applies, an operator reviews and sets or confirms the reward),
 * sign_in (daily sign-in streak rewards and re-sign cost), gift (gift exchange against valid
 * bets in the promotion's period), display (information only). `rules` holds the kind's
 * settings as validated by the promo contracts; money in it is minor units.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    kind: text('kind', {
      enum: ['deposit_bonus', 'apply', 'sign_in', 'gift', 'display'],
    }).notNull(),
    /** The tab it is listed under (secondNav), e.g. 'new', 'deposit', 'daily', 'vip'. */
    category: text('category').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull().default({}),
    /** The rules and details page, Markdown rendered safely like the help centre. */
    body: jsonb('body').$type<LocalizedText>().notNull().default({}),
    imageUrl: text('image_url').notNull().default(''),
    status: text('status', { enum: ['draft', 'active', 'paused', 'ended'] })
      .notNull()
      .default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
    /** Who may take part: minimum VIP level, registered within days, new members only, ... */
    eligibility: jsonb('eligibility').$type<Record<string, unknown>>().notNull().default({}),
    /** Turnover a reward adds to the withdrawal condition, in percent of it (100 = 1x). */
    turnoverMultiplierPercent: integer('turnover_multiplier_percent').notNull().default(100),
    /** Total the promotion may pay; null is unlimited. spent_minor counts what it paid. */
    budgetMinor: bigint('budget_minor', { mode: 'bigint' }),
    spentMinor: bigint('spent_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Rewards one member may receive from it; null is unlimited. */
    perMemberLimit: integer('per_member_limit'),
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promotions_brand').on(table.brandCode, table.status, table.sort),
    check(
      'promotions_budget',
      sql`${table.budgetMinor} is null or ${table.spentMinor} <= ${table.budgetMinor}`,
    ),
    // The contracts' date range (packages/contracts/src/dates.ts), so no row can hold a date
    // that the drivers cannot read back.
    check('promotions_starts_at_range', dateInRange(table.startsAt)),
    check('promotions_ends_at_range', sql`${table.endsAt} is null or ${dateInRange(table.endsAt)}`),
  ],
);

/**
 * A member's part in a promotion: joined (waiting for a qualifying deposit), pending review,
 * approved and paid, or rejected. A deposit claims a deposit bonus once (deposit_order_no).
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    status: text('status', { enum: ['joined', 'pending', 'paid', 'rejected'] }).notNull(),
    depositOrderNo: text('deposit_order_no'),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    turnoverMinor: bigint('turnover_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What the member wrote when applying (apply kind). */
    applicationNote: text('application_note'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('promotion_claims_member').on(table.memberId, table.createdAt),
    index('promotion_claims_review').on(table.brandCode, table.status, table.createdAt),
    uniqueIndex('promotion_claims_deposit')
      .on(table.promotionId, table.depositOrderNo)
      .where(sql`${table.depositOrderNo} is not null`),
    // One open claim (joined or pending) per member and promotion at a time.
    uniqueIndex('promotion_claims_open')
      .on(table.promotionId, table.memberId)
      .where(sql`${table.status} in ('joined', 'pending')`),
  ],
);

/**
 * Days a member signed in (or re-signed at a cost) for a sign_in promotion: days of the brand's
 * time zone.
 */
export const signInDays = pgTable(
  'sign_in_days',
  {
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['sign', 'resign'] }).notNull(),
    /** Consecutive days ending with this one, as counted when it was signed. */
    streak: integer('streak').notNull(),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    currency: text('currency').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sign_in_days_key').on(table.promotionId, table.memberId, table.day),
    // A member's sign-ins across promotions (the member 360 view's rewards).
    index('sign_in_days_member').on(table.memberId, table.createdAt),
  ],
);

/** Gifts of a gift promotion, bought with valid-bet turnover: cash (paid to the wallet) or items. */
export const promotionGifts = pgTable(
  'promotion_gifts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    kind: text('kind', { enum: ['cash', 'item'] }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull().default(''),
    /** Valid-bet turnover one exchange uses up. */
    turnoverCostMinor: bigint('turnover_cost_minor', { mode: 'bigint' }).notNull(),
    /** For cash gifts, what the wallet receives. */
    rewardMinor: bigint('reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Items left; null is unlimited. */
    stock: integer('stock'),
    perMemberLimit: integer('per_member_limit'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('promotion_gifts_promotion').on(table.promotionId, table.sort),
    check('promotion_gifts_stock', sql`${table.stock} is null or ${table.stock} >= 0`),
  ],
);

export const giftExchanges = pgTable(
  'gift_exchanges',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    giftId: bigint('gift_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotionGifts.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    idempotencyKey: text('idempotency_key').notNull(),
    turnoverCostMinor: bigint('turnover_cost_minor', { mode: 'bigint' }).notNull(),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['paid', 'pending_delivery', 'delivered', 'rejected'],
    }).notNull(),
    /** Where an item goes: name, phone, address. */
    shipping: jsonb('shipping').$type<Record<string, string>>(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    handledBy: text('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_exchanges_key').on(table.memberId, table.idempotencyKey),
    index('gift_exchanges_member').on(table.memberId, table.promotionId),
  ],
);

/** Home banners (topCover) and the daily do-not-show-again notice ('popup'). */
export const promoBanners = pgTable(
  'promo_banners',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    placement: text('placement', { enum: ['home_top', 'popup'] }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** The popup notice's text; a banner's alternative text. */
    body: jsonb('body').$type<LocalizedText>().notNull().default({}),
    imageUrl: text('image_url').notNull().default(''),
    /** Where a click goes: a site path (/activity/list/3) or an http(s) address. */
    linkUrl: text('link_url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promo_banners_brand').on(table.brandCode, table.placement, table.sort),
    check(
      'promo_banners_starts_at_range',
      sql`${table.startsAt} is null or ${dateInRange(table.startsAt)}`,
    ),
    check(
      'promo_banners_ends_at_range',
      sql`${table.endsAt} is null or ${dateInRange(table.endsAt)}`,
    ),
  ],
);
