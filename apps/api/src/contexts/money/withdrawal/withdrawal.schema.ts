import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { payoutAccounts } from '../payout/payout.schema.ts';

/** The withdrawal module's tables: its repository is the only code that reads or writes them. */

/** A member's withdrawal: money locked at request, paid or returned by an operator. */
export const withdrawalOrders = pgTable(
  'withdrawal_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    payoutAccountId: bigint('payout_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => payoutAccounts.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    requestEntryId: bigint('request_entry_id', { mode: 'bigint' }),
    decisionEntryId: bigint('decision_entry_id', { mode: 'bigint' }),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawal_orders_order_no').on(table.orderNo),
    uniqueIndex('withdrawal_orders_idempotency').on(
      table.brandCode,
      table.memberId,
      table.idempotencyKey,
    ),
    index('withdrawal_orders_status').on(table.brandCode, table.status, table.createdAt),
    index('withdrawal_orders_member').on(table.memberId, table.createdAt),
  ],
);
