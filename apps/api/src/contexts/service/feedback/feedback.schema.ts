import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';

/** The feedback module's tables: its repository is the only code that reads or writes them. */

/** A member's feedback (with uploaded images) and the operator's reply. */
export const feedbackTickets = pgTable(
  'feedback_tickets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    category: text('category').notNull(),
    content: text('content').notNull(),
    /** Ids of the member's uploads (purpose feedback). */
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['open', 'replied', 'closed'] })
      .notNull()
      .default('open'),
    reply: text('reply'),
    repliedBy: text('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The member has seen the latest reply. */
    replySeenAt: timestamp('reply_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_tickets_member').on(table.memberId, table.createdAt)],
);
