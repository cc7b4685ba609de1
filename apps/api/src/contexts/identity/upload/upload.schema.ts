import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../../db/columns.ts';
import { members } from '../member/member.schema.ts';

/** The upload module's tables: its repository is the only code that reads or writes them. */

/** Uploaded images, kept in the database so every node serves them. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_member').on(table.memberId)],
);
