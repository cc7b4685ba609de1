import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  BrandBackOffice,
  BrandCompliance,
  BrandPublicSettings,
  BrandTheme,
  ContactEntry,
  StatisticsConfig,
} from '@lobby/contracts';

/** The brand module's tables: its repository is the only code that reads or writes them. */

export const brands = pgTable(
  'brands',
  {
    code: text('code').primaryKey(),
    siteName: text('site_name').notNull(),
    tagline: text('tagline').notNull().default(''),
    language: text('language').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    theme: jsonb('theme').$type<BrandTheme>().notNull(),
    /** Enabled game-platform ids as an ordered comma list, as the operator edits it. */
    platformIds: text('platform_ids').notNull().default(''),
    avatarUrl: text('avatar_url').notNull(),
    currencyIconUrl: text('currency_icon_url').notNull(),
    currencyCode: text('currency_code').notNull().default('CNY'),
    currencySymbol: text('currency_symbol'),
    statistics: jsonb('statistics').$type<StatisticsConfig>().notNull(),
    contacts: jsonb('contacts').$type<ContactEntry[]>().notNull(),
    settings: jsonb('settings').$type<BrandPublicSettings>().notNull(),
    /** The back office's policy for the brand (BrandBackOffice), never sent to members. */
    backOffice: jsonb('back_office').$type<Partial<BrandBackOffice>>().notNull().default({}),
    /** The brand's compliance profile and the numbers it changed (BrandCompliance). */
    compliance: jsonb('compliance').$type<Partial<BrandCompliance>>().notNull().default({}),
    assetVersion: text('asset_version').notNull().default('1'),
    /** Bumped on every change so caches on other nodes can tell they are stale. */
    revision: bigint('revision', { mode: 'bigint' })
      .notNull()
      .default(sql`1`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // At most one brand answers hosts that no brand claims.
    uniqueIndex('brands_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/** Host names that serve a brand, lower case, without port; a host belongs to one brand. */
export const brandHosts = pgTable(
  'brand_hosts',
  {
    host: text('host').primaryKey(),
    brandCode: text('brand_code')
      .notNull()
      .references(() => brands.code, { onDelete: 'cascade' }),
  },
  (table) => [index('brand_hosts_brand_code').on(table.brandCode)],
);

/**
 * Every earlier state of a brand row: each change stores the row as it was before (revision
 * `revision`), with who changed it, when and why, so an operator can compare and restore.
 */
export const brandVersions = pgTable(
  'brand_versions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code')
      .notNull()
      .references(() => brands.code, { onDelete: 'cascade' }),
    /** The revision of the stored row (the change made it `revision + 1`). */
    revision: bigint('revision', { mode: 'bigint' }).notNull(),
    /** The whole brands row before the change, as JSON (bigint and dates as strings). */
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    /** The change that replaced it: the action-log action name. */
    action: text('action').notNull(),
    /** The operator who changed it (none for the system). */
    changedBy: bigint('changed_by', { mode: 'bigint' }),
    changedByName: text('changed_by_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
  },
  (table) => [uniqueIndex('brand_versions_brand_revision').on(table.brandCode, table.revision)],
);
