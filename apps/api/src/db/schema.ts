import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  BrandPublicSettings,
  BrandTheme,
  ContactEntry,
  StatisticsConfig,
} from '@lobby/contracts';

/**
 * Tables of the whole API. Each domain's repository is the only code that reads or writes
 * its tables. Money columns are bigint minor units read as JavaScript bigint.
 */

/**
 * An instant within the dates the contracts accept (EARLIEST_DATE to LATEST_DATE of
 * packages/contracts/src/dates.ts), as a CHECK condition.
 */
function dateInRange(column: AnyPgColumn) {
  return sql`(${column} >= '2000-01-01T00:00:00Z' and ${column} < '2101-01-01T00:00:00Z')`;
}

/** bytea as a Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
 * One row per periodic sweep: when it last ran, how it ended, and a cursor it keeps so that
 * a sweep stopped half way resumes from database state.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  cursor: jsonb('cursor').$type<Record<string, unknown>>().notNull().default({}),
  runCount: integer('run_count').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull().defaultNow(),
  runningOwner: text('running_owner'),
});

/** Members of a brand. A username is unique per brand, case-insensitively (`username_key`). */
export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code')
      .notNull()
      .references(() => brands.code),
    username: text('username').notNull(),
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneAreaCode: text('phone_area_code'),
    phone: text('phone'),
    email: text('email'),
    realName: text('real_name'),
    /** The member's own invite code, for the agent features. */
    inviteCode: text('invite_code').notNull(),
    /** The invite code this member registered with, and its owner when it was a member's. */
    referrerCode: text('referrer_code'),
    referrerMemberId: bigint('referrer_member_id', { mode: 'bigint' }),
    avatarUrl: text('avatar_url'),
    withdrawPasswordHash: text('withdraw_password_hash'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    registerIp: text('register_ip'),
    registerDeviceNo: text('register_device_no'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** The login before the latest one: what the member sees as "last login". */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    previousLoginIp: text('previous_login_ip'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Entering a game first moves the centre wallet into the game's platform. */
    autoTransfer: boolean('auto_transfer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_brand_username').on(table.brandCode, table.usernameKey),
    uniqueIndex('members_brand_invite_code').on(table.brandCode, table.inviteCode),
    // An agent's downline: the members who registered with the agent's invite code.
    index('members_referrer').on(table.referrerMemberId),
    uniqueIndex('members_brand_phone')
      .on(table.brandCode, table.phoneAreaCode, table.phone)
      .where(sql`${table.phone} is not null`),
    uniqueIndex('members_brand_email')
      .on(table.brandCode, table.email)
      .where(sql`${table.email} is not null`),
  ],
);

/**
 * Member sessions. Only a SHA-256 of the token is stored; the previous token stays valid for a
 * short grace after a rotation so requests already in flight do not fail.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull(),
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    deviceNo: text('device_no'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('member_sessions_token_hash').on(table.tokenHash),
    index('member_sessions_previous_token_hash').on(table.previousTokenHash),
    index('member_sessions_member').on(table.memberId),
  ],
);

/**
 * Failed logins per brand and username, whether or not the username exists, so a lock says
 * nothing about which accounts exist (GLI-19: lock after N failures in a window).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    brandCode: text('brand_code').notNull(),
    usernameKey: text('username_key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [uniqueIndex('login_throttles_key').on(table.brandCode, table.usernameKey)],
);

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

/**
 * Ledger accounts (DESIGN.md section 4). Member accounts can never go negative: a CHECK holds it
 * even against a bug, and every debit is a conditional update. House accounts may (deposit
 * clearing goes negative as money comes in); hot ones are spread over `shard` rows.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    /** member_wallet, member_locked, member_platform; house_* for the operator's side. */
    kind: text('kind').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    /** What the account is for within its kind: a deposit channel, a platform id; '' if none. */
    ref: text('ref').notNull().default(''),
    shard: integer('shard').notNull().default(0),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_identity').on(
      table.brandCode,
      table.kind,
      sql`coalesce(${table.memberId}, 0)`,
      table.ref,
      table.currency,
      table.shard,
    ),
    index('ledger_accounts_member').on(table.memberId),
    check(
      'ledger_accounts_not_negative',
      sql`${table.allowNegative} or ${table.balanceMinor} >= 0`,
    ),
  ],
);

