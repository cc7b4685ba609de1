import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The auth module's tables: its repository is the only code that reads or writes them. */

/**
 * Failed logins per brand and username, whether or not the username exists, so a lock says
 * nothing about which accounts exist (GLI-19: lock after N failures in a window).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    brandCode: text('brand_code').notNull(),
    usernameKey: text('username_key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [uniqueIndex('login_throttles_key').on(table.brandCode, table.usernameKey)],
);
