import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The agent module's tables: its repository is the only code that reads or writes them. */

/** A member's request to become an agent, reviewed by an operator. */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    contact: text('contact').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('agent_applications_review').on(table.brandCode, table.status, table.createdAt),
    uniqueIndex('agent_applications_pending')
      .on(table.memberId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** Members who are agents: their downline is the members whose referrer they are. */
export const agents = pgTable('agents', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  brandCode: text('brand_code').notNull(),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  approvedBy: text('approved_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Commission tiers of a brand: the highest tier whose minimums the month meets (active
 * downline members and net revenue) gives the agent's share, in basis points.
 */
export const agentCommissionTiers = pgTable(
  'agent_commission_tiers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    minActiveMembers: integer('min_active_members').notNull(),
    minNetRevenueMinor: bigint('min_net_revenue_minor', { mode: 'bigint' }).notNull(),
    shareBp: integer('share_bp').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agent_commission_tiers_key').on(
      table.brandCode,
      table.minActiveMembers,
      table.minNetRevenueMinor,
    ),
    check('agent_commission_tiers_share', sql`${table.shareBp} between 0 and 10000`),
  ],
);

/**
 * An agent's commission for one month ('YYYY-MM', of the brand's time zone): the downline's
 * gross gaming revenue (valid bets' stakes minus payouts) less the bonuses and rebates paid to
 * them, times the tier's share. Paid through the ledger only after an operator approves it.
 */
export const agentCommissionStatements = pgTable(
  'agent_commission_statements',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    agentMemberId: bigint('agent_member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    activeMembers: integer('active_members').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
    netRevenueMinor: bigint('net_revenue_minor', { mode: 'bigint' }).notNull(),
    shareBp: integer('share_bp').notNull(),
    commissionMinor: bigint('commission_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'paid'] })
      .notNull()
      .default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_commission_statements_key').on(table.agentMemberId, table.month),
    index('agent_commission_statements_review').on(table.brandCode, table.status, table.month),
  ],
);
