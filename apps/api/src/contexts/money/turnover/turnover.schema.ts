import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The turnover module's tables: its repository is the only code that reads or writes them. */

/**
 * A member's outstanding turnover requirement: each deposit adds amount x the brand's
 * multiplier, valid bets (games issue) reduce it; withdrawals wait until it is zero.
 */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    outstandingMinor: bigint('outstanding_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('turnover_requirements_member').on(table.brandCode, table.memberId, table.currency),
    check('turnover_requirements_not_negative', sql`${table.outstandingMinor} >= 0`),
  ],
);
