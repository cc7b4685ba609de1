import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The reports module's rollups (decision 0022): one row per brand and day (the brand's time
 * zone), per brand, day and game, and per brand, day and member. Only the rollup sweep writes
 * them, a whole day at a time (delete and insert in one transaction); the reports read only them.
 * Money in minor units of the brand's currency.
 */

export const reportDays = pgTable(
  'report_days',
  {
    brandCode: text('brand_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    registrations: integer('registrations').notNull().default(0),
    ftdCount: integer('ftd_count').notNull().default(0),
    ftdMinor: bigint('ftd_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    withdrawalMinor: bigint('withdrawal_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
    betMinor: bigint('bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rounds: bigint('rounds', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rebateMinor: bigint('rebate_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    commissionMinor: bigint('commission_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    activeMembers: integer('active_members').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'report_days_pk', columns: [table.brandCode, table.day] })],
);

export const reportGameDays = pgTable(
  'report_game_days',
  {
    brandCode: text('brand_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    platformId: integer('platform_id').notNull(),
    gameCode: text('game_code').notNull(),
    category: integer('category').notNull(),
    currency: text('currency').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    rounds: bigint('rounds', { mode: 'bigint' }).notNull(),
    /** Distinct members that day. */
    players: integer('players').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'report_game_days_pk',
      columns: [table.brandCode, table.day, table.platformId, table.gameCode, table.category],
    }),
  ],
);

export const reportMemberDays = pgTable(
  'report_member_days',
  {
    brandCode: text('brand_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    /** The member's agent (referrer) when the day was computed. */
    agentId: bigint('agent_id', { mode: 'bigint' }),
    currency: text('currency').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rounds: integer('rounds').notNull().default(0),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    /** The member's first deposit ever, when it fell on this day. */
    ftdMinor: bigint('ftd_minor', { mode: 'bigint' }),
    withdrawalMinor: bigint('withdrawal_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rebateMinor: bigint('rebate_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    commissionMinor: bigint('commission_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    primaryKey({
      name: 'report_member_days_pk',
      columns: [table.brandCode, table.day, table.memberId],
    }),
    index('report_member_days_member').on(table.memberId, table.day),
    index('report_member_days_agent')
      .on(table.brandCode, table.agentId, table.day)
      .where(sql`${table.agentId} is not null`),
    index('report_member_days_deposits')
      .on(table.memberId, table.day)
      .where(sql`${table.depositCount} > 0`),
  ],
);
