import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { brands } from '../../platform/brand/brand.schema.ts';

/** The games module's tables: its repository is the only code that reads or writes them. */

/**
 * The operator's switches per game platform (the catalog itself is @lobby/game-protocol). The
 * maintenance switch here is for every brand; one brand's is in game_brand_platform_maintenance.
 */
export const gamePlatformSettings = pgTable('game_platform_settings', {
  platformId: integer('platform_id').primaryKey(),
  maintenance: boolean('maintenance').notNull().default(false),
  /** Why, as the operator said when switching (shown in the console). */
  reason: text('reason'),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A platform's maintenance switch for one brand: on, that brand's members cannot enter the
 * platform (launch, transfer in) and its game list shows it in maintenance; other brands are
 * unaffected. The platform is in maintenance for a brand when this or the global switch is on.
 */
export const gameBrandPlatformMaintenance = pgTable(
  'game_brand_platform_maintenance',
  {
    brandCode: text('brand_code')
      .notNull()
      .references(() => brands.code, { onDelete: 'cascade' }),
    platformId: integer('platform_id').notNull(),
    maintenance: boolean('maintenance').notNull().default(false),
    reason: text('reason'),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.brandCode, table.platformId] })],
);

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