/** One money movement: append-only, unique by its idempotency key within a brand. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of what was asked, so a replay with another body is told apart. */
    requestHash: text('request_hash').notNull(),
    /** Who or what caused it: a member, an operator, a job, a provider callback. */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('journal_entries_idempotency').on(table.brandCode, table.idempotencyKey)],
);

/** The legs of an entry; the amounts of an entry sum to zero per currency. */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('postings_entry').on(table.entryId),
    index('postings_account').on(table.accountId),
    check('postings_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);

/** Operator (back office) accounts: separate from members, across brands. */
export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'cashier'] }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('operators_username').on(table.username)],
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
  },
  (table) => [uniqueIndex('operator_sessions_token_hash').on(table.tokenHash)],
);

/** Every operator action: who, when, what, on what, and why. Append-only. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
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
  (table) => [index('operator_actions_target').on(table.targetType, table.targetId)],
);

/** Deposit channels of a brand, in display order (bank transfer, online gateway, USDT). */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code')
      .notNull()
      .references(() => brands.code),
    code: text('code').notNull(),
    type: text('type', { enum: ['bank', 'online', 'usdt'] }).notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
    maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** The channel's own settings: receiving card, gateway, protocols and rate. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deposit_channels_code').on(table.brandCode, table.code)],
);

/** A member's deposit, from request to confirmation or refusal. */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What members and operators see and gateways echo back. */
    orderNo: text('order_no').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    channelCode: text('channel_code').notNull(),
    channelType: text('channel_type').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** For USDT: the coin amount (micro-USDT) and the rate used. */
    coinAmountMinor: bigint('coin_amount_minor', { mode: 'bigint' }),
    rate: text('rate'),
    status: text('status', {
      enum: ['pending', 'submitted', 'confirmed', 'rejected', 'expired'],
    }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The channel's own fields: payer name, transfer notice, gateway reference, tx hash. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposit_orders_order_no').on(table.orderNo),
    uniqueIndex('deposit_orders_idempotency').on(
      table.brandCode,
      table.memberId,
      table.idempotencyKey,
    ),
    index('deposit_orders_status').on(table.brandCode, table.status, table.createdAt),
    index('deposit_orders_member').on(table.memberId, table.createdAt),
  ],
);

/** Where a member pays USDT in, one address per member and protocol. */
export const coinAddresses = pgTable(
  'coin_addresses',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    protocol: integer('protocol').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coin_addresses_member').on(table.brandCode, table.memberId, table.protocol),
    uniqueIndex('coin_addresses_address').on(table.address),
  ],
);

/** Transfers seen on the (sandbox) chain to our addresses, credited once confirmed. */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    protocol: integer('protocol').notNull(),
    coinAmountMinor: bigint('coin_amount_minor', { mode: 'bigint' }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    depositOrderId: bigint('deposit_order_id', { mode: 'bigint' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chain_transfers_tx').on(table.txHash)],
);

/** Where a member's withdrawals go: bank cards, Alipay, virtual-coin addresses. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: ['bank', 'alipay', 'virtual'] }).notNull(),
    /** Bank code (bank cards) or protocol id (virtual coins); '' for Alipay. */
    institution: text('institution').notNull(),
    holderName: text('holder_name').notNull(),
    /** Card number, Alipay account or coin address. */
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_accounts_live')
      .on(table.brandCode, table.memberId, table.type, table.accountNumber)
      .where(sql`${table.deletedAt} is null`),
    index('payout_accounts_member').on(table.memberId),
  ],
);

