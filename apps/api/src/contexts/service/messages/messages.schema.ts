import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The messages module's tables: its repository is the only code that reads or writes them. */

/**
 * Messages to members (engagement issue): personal (member_id set) or broadcast to every member
 * of the brand (member_id null). Each member's read and deleted marks are in member_message_states.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    category: text('category', { enum: ['notice', 'personal', 'system'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn by an operator: no longer listed to anyone. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    index('member_messages_member').on(table.memberId, table.createdAt),
    index('member_messages_brand').on(table.brandCode, table.createdAt),
  ],
);

export const memberMessageStates = pgTable(
  'member_message_states',
  {
    messageId: bigint('message_id', { mode: 'bigint' })
      .notNull()
      .references(() => memberMessages.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('member_message_states_key').on(table.messageId, table.memberId)],
);
