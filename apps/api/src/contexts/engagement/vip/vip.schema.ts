import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The vip module's tables: its repository is the only code that reads or writes them. */

/**
 * VIP levels 0-30 of a brand: thresholds (cumulative deposit and valid turnover, both must be
 * met) and privileges. Rebate rates are basis points per game category code ("2".."8").
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    brandCode: text('brand_code').notNull(),
    level: integer('level').notNull(),
    depositThresholdMinor: bigint('deposit_threshold_minor', { mode: 'bigint' }).notNull(),
    turnoverThresholdMinor: bigint('turnover_threshold_minor', { mode: 'bigint' }).notNull(),
    upgradeBonusMinor: bigint('upgrade_bonus_minor', { mode: 'bigint' }).notNull(),
    monthlyBonusMinor: bigint('monthly_bonus_minor', { mode: 'bigint' }).notNull(),
    rebateRatesBp: jsonb('rebate_rates_bp').$type<Record<string, number>>().notNull(),
    withdrawDailyCount: integer('withdraw_daily_count').notNull(),
    withdrawDailyMaxMinor: bigint('withdraw_daily_max_minor', { mode: 'bigint' }).notNull(),
    /** Turnover the level's bonuses add to the withdrawal condition, in percent of them. */
    bonusTurnoverMultiplierPercent: integer('bonus_turnover_multiplier_percent')
      .notNull()
      .default(100),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_levels_key').on(table.brandCode, table.level),
    check('vip_levels_range', sql`${table.level} between 0 and 30`),
  ],
);

/** A member's VIP level; absent means level 0. Levels only go up. */
export const memberVips = pgTable('member_vips', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  brandCode: text('brand_code').notNull(),
  level: integer('level').notNull(),
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * VIP money paid: an upgrade bonus once per level (period ''), a monthly bonus once per month
 * (period 'YYYY-MM'), a rebate once per day (period 'YYYY-MM-DD', level = the level whose rates
 * applied, breakdown per category); days and months are the brand's time zone's. The unique key
 * makes a re-run pay nothing.
 */
export const vipRewards = pgTable(
  'vip_rewards',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: ['upgrade', 'monthly', 'rebate'] }).notNull(),
    level: integer('level').notNull(),
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** For a rebate: per category, the valid bets, the rate applied and the amount. */
    breakdown: jsonb('breakdown').$type<Record<string, unknown>>().notNull().default({}),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_rewards_key').on(table.memberId, table.kind, table.level, table.period),
    index('vip_rewards_member').on(table.memberId, table.createdAt),
  ],
);
