import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The payout module's tables: its repository is the only code that reads or writes them. */

/** Where a member's withdrawals go: bank cards, Alipay, virtual-coin addresses. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: ['bank', 'alipay', 'virtual'] }).notNull(),
    /** Bank code (bank cards) or protocol id (virtual coins); '' for Alipay. */
    institution: text('institution').notNull(),
    holderName: text('holder_name').notNull(),
    /** Card number, Alipay account or coin address. */
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_accounts_live')
      .on(table.brandCode, table.memberId, table.type, table.accountNumber)
      .where(sql`${table.deletedAt} is null`),
    index('payout_accounts_member').on(table.memberId),
    // Linked accounts: other members paid to the same account number.
    index('payout_accounts_number').on(table.accountNumber),
  ],
);
