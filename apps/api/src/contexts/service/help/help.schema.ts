import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The help module's tables: its repository is the only code that reads or writes them. */

/** Help centre pages per brand and language, written by operators in Markdown. */
export const helpPages = pgTable(
  'help_pages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('help_pages_brand').on(table.brandCode, table.language, table.category)],
);