/** A member's withdrawal: money locked at request, paid or returned by an operator. */
export const withdrawalOrders = pgTable(
  'withdrawal_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    payoutAccountId: bigint('payout_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => payoutAccounts.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    requestEntryId: bigint('request_entry_id', { mode: 'bigint' }),
    decisionEntryId: bigint('decision_entry_id', { mode: 'bigint' }),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawal_orders_order_no').on(table.orderNo),
    uniqueIndex('withdrawal_orders_idempotency').on(
      table.brandCode,
      table.memberId,
      table.idempotencyKey,
    ),
    index('withdrawal_orders_status').on(table.brandCode, table.status, table.createdAt),
    index('withdrawal_orders_member').on(table.memberId, table.createdAt),
  ],
);

/**
 * A member's outstanding turnover requirement: each deposit adds amount x the brand's
 * multiplier, valid bets (games issue) reduce it; withdrawals wait until it is zero.
 */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    outstandingMinor: bigint('outstanding_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('turnover_requirements_member').on(table.brandCode, table.memberId, table.currency),
    check('turnover_requirements_not_negative', sql`${table.outstandingMinor} >= 0`),
  ],
);

/** The operator's switches per game platform (the catalog itself is @lobby/game-protocol). */
export const gamePlatformSettings = pgTable('game_platform_settings', {
  platformId: integer('platform_id').primaryKey(),
  maintenance: boolean('maintenance').notNull().default(false),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's player account at a platform, created on first use. */
export const gamePlayers = pgTable(
  'game_players',
  {
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    platformId: integer('platform_id').notNull(),
    /** The name the platform knows: `${brandCode}_${memberId}`. */
    player: text('player').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_players_member').on(table.memberId, table.platformId),
    uniqueIndex('game_players_player').on(table.platformId, table.player),
  ],
);

/**
 * Transfers between the centre wallet and a transfer-wallet platform (DESIGN.md section 4):
 * created in_transit with the money reserved, final once the platform's answer (or, after an
 * unknown outcome, its status query) says success or failed.
 */
export const gameTransfers = pgTable(
  'game_transfers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Our order id, sent to the platform as its idempotency key. */
    orderNo: text('order_no').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    platformId: integer('platform_id').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['in_transit', 'success', 'failed'] }).notNull(),
    /** Why it failed (the platform's refusal, not_found after the request window). */
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The one-click recycle that made this order, if any. */
    recycleBatch: text('recycle_batch'),
    /** Status queries made after an unknown outcome, and when the next one is due. */
    checkAttempts: integer('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    lastError: text('last_error'),
    reserveEntryId: bigint('reserve_entry_id', { mode: 'bigint' }),
    finalEntryId: bigint('final_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_transfers_order_no').on(table.orderNo),
    uniqueIndex('game_transfers_idempotency').on(
      table.brandCode,
      table.memberId,
      table.idempotencyKey,
    ),
    index('game_transfers_in_transit')
      .on(table.nextCheckAt)
      .where(sql`${table.status} = 'in_transit'`),
    // One transfer in flight per member and platform: the platform's balance is only known
    // once no transfer with it is pending.
    uniqueIndex('game_transfers_one_in_transit')
      .on(table.memberId, table.platformId)
      .where(sql`${table.status} = 'in_transit'`),
    index('game_transfers_member').on(table.memberId, table.createdAt),
  ],
);

/** Settled rounds pulled from the platforms; a round id appears once per platform. */
export const gameBetRecords = pgTable(
  'game_bet_records',
  {
    platformId: integer('platform_id').notNull(),
    roundId: text('round_id').notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameCode: text('game_code').notNull(),
    category: integer('category').notNull(),
    currency: text('currency').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_bet_records_round').on(table.platformId, table.roundId),
    index('game_bet_records_member').on(table.memberId, table.settledAt),
    // The VIP upgrade sweep reads what arrived since its cursor; rebates and commission read a
    // brand's day or month of settled rounds.
    index('game_bet_records_synced').on(table.syncedAt),
    index('game_bet_records_brand_settled').on(table.brandCode, table.settledAt),
  ],
);

