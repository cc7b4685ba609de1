import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';
import { brands } from '../../platform/brand/brand.schema.ts';

/** The deposit module's tables: its repository is the only code that reads or writes them. */

/** Deposit channels of a brand, in display order (bank transfer, online gateway, USDT). */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code')
      .notNull()
      .references(() => brands.code),
    code: text('code').notNull(),
    type: text('type', { enum: ['bank', 'online', 'usdt'] }).notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
    maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** The channel's own settings: receiving card, gateway, protocols and rate. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deposit_channels_code').on(table.brandCode, table.code)],
);

/** A member's deposit, from request to confirmation or refusal. */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What members and operators see and gateways echo back. */
    orderNo: text('order_no').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    channelCode: text('channel_code').notNull(),
    channelType: text('channel_type').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** For USDT: the coin amount (micro-USDT) and the rate used. */
    coinAmountMinor: bigint('coin_amount_minor', { mode: 'bigint' }),
    rate: text('rate'),
    status: text('status', {
      enum: ['pending', 'submitted', 'confirmed', 'rejected', 'expired'],
    }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The channel's own fields: payer name, transfer notice, gateway reference, tx hash. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The operator reviewing the open order (the cashier's claim), since when, and their last
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
    uniqueIndex('deposit_orders_order_no').on(table.orderNo),
    uniqueIndex('deposit_orders_idempotency').on(
      table.brandCode,
      table.memberId,
      table.idempotencyKey,
    ),
    index('deposit_orders_status').on(table.brandCode, table.status, table.createdAt),
    index('deposit_orders_member').on(table.memberId, table.createdAt),
  ],
);

/** The operators' review notes on an order: append-only. */
export const depositOrderNotes = pgTable(
  'deposit_order_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => depositOrders.id),
    brandCode: text('brand_code').notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deposit_order_notes_order').on(table.orderId, table.createdAt)],
);

/** Where a member pays USDT in, one address per member and protocol. */
export const coinAddresses = pgTable(
  'coin_addresses',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    protocol: integer('protocol').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coin_addresses_member').on(table.brandCode, table.memberId, table.protocol),
    uniqueIndex('coin_addresses_address').on(table.address),
  ],
);

/** Transfers seen on the (sandbox) chain to our addresses, credited once confirmed. */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    protocol: integer('protocol').notNull(),
    coinAmountMinor: bigint('coin_amount_minor', { mode: 'bigint' }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    depositOrderId: bigint('deposit_order_id', { mode: 'bigint' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chain_transfers_tx').on(table.txHash)],
);
