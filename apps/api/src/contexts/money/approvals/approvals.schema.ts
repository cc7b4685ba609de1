import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../../identity/operator/operator.schema.ts';

/** The approvals module's tables: its repository is the only code that reads or writes them. */

/**
 * Maker-checker requests: an operator's action above the brand's threshold, kept with everything
 * needed to carry it out, until a second operator approves (and it is carried out then, in the
 * same transaction as the decision) or rejects it.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    kind: text('kind', {
      enum: ['balance_adjustment', 'turnover_waiver', 'withdrawal_approval', 'transfer_resolution'],
    }).notNull(),
    /** The member's username, or the withdrawal's or the transfer's order number. */
    target: text('target').notNull(),
    /** The amount measured against the threshold, in the brand's currency. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /**
     * What the action needs besides (the adjustment's signed amount and key, a note, a transfer
     * resolution's outcome and transfer id).
     */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    /** `approving` while the approver's action is being carried out. */
    status: text('status', { enum: ['pending', 'approving', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('approval_requests_queue').on(table.brandCode, table.status, table.requestedAt),
  ],
);
