import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The operator module's tables: its repository is the only code that reads or writes them. */

/** Operator (back office) accounts: separate from members, across brands. */
export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A built-in role's key (`BUILT_IN_ROLES`) or a custom role's (`operator_roles`). */
    role: text('role').notNull(),
    /** Every brand, or only those in `brands`. */
    allBrands: boolean('all_brands').notNull().default(false),
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    disabled: boolean('disabled').notNull().default(false),
    /** The TOTP secret (AES-256-GCM under a key derived from the RSA key), once enrolled. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, until a code from the app confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Addresses (IPs or CIDR ranges) the operator may use; empty: any. */
    ipAllowList: text('ip_allow_list')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('operators_username').on(table.username)],
);

/** Roles a super admin defined besides the built-in ones, each with its permissions. */
export const operatorRoles = pgTable('operator_roles', {
  key: text('key').primaryKey(),
  permissions: text('permissions').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of an operator's TOTP, hashed; a used one stays, marked. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('operator_recovery_codes_operator').on(table.operatorId)],
);

/** Operator sessions: hashed bearer tokens with an idle limit, like member sessions. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    /** Opened by an operator who must enrol TOTP first: good for enrolment only, until then. */
    totpPending: boolean('totp_pending').notNull().default(false),
  },
  (table) => [uniqueIndex('operator_sessions_token_hash').on(table.tokenHash)],
);

/**
 * Every operator action: who, when, what, on what, and why. Append-only; partitioned by month of
 * `created_at` (decision 0029).
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigint('id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    action: text('action').notNull(),
    brandCode: text('brand_code'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'operator_actions_pkey', columns: [table.id, table.createdAt] }),
    index('operator_actions_target').on(table.targetType, table.targetId),
  ],
);
