import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './member.schema.ts';

/** The session module's tables: its repository is the only code that reads or writes them. */

/**
 * Member sessions. Only a SHA-256 of the token is stored; the previous token stays valid for a
 * short grace after a rotation so requests already in flight do not fail. Partitioned by month of
 * `created_at` (decision 0029); a token is 32 random bytes, so its hash needs no unique index.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull(),
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    deviceNo: text('device_no'),
    userAgent: text('user_agent'),
  },
  (table) => [
    primaryKey({ name: 'member_sessions_pkey', columns: [table.id, table.createdAt] }),
    index('member_sessions_token_hash').on(table.tokenHash),
    index('member_sessions_previous_token_hash').on(table.previousTokenHash),
    index('member_sessions_member').on(table.memberId),
    // Linked accounts: who else logged in from an address or a device.
    index('member_sessions_ip').on(table.ip),
    index('member_sessions_device')
      .on(table.deviceNo)
      .where(sql`${table.deviceNo} is not null`),
  ],
);
