import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The audit module's tables: its repository is the only code that reads or writes them. */

/**
 * The head of each chain of significant events: its last sequence number and hash. A brand's
 * events form the chain named by its code; events of no brand (an operator's permissions) the
 * chain ''. Appending locks the head row, so a chain grows one event at a time, in order.
 */
export const auditChains = pgTable('audit_chains', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** The last event's hash, or the chain's genesis hash before any. */
  hash: text('hash').notNull(),
});

/**
 * Significant events (issue 15, point 9): append-only and hash-chained. Each row carries the
 * hash of the previous row of its chain and its own hash over its canonical content
 * (audit.repository.ts `eventHashSql`); a database trigger refuses updates and deletes.
 * `npm run audit:verify` walks every chain and names the first row that was changed, removed or
 * inserted out of order. Partitioned by month of `occurred_at` (decision 0029); the head row's
 * lock, not the unique index (which must hold the month), keeps one event per sequence number.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    brandCode: text('brand_code'),
    /** The member the event is about, if any (no foreign key: the log outlives any row). */
    memberId: bigint('member_id', { mode: 'bigint' }),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    primaryKey({ name: 'audit_events_pkey', columns: [table.id, table.occurredAt] }),
    uniqueIndex('audit_events_chain_seq').on(table.chain, table.seq, table.occurredAt),
    index('audit_events_brand_time').on(table.brandCode, table.occurredAt),
    index('audit_events_member_time').on(table.memberId, table.occurredAt),
  ],
);
