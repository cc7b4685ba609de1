import { LOGIN_RESULTS } from '@lobby/contracts';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../member/member.schema.ts';

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

/**
 * Every member login attempt that reached the check of its credentials, and how it ended
 * (LOGIN_RESULTS of the contracts): the operators' login history of a member. Never a password.
 * `member_id` is null when the username names no member of the brand.
 */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    /** The username as typed (trimmed, at most 64 characters). */
    username: text('username').notNull(),
    result: text('result', { enum: LOGIN_RESULTS }).notNull(),
    ip: text('ip'),
    deviceNo: text('device_no'),
    /** At most 300 characters. */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_logins_member').on(table.memberId, table.id),
    index('member_logins_created').on(table.createdAt),
  ],
);
