import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The exclusion module's tables: its repository is the only code that reads or writes them. */

/**
 * A member's time-out or self-exclusion (issue 15, point 4). In force from `startsAt` until it
 * ends; it ends only when `endsAt` has passed (never for a permanent one, `endsAt` null) and the
 * member has asked, and then a further cooling-off period after the later of the two
 * (`endableAt`); `endedAt` records when it ended. Nobody shortens it, not even an operator.
 */
export const memberExclusions = pgTable(
  'member_exclusions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    brandCode: text('brand_code').notNull(),
    kind: text('kind', { enum: ['time_out', 'self_exclusion'] }).notNull(),
    /** The period the member chose (`24h`, `7d`, `30d`, `42d`, `6m`, `1y`, `2y`, `5y`, `permanent`). */
    period: text('period').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: permanent. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** When the member asked to end it, and from when it may end. */
    endRequestedAt: timestamp('end_requested_at', { withTimezone: true }),
    endableAt: timestamp('endable_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // One in force at a time: a longer one taken during another replaces it.
    uniqueIndex('member_exclusions_one_live')
      .on(table.memberId)
      .where(sql`${table.endedAt} is null`),
    check(
      'member_exclusions_period',
      sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);
