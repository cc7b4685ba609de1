import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';
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
    /**
     * The operator reviewing the pending order (the cashier's claim), since when, and their last
     * claim or hold (a claim goes stale from there); cleared by a release or the decision.
     */
    claimedBy: bigint('claimed_by', { mode: 'bigint' }).references(() => operators.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimActiveAt: timestamp('claim_active_at', { withTimezone: true }),
    /** On hold while not null: why (waiting for the member's documents). */
    holdReason: text('hold_reason'),
    heldAt: timestamp('held_at', { withTimezone: true }),
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

/** The operators' review notes on an order: append-only. */
export const withdrawalOrderNotes = pgTable(
  'withdrawal_order_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => withdrawalOrders.id),
    brandCode: text('brand_code').notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('withdrawal_order_notes_order').on(table.orderId, table.createdAt)],
);
