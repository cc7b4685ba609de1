import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The verification module's tables: its repository is the only code that reads or writes them. */

/** Messages sent to members (codes): the outbox provider's store and every provider's record. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_recipient').on(table.recipient, table.createdAt)],
);
