import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The bet-records module's tables: its repository is the only code that reads or writes them. */

/**
 * Settled rounds pulled from the platforms; a round id appears once per platform. Partitioned by
 * month of `settled_at` (decision 0029), so the unique index holds it: a round's settled time is
 * the platform's and does not change, and insertNewBetRecords also skips a round already recorded
 * under another time.
 */
export const gameBetRecords = pgTable(
  'game_bet_records',
  {
    platformId: integer('platform_id').notNull(),
    roundId: text('round_id').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameCode: text('game_code').notNull(),
    category: integer('category').notNull(),
    currency: text('currency').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_bet_records_round').on(table.platformId, table.roundId, table.settledAt),
    index('game_bet_records_member').on(table.memberId, table.settledAt),
    // The VIP upgrade sweep reads what arrived since its cursor; rebates and commission read a
    // brand's day or month of settled rounds.
    index('game_bet_records_synced').on(table.syncedAt),
    index('game_bet_records_brand_settled').on(table.brandCode, table.settledAt),
  ],
);
