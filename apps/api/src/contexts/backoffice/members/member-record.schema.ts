import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';

/** The member record's tables: its repository is the only code that reads or writes them. */

/**
 * Operators' notes on a member. Append-only, an audit trail: nothing updates or deletes a row.
 * The author's username is kept as it was when the note was written.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    text: text('text').notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    operatorUsername: text('operator_username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_notes_member').on(table.memberId, table.id)],
);

/** Operators' tags on a member: a small set, replaced as a whole. */
export const memberTags = pgTable(
  'member_tags',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    brandCode: text('brand_code').notNull(),
    tag: text('tag').notNull(),
    /** Its place in the set as the operator gave it. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.tag] }),
    // Members of a brand by tag (a later filter of the search).
    index('member_tags_brand_tag').on(table.brandCode, table.tag),
  ],
);