/**
 * Seamless-wallet calls by transaction id (idempotency). A rollback of a transaction never seen
 * leaves a 'tombstone' row under that id, so the debit arriving late is refused.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    platformId: integer('platform_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind', { enum: ['debit', 'credit', 'rollback', 'tombstone'] }).notNull(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code'),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** For a rollback: the debit it undoes; for a debit: set once rolled back. */
    relatedTransactionId: text('related_transaction_id'),
    rolledBack: boolean('rolled_back').notNull().default(false),
    requestHash: text('request_hash').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seamless_transactions_id').on(table.platformId, table.transactionId),
    index('seamless_transactions_round').on(table.platformId, table.roundId),
  ],
);

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

/** Text an operator writes in each language the brand may show ('zh-CN', 'zh-TW', 'en'). */
type LocalizedText = Partial<Record<'zh-CN' | 'zh-TW' | 'en', string>>;

/**
 * Promotions (engagement issue): data an operator configures, not code per campaign. `kind`
 * says which rules apply: deposit_bonus (tiers on a qualifying deposit, optionally after
 * joining), apply (the member applies, an operator reviews and sets or confirms the reward),
 * sign_in (daily sign-in streak rewards and re-sign cost), gift (gift exchange against valid
 * bets in the promotion's period), display (information only). `rules` holds the kind's
 * settings as validated by the promo contracts; money in it is minor units.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    kind: text('kind', {
      enum: ['deposit_bonus', 'apply', 'sign_in', 'gift', 'display'],
    }).notNull(),
    /** The tab it is listed under (secondNav), e.g. 'new', 'deposit', 'daily', 'vip'. */
    category: text('category').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull().default({}),
    /** The rules and details page, Markdown rendered safely like the help centre. */
    body: jsonb('body').$type<LocalizedText>().notNull().default({}),
    imageUrl: text('image_url').notNull().default(''),
    status: text('status', { enum: ['draft', 'active', 'paused', 'ended'] })
      .notNull()
      .default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
    /** Who may take part: minimum VIP level, registered within days, new members only, ... */
    eligibility: jsonb('eligibility').$type<Record<string, unknown>>().notNull().default({}),
    /** Turnover a reward adds to the withdrawal condition, in percent of it (100 = 1x). */
    turnoverMultiplierPercent: integer('turnover_multiplier_percent').notNull().default(100),
    /** Total the promotion may pay; null is unlimited. spent_minor counts what it paid. */
    budgetMinor: bigint('budget_minor', { mode: 'bigint' }),
    spentMinor: bigint('spent_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Rewards one member may receive from it; null is unlimited. */
    perMemberLimit: integer('per_member_limit'),
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promotions_brand').on(table.brandCode, table.status, table.sort),
    check(
      'promotions_budget',
      sql`${table.budgetMinor} is null or ${table.spentMinor} <= ${table.budgetMinor}`,
    ),
    // The contracts' date range (packages/contracts/src/dates.ts), so no row can hold a date
    // that the drivers cannot read back.
    check('promotions_starts_at_range', dateInRange(table.startsAt)),
    check('promotions_ends_at_range', sql`${table.endsAt} is null or ${dateInRange(table.endsAt)}`),
  ],
);

/**
 * A member's part in a promotion: joined (waiting for a qualifying deposit), pending review,
 * approved and paid, or rejected. A deposit claims a deposit bonus once (deposit_order_no).
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    status: text('status', { enum: ['joined', 'pending', 'paid', 'rejected'] }).notNull(),
    depositOrderNo: text('deposit_order_no'),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    turnoverMinor: bigint('turnover_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What the member wrote when applying (apply kind). */
    applicationNote: text('application_note'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('promotion_claims_member').on(table.memberId, table.createdAt),
    index('promotion_claims_review').on(table.brandCode, table.status, table.createdAt),
    uniqueIndex('promotion_claims_deposit')
      .on(table.promotionId, table.depositOrderNo)
      .where(sql`${table.depositOrderNo} is not null`),
    // One open claim (joined or pending) per member and promotion at a time.
    uniqueIndex('promotion_claims_open')
      .on(table.promotionId, table.memberId)
      .where(sql`${table.status} in ('joined', 'pending')`),
  ],
);

