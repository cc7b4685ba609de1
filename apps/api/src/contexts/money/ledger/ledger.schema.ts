import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The ledger module's tables: its repository is the only code that reads or writes them. */

/**
 * Ledger accounts (DESIGN.md section 4). Member accounts can never go negative: a CHECK holds it
 * even against a bug, and every debit is a conditional update. House accounts may (deposit
 * clearing goes negative as money comes in); hot ones are spread over `shard` rows.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    /** member_wallet, member_locked, member_platform; house_* for the operator's side. */
    kind: text('kind').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    /** What the account is for within its kind: a deposit channel, a platform id; '' if none. */
    ref: text('ref').notNull().default(''),
    shard: integer('shard').notNull().default(0),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_identity').on(
      table.brandCode,
      table.kind,
      sql`coalesce(${table.memberId}, 0)`,
      table.ref,
      table.currency,
      table.shard,
    ),
    index('ledger_accounts_member').on(table.memberId),
    check(
      'ledger_accounts_not_negative',
      sql`${table.allowNegative} or ${table.balanceMinor} >= 0`,
    ),
  ],
);

/**
 * One money movement: append-only, unique by its idempotency key within a brand (journal_keys).
 * Partitioned by month of `created_at` (migration 0022, decision 0029): a partitioned table's
 * unique index must hold the partition key, so the key's uniqueness lives in journal_keys.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of what was asked, so a replay with another body is told apart. */
    requestHash: text('request_hash').notNull(),
    /** Who or what caused it: a member, an operator, a job, a provider callback. */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'journal_entries_pkey', columns: [table.id, table.createdAt] }),
    // A brand's entries by time: the report rollups recompute a brand's day from it (decision
    // 0022; created in migration 0017).
    index('journal_entries_brand_created').on(table.brandCode, table.createdAt),
  ],
);

/**
 * Each entry's idempotency key, written by the movement statement before its entry: the primary
 * key refuses a second entry with the same key in the same brand, whatever month it falls in.
 */
export const journalKeys = pgTable(
  'journal_keys',
  {
    brandCode: text('brand_code').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'journal_keys_pkey', columns: [table.brandCode, table.idempotencyKey] }),
  ],
);

/**
 * The legs of an entry; the amounts of an entry sum to zero per currency. Partitioned by month of
 * `created_at`, the entry's time. No foreign key to the entry (it would need the entry's month in
 * every posting and forbid moving an entry between months): the movement statement writes both,
 * and `npm run ledger:check` names any posting without its entry.
 */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'postings_pkey', columns: [table.id, table.createdAt] }),
    index('postings_entry').on(table.entryId),
    // An account's postings in order: the member 360 view pages them newest first and sums
    // the newer ones back from the balance.
    index('postings_account').on(table.accountId, table.id),
    check('postings_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);
