import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The seamless module's tables: its repository is the only code that reads or writes them. */

/**
 * Seamless-wallet calls by transaction id (idempotency). A rollback of a transaction never seen
 * leaves a 'tombstone' row under that id, so the debit arriving late is refused.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    platformId: integer('platform_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind', { enum: ['debit', 'credit', 'rollback', 'tombstone'] }).notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code'),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** For a rollback: the debit it undoes; for a debit: set once rolled back. */
    relatedTransactionId: text('related_transaction_id'),
    rolledBack: boolean('rolled_back').notNull().default(false),
    requestHash: text('request_hash').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seamless_transactions_id').on(table.platformId, table.transactionId),
    index('seamless_transactions_round').on(table.platformId, table.roundId),
    // A member's stakes and payouts in a window: their loss and wager limits.
    index('seamless_transactions_member').on(table.memberId, table.createdAt),
  ],
);