/** Days a member signed in (or re-signed at a cost) for a sign_in promotion; Asia/Shanghai days. */
export const signInDays = pgTable(
  'sign_in_days',
  {
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['sign', 'resign'] }).notNull(),
    /** Consecutive days ending with this one, as counted when it was signed. */
    streak: integer('streak').notNull(),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    currency: text('currency').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sign_in_days_key').on(table.promotionId, table.memberId, table.day)],
);

/** Gifts of a gift promotion, bought with valid-bet turnover: cash (paid to the wallet) or items. */
export const promotionGifts = pgTable(
  'promotion_gifts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    kind: text('kind', { enum: ['cash', 'item'] }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull().default(''),
    /** Valid-bet turnover one exchange uses up. */
    turnoverCostMinor: bigint('turnover_cost_minor', { mode: 'bigint' }).notNull(),
    /** For cash gifts, what the wallet receives. */
    rewardMinor: bigint('reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Items left; null is unlimited. */
    stock: integer('stock'),
    perMemberLimit: integer('per_member_limit'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('promotion_gifts_promotion').on(table.promotionId, table.sort),
    check('promotion_gifts_stock', sql`${table.stock} is null or ${table.stock} >= 0`),
  ],
);

export const giftExchanges = pgTable(
  'gift_exchanges',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    giftId: bigint('gift_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotionGifts.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    idempotencyKey: text('idempotency_key').notNull(),
    turnoverCostMinor: bigint('turnover_cost_minor', { mode: 'bigint' }).notNull(),
    rewardMinor: bigint('reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['paid', 'pending_delivery', 'delivered', 'rejected'],
    }).notNull(),
    /** Where an item goes: name, phone, address. */
    shipping: jsonb('shipping').$type<Record<string, string>>(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    handledBy: text('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_exchanges_key').on(table.memberId, table.idempotencyKey),
    index('gift_exchanges_member').on(table.memberId, table.promotionId),
  ],
);

/** Home banners (topCover) and the daily do-not-show-again notice ('popup'). */
export const promoBanners = pgTable(
  'promo_banners',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    placement: text('placement', { enum: ['home_top', 'popup'] }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** The popup notice's text; a banner's alternative text. */
    body: jsonb('body').$type<LocalizedText>().notNull().default({}),
    imageUrl: text('image_url').notNull().default(''),
    /** Where a click goes: a site path (/activity/list/3) or an http(s) address. */
    linkUrl: text('link_url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promo_banners_brand').on(table.brandCode, table.placement, table.sort),
    check(
      'promo_banners_starts_at_range',
      sql`${table.startsAt} is null or ${dateInRange(table.startsAt)}`,
    ),
    check(
      'promo_banners_ends_at_range',
      sql`${table.endsAt} is null or ${dateInRange(table.endsAt)}`,
    ),
  ],
);

/**
 * VIP levels 0-30 of a brand: thresholds (cumulative deposit and valid turnover, both must be
 * met) and privileges. Rebate rates are basis points per game category code ("2".."8").
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    brandCode: text('brand_code').notNull(),
    level: integer('level').notNull(),
    depositThresholdMinor: bigint('deposit_threshold_minor', { mode: 'bigint' }).notNull(),
    turnoverThresholdMinor: bigint('turnover_threshold_minor', { mode: 'bigint' }).notNull(),
    upgradeBonusMinor: bigint('upgrade_bonus_minor', { mode: 'bigint' }).notNull(),
    monthlyBonusMinor: bigint('monthly_bonus_minor', { mode: 'bigint' }).notNull(),
    rebateRatesBp: jsonb('rebate_rates_bp').$type<Record<string, number>>().notNull(),
    withdrawDailyCount: integer('withdraw_daily_count').notNull(),
    withdrawDailyMaxMinor: bigint('withdraw_daily_max_minor', { mode: 'bigint' }).notNull(),
    /** Turnover the level's bonuses add to the withdrawal condition, in percent of them. */
    bonusTurnoverMultiplierPercent: integer('bonus_turnover_multiplier_percent')
      .notNull()
      .default(100),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_levels_key').on(table.brandCode, table.level),
    check('vip_levels_range', sql`${table.level} between 0 and 30`),
  ],
);

