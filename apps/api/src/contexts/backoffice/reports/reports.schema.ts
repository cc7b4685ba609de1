import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
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
    // Covering (index-only) reads of what a period's sums cannot give: distinct active members
    // (the dashboard), distinct active members per agent, and per-member sums (top players).
    index('report_member_days_active')
      .on(table.brandCode, table.day, table.memberId, table.currency)
      .where(sql`${table.rounds} > 0 or ${table.depositCount} > 0`),
    index('report_member_days_agent')
      .on(table.brandCode, table.agentId, table.day, table.memberId)
      .where(
        sql`${table.agentId} is not null and (${table.rounds} > 0 or ${table.depositCount} > 0)`,
      ),
    index('report_member_days_players')
      .on(
        table.brandCode,
        table.day,
        table.memberId,
        table.currency,
        table.betMinor,
        table.payoutMinor,
        table.validBetMinor,
        table.rounds,
      )
      .where(sql`${table.rounds} > 0`),
    index('report_member_days_deposits')
      .on(table.memberId, table.day)
      .where(sql`${table.depositCount} > 0`),
  ],
);

/**
 * Per brand, day and agent: the day's figures of the agent's downline (members whose agent it
 * was that day) and the commission the agent was paid. Additive over days; the sweep derives it
 * from `report_member_days` with the day.
 */
export const reportAgentDays = pgTable(
  'report_agent_days',
  {
    brandCode: text('brand_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    ggrMinor: bigint('ggr_minor', { mode: 'bigint' }).notNull(),
    commissionMinor: bigint('commission_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'report_agent_days_pk',
      columns: [table.brandCode, table.day, table.agentId],
    }),
  ],
);

/**
 * Registration cohorts: per brand, day of registration (the brand's zone) and week of activity
 * (its Monday), the distinct members of that registration day active (a round or a deposit) and
 * depositing in that week. Members register on one day, so the counts add up over registration
 * days into weeks of registration. The sweep recomputes the week of every day it recomputes.
 */
export const reportCohortWeeks = pgTable(
  'report_cohort_weeks',
  {
    brandCode: text('brand_code').notNull(),
    registeredOn: date('registered_on', { mode: 'string' }).notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    active: integer('active').notNull(),
    depositing: integer('depositing').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'report_cohort_weeks_pk',
      columns: [table.brandCode, table.registeredOn, table.week],
    }),
    index('report_cohort_weeks_week').on(table.brandCode, table.week),
  ],
);

/**
 * Per brand, month (its first day) and member: the days of the month the member was active (a
 * round or a deposit) as bits (bit 0 = the 1st). Distinct active members over any period read
 * one row per member and month instead of one per member and day. The sweep clears and sets the
 * bit of every day it recomputes.
 */
export const reportMemberMonths = pgTable(
  'report_member_months',
  {
    brandCode: text('brand_code').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    activeDays: integer('active_days').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'report_member_months_pk',
      columns: [table.brandCode, table.month, table.memberId],
    }),
  ],
);

/**
 * Answers kept for the periods operators open most (decision 0022): per brand and span of its
 * days (the 7 and 30 days ending today and the spans before them), the distinct active members
 * and the top winners and losers (REPORT_PLAYERS_MAX_LIMIT each, by net win, as
 * `{member_id, bet_minor, valid_bet_minor, payout_minor, rounds}` with the figures as text).
 * Neither adds up over days, so the rollups alone cannot answer them fast at size. The sweep
 * rewrites a span when a day in it was recomputed and deletes spans no longer asked for; a
 * read uses a row only for the exact span, else computes from the rollups.
 */
export const reportSpanFacts = pgTable(
  'report_span_facts',
  {
    brandCode: text('brand_code').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    activeMembers: integer('active_members').notNull(),
    winners: jsonb('winners').notNull(),
    losers: jsonb('losers').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'report_span_facts_pk',
      columns: [table.brandCode, table.fromDay, table.toDay],
    }),
  ],
);
