import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';

/** The chat module's tables: its repository is the only code that reads or writes them. */

/**
 * Customer service conversations: a member's or a guest's (guest_key is the hash of the
 * guest's chat token). Waiting in the queue until an operator takes it.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    guestKey: text('guest_key'),
    /** What the operator sees: the username, or "访客 ABCD" for a guest. */
    displayName: text('display_name').notNull(),
    status: text('status', { enum: ['waiting', 'open', 'closed'] })
      .notNull()
      .default('waiting'),
    operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => operators.id),
    /** The last message each side has read, by message id. */
    visitorReadId: bigint('visitor_read_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    operatorReadId: bigint('operator_read_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_conversations_queue').on(table.brandCode, table.status, table.lastMessageAt),
    // A visitor's latest conversation, closed ones included.
    index('chat_conversations_member').on(table.memberId, table.createdAt),
    index('chat_conversations_guest').on(table.brandCode, table.guestKey, table.createdAt),
    // One conversation not closed per member, and per guest.
    uniqueIndex('chat_conversations_member_live')
      .on(table.memberId)
      .where(sql`${table.status} <> 'closed' and ${table.memberId} is not null`),
    uniqueIndex('chat_conversations_guest_live')
      .on(table.brandCode, table.guestKey)
      .where(sql`${table.status} <> 'closed' and ${table.guestKey} is not null`),
  ],
);

/**
 * A conversation's messages. Partitioned by month of `created_at` (decision 0029): the unique
 * index on the sender's own id holds the month, so a resend is found under the conversation's
 * lock (chat services) before it is written.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => chatConversations.id),
    sender: text('sender', { enum: ['visitor', 'operator', 'system'] }).notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' }).references(() => operators.id),
    body: text('body').notNull().default(''),
    /** An image: an uploads row id (purpose chat). */
    uploadId: text('upload_id'),
    /** The sender's own id for the message, so a resend after reconnecting is not doubled. */
    clientMessageId: text('client_message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'chat_messages_pkey', columns: [table.id, table.createdAt] }),
    index('chat_messages_conversation').on(table.conversationId, table.id),
    uniqueIndex('chat_messages_client_id').on(
      table.conversationId,
      table.sender,
      table.clientMessageId,
      table.createdAt,
    ),
  ],
);

/**
 * Canned replies the operators pick in the console, per brand and language; the body is sent as
 * the operator's own message.
 */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sort: integer('sort').notNull().default(0),
    updatedBy: bigint('updated_by', { mode: 'bigint' }).references(() => operators.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_canned_replies_brand').on(table.brandCode, table.language, table.sort)],
);