/** A member's VIP level; absent means level 0. Levels only go up. */
export const memberVips = pgTable('member_vips', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  brandCode: text('brand_code').notNull(),
  level: integer('level').notNull(),
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * VIP money paid: an upgrade bonus once per level (period ''), a monthly bonus once per month
 * (period 'YYYY-MM'), a rebate once per Asia/Shanghai day (period 'YYYY-MM-DD', level = the
 * level whose rates applied, breakdown per category). The unique key makes a re-run pay nothing.
 */
export const vipRewards = pgTable(
  'vip_rewards',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: ['upgrade', 'monthly', 'rebate'] }).notNull(),
    level: integer('level').notNull(),
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** For a rebate: per category, the valid bets, the rate applied and the amount. */
    breakdown: jsonb('breakdown').$type<Record<string, unknown>>().notNull().default({}),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_rewards_key').on(table.memberId, table.kind, table.level, table.period),
    index('vip_rewards_member').on(table.memberId, table.createdAt),
  ],
);

/** A member's request to become an agent, reviewed by an operator. */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    contact: text('contact').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('agent_applications_review').on(table.brandCode, table.status, table.createdAt),
    uniqueIndex('agent_applications_pending')
      .on(table.memberId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** Members who are agents: their downline is the members whose referrer they are. */
export const agents = pgTable('agents', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  brandCode: text('brand_code').notNull(),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  approvedBy: text('approved_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Commission tiers of a brand: the highest tier whose minimums the month meets (active
 * downline members and net revenue) gives the agent's share, in basis points.
 */
export const agentCommissionTiers = pgTable(
  'agent_commission_tiers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    minActiveMembers: integer('min_active_members').notNull(),
    minNetRevenueMinor: bigint('min_net_revenue_minor', { mode: 'bigint' }).notNull(),
    shareBp: integer('share_bp').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agent_commission_tiers_key').on(
      table.brandCode,
      table.minActiveMembers,
      table.minNetRevenueMinor,
    ),
    check('agent_commission_tiers_share', sql`${table.shareBp} between 0 and 10000`),
  ],
);

/**
 * An agent's commission for one month ('YYYY-MM', Asia/Shanghai): the downline's gross gaming
 * revenue (valid bets' stakes minus payouts) less the bonuses and rebates paid to them, times
 * the tier's share. Paid through the ledger only after an operator approves it.
 */
export const agentCommissionStatements = pgTable(
  'agent_commission_statements',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    agentMemberId: bigint('agent_member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    activeMembers: integer('active_members').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull(),
    netRevenueMinor: bigint('net_revenue_minor', { mode: 'bigint' }).notNull(),
    shareBp: integer('share_bp').notNull(),
    commissionMinor: bigint('commission_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'paid'] })
      .notNull()
      .default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_commission_statements_key').on(table.agentMemberId, table.month),
    index('agent_commission_statements_review').on(table.brandCode, table.status, table.month),
  ],
);

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

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
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
    index('chat_messages_conversation').on(table.conversationId, table.id),
    uniqueIndex('chat_messages_client_id').on(
      table.conversationId,
      table.sender,
      table.clientMessageId,
    ),
  ],
);
