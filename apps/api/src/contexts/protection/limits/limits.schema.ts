import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The limits module's tables: its repository is the only code that reads or writes them. */

/**
 * A member's own limits (issue 15, point 1): deposit, loss and wager amounts in minor units of
 * the brand's currency over a rolling day, week or month, and daily play time in minutes. A
 * decrease (or a first limit) applies at once; an increase or a removal waits as `pending_*`
 * until 24 hours have passed and the member confirms it.
 */
export const memberLimits = pgTable(
  'member_limits',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: ['deposit', 'loss', 'wager', 'play_time'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    /** The limit in force (a row always has one). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** A raise waiting for its 24 hours and the member's confirmation; null with pendingAt: removal. */
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.kind, table.period] }),
    check('member_limits_amount', sql`${table.amount} > 0`),
    check(
      'member_limits_pending',
      sql`${table.pendingAmount} is null or ${table.pendingAmount} > 0`,
    ),
  ],
);

/**
 * What a member chose about their play besides limits: the reality-check interval (null: the
 * brand's default) and the play time counted per day of the brand's calendar.
 */
export const memberPlaySettings = pgTable('member_play_settings', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  /** Minutes between reality checks; 0: none; null: the brand's default. */
  realityCheckMinutes: integer('reality_check_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Seconds a member spent in games per day of the brand's calendar (the play-time limit). */
export const memberPlayTime = pgTable(
  'member_play_time',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    day: text('day').notNull(),
    seconds: integer('seconds').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.day] })],
);
