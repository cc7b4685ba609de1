import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../operator/operator.schema.ts';
import { members } from './member.schema.ts';

/** The restriction module's table: its repository is the only code that reads or writes it. */

/**
 * Restrictions in force on a member, one row per kind: who set it, when and why. Lifting one
 * deletes its row; the action log keeps the history (operator_actions, before and after).
 * `login_locked` and `closed` go with members.status 'disabled', which the login and the session
 * guard read; `money_frozen` is read by the money gate (restriction.ts), and so are the player
 * protection's: `excluded` (a time-out or self-exclusion: no deposit, transfer in or bet) and
 * `deposits_blocked` (a risk rule's block, until `expires_at`). A row past its `expires_at` is
 * no longer in force.
 */
export const memberRestrictions = pgTable(
  'member_restrictions',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    brandCode: text('brand_code').notNull(),
    kind: text('kind', {
      enum: ['login_locked', 'money_frozen', 'closed', 'excluded', 'deposits_blocked'],
    }).notNull(),
    reason: text('reason').notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => operators.id),
    /** The operator's username when it was set, shown with the restriction. */
    operatorUsername: text('operator_username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it stops being in force by itself; null: until lifted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.kind] }),
    index('member_restrictions_brand_kind').on(table.brandCode, table.kind),
  ],
);
