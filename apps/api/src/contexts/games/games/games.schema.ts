import {
  bigint,
  boolean,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The games module's tables: its repository is the only code that reads or writes them. */

/** The operator's switches per game platform (the catalog itself is @lobby/game-protocol). */
export const gamePlatformSettings = pgTable('game_platform_settings', {
  platformId: integer('platform_id').primaryKey(),
  maintenance: boolean('maintenance').notNull().default(false),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's player account at a platform, created on first use. */
export const gamePlayers = pgTable(
  'game_players',
  {
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    platformId: integer('platform_id').notNull(),
    /** The name the platform knows: `${brandCode}_${memberId}`. */
    player: text('player').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_players_member').on(table.memberId, table.platformId),
    uniqueIndex('game_players_player').on(table.platformId, table.player),
  ],
);
