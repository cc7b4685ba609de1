import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';

/** The transfer module's tables: its repository is the only code that reads or writes them. */

/**
 * Transfers between the centre wallet and a transfer-wallet platform (DESIGN.md section 4):
 * created in_transit with the money reserved, final once the platform's answer (or, after an
 * unknown outcome, its status query) says success or failed.
 */
export const gameTransfers = pgTable(
  'game_transfers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Our order id, sent to the platform as its idempotency key. */
    orderNo: text('order_no').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    platformId: integer('platform_id').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['in_transit', 'success', 'failed'] }).notNull(),
    /** Why it failed (the platform's refusal, not_found after the request window). */
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The one-click recycle that made this order, if any. */
    recycleBatch: text('recycle_batch'),
    /** Status queries made after an unknown outcome, and when the next one is due. */
    checkAttempts: integer('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    lastError: text('last_error'),
    reserveEntryId: bigint('reserve_entry_id', { mode: 'bigint' }),
    finalEntryId: bigint('final_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_transfers_order_no').on(table.orderNo),
    uniqueIndex('game_transfers_idempotency').on(
      table.brandCode,
      table.memberId,
      table.idempotencyKey,
    ),
    index('game_transfers_in_transit')
      .on(table.nextCheckAt)
      .where(sql`${table.status} = 'in_transit'`),
    // One transfer in flight per member and platform: the platform's balance is only known
    // once no transfer with it is pending.
    uniqueIndex('game_transfers_one_in_transit')
      .on(table.memberId, table.platformId)
      .where(sql`${table.status} = 'in_transit'`),
    index('game_transfers_member').on(table.memberId, table.createdAt),
  ],
);

/**
 * Every status query made about a transfer (the sweep's, an operator's "ask again", the one
 * before an approved manual resolution): when, by whom, what the platform answered and how
 * long it took. The back office's transfer exceptions read it; nothing decides from it.
 */
export const gameTransferQueries = pgTable(
  'game_transfer_queries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameTransfers.id),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['sweep', 'operator', 'resolution'] }).notNull(),
    /** The operator who asked; null for the sweep. */
    operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => operators.id),
    answer: text('answer', { enum: ['status', 'error', 'timeout'] }).notNull(),
    /** The platform's status (success, failed, not_found) when it answered one. */
    status: text('status', { enum: ['success', 'failed', 'not_found'] }),
    /** The error, or status_mismatch when the status described another order. */
    detail: text('detail'),
    latencyMs: integer('latency_ms').notNull(),
  },
  (table) => [index('game_transfer_queries_transfer').on(table.transferId, table.id)],
);
