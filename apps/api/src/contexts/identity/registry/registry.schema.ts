import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The registry module's table: its repository is the only code that reads or writes it. */

/**
 * The exclusion registry shared by every brand of the operator (issue 15, point 5): one row per
 * identifier of a self-excluded person, keyed by an HMAC of the normalised identifier (phone,
 * e-mail, real name with date of birth, ID number), never the identifier itself. A person whose
 * identifier has a live row cannot register, log in or bind it on any brand; the excluded member
 * may still log in to their own account, to withdraw and see their history.
 */
export const exclusionRegistry = pgTable(
  'exclusion_registry',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    identifierHash: text('identifier_hash').notNull(),
    identifierKind: text('identifier_kind', {
      enum: ['phone', 'email', 'name_dob', 'id_number'],
    }).notNull(),
    /** The exclusion (protection's member_exclusions) and the member it excludes. */
    exclusionId: bigint('exclusion_id', { mode: 'bigint' }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    brandCode: text('brand_code').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: indefinite. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** When the exclusion ended (the member asked after its period, and waited): no longer live. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('exclusion_registry_hash').on(table.identifierHash),
    index('exclusion_registry_exclusion').on(table.exclusionId),
  ],
);
