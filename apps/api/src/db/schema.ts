import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
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
