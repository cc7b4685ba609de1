import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands } from '../../platform/brand/brand.schema.ts';

/** The member module's tables: its repository is the only code that reads or writes them. */

/** Members of a brand. A username is unique per brand, case-insensitively (`username_key`). */
export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code')
      .notNull()
      .references(() => brands.code),
    username: text('username').notNull(),
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneAreaCode: text('phone_area_code'),
    phone: text('phone'),
    email: text('email'),
    realName: text('real_name'),
    /** `YYYY-MM-DD`, asked at registration where the brand's compliance profile says so. */
    dateOfBirth: date('date_of_birth'),
    /** The member's own invite code, for the agent features. */
    inviteCode: text('invite_code').notNull(),
    /** The invite code this member registered with, and its owner when it was a member's. */
    referrerCode: text('referrer_code'),
    referrerMemberId: bigint('referrer_member_id', { mode: 'bigint' }),
    avatarUrl: text('avatar_url'),
    withdrawPasswordHash: text('withdraw_password_hash'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    registerIp: text('register_ip'),
    registerDeviceNo: text('register_device_no'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** The login before the latest one: what the member sees as "last login". */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    previousLoginIp: text('previous_login_ip'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Entering a game first moves the centre wallet into the game's platform. */
    autoTransfer: boolean('auto_transfer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_brand_username').on(table.brandCode, table.usernameKey),
    uniqueIndex('members_brand_invite_code').on(table.brandCode, table.inviteCode),
    // An agent's downline: the members who registered with the agent's invite code.
    index('members_referrer').on(table.referrerMemberId),
    uniqueIndex('members_brand_phone')
      .on(table.brandCode, table.phoneAreaCode, table.phone)
      .where(sql`${table.phone} is not null`),
    uniqueIndex('members_brand_email')
      .on(table.brandCode, table.email)
      .where(sql`${table.email} is not null`),
    // Linked accounts (the back office's member 360 view) look these up across brands.
    index('members_phone')
      .on(table.phone)
      .where(sql`${table.phone} is not null`),
    index('members_email')
      .on(table.email)
      .where(sql`${table.email} is not null`),
    index('members_register_ip')
      .on(table.registerIp)
      .where(sql`${table.registerIp} is not null`),
    index('members_register_device')
      .on(table.registerDeviceNo)
      .where(sql`${table.registerDeviceNo} is not null`),
  ],
);
