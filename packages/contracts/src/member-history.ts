import { z } from 'zod';
import { dateTimeSchema } from './dates.ts';
import { DEPOSIT_CHANNEL_TYPES, DEPOSIT_ORDER_STATUSES } from './deposit.ts';
import { TRANSFER_STATUSES } from './games.ts';
import type { CLAIM_STATUSES, EXCHANGE_STATUSES } from './promo.ts';
import { adminTransferQuerySchema } from './transfers-admin.ts';
import { decimalAmountSchema } from './wallet.ts';
import { WITHDRAWAL_STATUSES } from './withdrawal.ts';

/**
 * The history tabs of the back office's member 360 view (`members.read`, JSON, bearer token):
 * the member's ledger movements, deposits, withdrawals, game transfers, bets, rewards, and the
 * accounts linked to them by a shared device, address, payout account, phone or e-mail. A member
 * of a brand outside the operator's answers `member_not_found`, as a missing one does. Every list
 * is newest first and paged on the server; `from` (inclusive) and `to` (exclusive) bound its time.
 * The back office reads twelve months back (OPERATOR_HISTORY_MONTHS): no `from` starts there, an
 * earlier one answers `history_range_too_old`; the exports keep the same bound.
 * Amounts are decimal strings in `currency`.
 */

const memberIdSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');
export const memberHistoryParamsSchema = z.object({ id: memberIdSchema });

const rangeFields = {
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
};
const pageFields = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};
const platformIdSchema = z.coerce.number().int().min(1).max(999_999);

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

// ---------------------------------------------------------------------------------------------
// Ledger movements.

/** The member's accounts: centre wallet, locked (withdrawals under review), one per platform. */
export const MEMBER_LEDGER_ACCOUNTS = ['centre', 'locked', 'platform'] as const;

export const adminMemberLedgerItemSchema = z.object({
  /** The posting's id; `before` of the next page. */
  id: z.string(),
  entryId: z.string(),
  account: z.enum(MEMBER_LEDGER_ACCOUNTS),
  /** The platform of a `platform` account, else null. */
  platformId: z.number().int().nullable(),
  platformName: z.string().nullable(),
  /** A ledger reason (deposit, withdrawal_request, game_transfer_in, promo_bonus, ...). */
  reason: z.string(),
  /** Signed: money into the account is positive. */
  amount: decimalAmountSchema,
  /** The account's balance right after this posting. */
  balanceAfter: decimalAmountSchema,
  currency: z.string(),
  /**
   * The entry's idempotency key, which names what moved the money: `deposit:<orderNo>`,
   * `withdrawal:<orderNo>:decision`, `promo:claim:<id>`, a transfer's order, a seamless round.
   */
  reference: z.string(),
  /** The entry's memo: an order number, a round, an operator's reason. */
  memo: z.string().nullable(),
  /** Who moved it: member, operator (their id), job, provider, system. */
  actorType: z.string(),
  actorId: z.string(),
  createdAt: z.string(),
});
export type AdminMemberLedgerItem = z.infer<typeof adminMemberLedgerItemSchema>;

/**
 * Keyset pages (a busy player has millions of postings): the next page passes the answer's
 * `nextBefore` as `before`; null when there is no more.
 */
export const adminMemberLedgerEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/ledger',
  params: memberHistoryParamsSchema,
  query: z.object({
    account: z.enum(MEMBER_LEDGER_ACCOUNTS).optional(),
    /** With `account=platform` or alone: the one platform's account. */
    platform: platformIdSchema.optional(),
    /** One ledger reason; one the ledger does not know answers `validation`. */
    reason: z
      .string()
      .regex(/^[a-z][a-z_]{0,47}$/, 'a ledger reason')
      .optional(),
    ...rangeFields,
    before: memberIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({
    items: z.array(adminMemberLedgerItemSchema),
    nextBefore: z.string().nullable(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Deposits and withdrawals.

export const adminMemberDepositSchema = z.object({
  orderNo: z.string(),
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  channelCode: z.string(),
  channelType: z.enum(DEPOSIT_CHANNEL_TYPES),
  /** The channel's name as the brand set it; its code when the channel is gone. */
  channelName: z.string(),
  amount: decimalAmountSchema,
  currency: z.string(),
  /** USDT deposits: the coin amount (USDT) and the rate used. */
  coinAmount: decimalAmountSchema.nullable(),
  rate: z.string().nullable(),
  /** The channel's own fields: payer name, transfer notice, gateway reference, tx hash. */
  details: z.record(z.string(), z.unknown()),
  /** Why it was rejected (or the reviewer's note on a confirmation). */
  reason: z.string().nullable(),
  /** Who decided: an operator's username, or the gateway or chain watcher. */
  reviewer: z.string().nullable(),
  ledgerEntryId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminMemberDeposit = z.infer<typeof adminMemberDepositSchema>;

export const adminMemberDepositsEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/deposits',
  params: memberHistoryParamsSchema,
  query: z.object({
    status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
    channel: z.enum(DEPOSIT_CHANNEL_TYPES).optional(),
    ...rangeFields,
    ...pageFields,
  }),
  response: pageOf(adminMemberDepositSchema).extend({
    /** Confirmed amount of every order the filters select (not only this page). */
    confirmedTotal: decimalAmountSchema,
    currency: z.string(),
  }),
} as const;

export const adminMemberWithdrawalSchema = z.object({
  orderNo: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: decimalAmountSchema,
  currency: z.string(),
  /** Where it was (to be) paid; numbers and names masked, as `members.read` shows them. */
  account: z.object({
    type: z.enum(['bank', 'alipay', 'virtual']),
    /** Bank code or protocol id; '' for Alipay. */
    institution: z.string(),
    institutionName: z.string(),
    holderName: z.string(),
    accountNumber: z.string(),
    /** The member removed the account since. */
    deleted: z.boolean(),
  }),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  reviewer: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminMemberWithdrawal = z.infer<typeof adminMemberWithdrawalSchema>;

export const adminMemberWithdrawalsEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/withdrawals',
  params: memberHistoryParamsSchema,
  query: z.object({
    status: z.enum(WITHDRAWAL_STATUSES).optional(),
    ...rangeFields,
    ...pageFields,
  }),
  response: pageOf(adminMemberWithdrawalSchema).extend({
    /** Paid (approved) amount of every order the filters select. */
    paidTotal: decimalAmountSchema,
    currency: z.string(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Game transfers and bets.

export const adminMemberTransferSchema = z.object({
  /** The transfer's id: `GET /admin/api/transfers/:id` shows its whole status-query history. */
  id: z.string(),
  orderNo: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  /** in: centre wallet to platform; out: platform to centre wallet. */
  direction: z.enum(['in', 'out']),
  amount: decimalAmountSchema,
  currency: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  /** Why a final transfer failed (an error code). */
  reason: z.string().nullable(),
  /** The one-click recycle that made it, if one did. */
  recycleBatch: z.string().nullable(),
  /** Status queries the reconciliation sweep made after an unknown outcome. */
  attempts: z.number().int(),
  /** When the sweep asks next (in transit only), and its last reason to wait. */
  nextCheckAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Every status query recorded (sweep, operators, resolutions), and the latest of them. */
  queries: z.number().int(),
  lastQuery: adminTransferQuerySchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminMemberTransfer = z.infer<typeof adminMemberTransferSchema>;

export const adminMemberTransfersEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/transfers',
  params: memberHistoryParamsSchema,
  query: z.object({
    status: z.enum(TRANSFER_STATUSES).optional(),
    direction: z.enum(['in', 'out']).optional(),
    platform: platformIdSchema.optional(),
    ...rangeFields,
    ...pageFields,
  }),
  response: pageOf(adminMemberTransferSchema),
} as const;

export const adminMemberBetSchema = z.object({
  roundId: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  /** GAME_CATEGORIES code. */
  category: z.number().int(),
  /** Rounds arrive from the platforms once settled: every record is `settled`. */
  status: z.literal('settled'),
  bet: decimalAmountSchema,
  validBet: decimalAmountSchema,
  payout: decimalAmountSchema,
  /** payout - bet: the member's win (positive) or loss. */
  winLoss: decimalAmountSchema,
  currency: z.string(),
  placedAt: z.string(),
  settledAt: z.string(),
});
export type AdminMemberBet = z.infer<typeof adminMemberBetSchema>;

/** `from`/`to` bound the settled time. */
export const adminMemberBetsEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/bets',
  params: memberHistoryParamsSchema,
  query: z.object({
    platform: platformIdSchema.optional(),
    category: z.coerce.number().int().min(1).max(99).optional(),
    ...rangeFields,
    ...pageFields,
  }),
  response: pageOf(adminMemberBetSchema).extend({
    /** Sums of every round the filters select. */
    totals: z.object({
      bet: decimalAmountSchema,
      validBet: decimalAmountSchema,
      payout: decimalAmountSchema,
      winLoss: decimalAmountSchema,
    }),
    currency: z.string(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Rewards.

/**
 * promotion: a promotion claim (deposit bonus, application); sign_in: a sign-in day (a re-sign's
 * cost makes it negative); gift: a gift exchange; vip_upgrade, vip_monthly, vip_rebate: VIP
 * money (a rebate is per day of valid bets).
 */
export const MEMBER_REWARD_KINDS = [
  'promotion',
  'sign_in',
  'gift',
  'vip_upgrade',
  'vip_monthly',
  'vip_rebate',
] as const;
/** A claim's (CLAIM_STATUSES) or a gift exchange's (EXCHANGE_STATUSES); VIP money is paid. */
export const MEMBER_REWARD_STATUSES = [
  'joined',
  'pending',
  'paid',
  'rejected',
  'pending_delivery',
  'delivered',
] as const satisfies readonly (
  (typeof CLAIM_STATUSES)[number] | (typeof EXCHANGE_STATUSES)[number]
)[];

export const adminMemberRewardSchema = z.object({
  kind: z.enum(MEMBER_REWARD_KINDS),
  /** The row's id within its kind (a claim, exchange, sign-in day or VIP reward). */
  id: z.string(),
  /** The promotion's title, the gift's name, or `VIP <level>`, in the request's language. */
  title: z.string(),
  promotionId: z.string().nullable(),
  /** Money to the wallet; 0 for an item gift or a claim not paid. */
  amount: decimalAmountSchema,
  currency: z.string(),
  /** Claims: joined, pending, paid, rejected; gifts: paid, pending_delivery, delivered, rejected. */
  status: z.enum(MEMBER_REWARD_STATUSES),
  /** A gift exchange: the valid-bet turnover it used up. */
  turnoverCost: decimalAmountSchema.nullable(),
  /**
   * What it was for: the deposit order of a deposit bonus, the day signed (`sign 2026-03-01`,
   * `resign ...`), the VIP period (month or day).
   */
  detail: z.string().nullable(),
  /** The operator who reviewed a claim or handled a gift. */
  reviewer: z.string().nullable(),
  note: z.string().nullable(),
  ledgerEntryId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminMemberReward = z.infer<typeof adminMemberRewardSchema>;

export const adminMemberRewardsEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/rewards',
  params: memberHistoryParamsSchema,
  query: z.object({
    kind: z.enum(MEMBER_REWARD_KINDS).optional(),
    status: z.enum(MEMBER_REWARD_STATUSES).optional(),
    ...rangeFields,
    ...pageFields,
  }),
  response: pageOf(adminMemberRewardSchema),
} as const;

// ---------------------------------------------------------------------------------------------
// Linked accounts.

/**
 * device: a registration or session device id; ip: a registration or login address;
 * payout_account: the same card, Alipay account or coin address; phone; email.
 */
export const MEMBER_LINK_KINDS = ['device', 'ip', 'payout_account', 'phone', 'email'] as const;

/** At most this many linked members are listed (`capped` says when more may exist). */
export const MEMBER_LINKS_CAP = 200;

export const adminLinkedMemberSchema = z.object({
  id: z.string(),
  brand: z.string(),
  username: z.string(),
  status: z.enum(['active', 'disabled']),
  /** What this member shares with the member asked about (payout accounts masked). */
  links: z.array(z.object({ kind: z.enum(MEMBER_LINK_KINDS), value: z.string() })),
});
export type AdminLinkedMember = z.infer<typeof adminLinkedMemberSchema>;

export const adminMemberLinkedEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/linked',
  params: memberHistoryParamsSchema,
  response: z.object({
    /** Linked members of the operator's brands, the most links first. */
    items: z.array(adminLinkedMemberSchema),
    /**
     * Linked members of brands outside the operator's: only how many, per kind of link (a member
     * linked in two ways counts in both).
     */
    otherBrands: z.array(z.object({ kind: z.enum(MEMBER_LINK_KINDS), count: z.number().int() })),
    /**
     * True when a shared value (a carrier's NAT address, say) matched more accounts than are
     * read: the lists and counts are then a part of the links, not all of them.
     */
    capped: z.boolean(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Net deposits.

/**
 * What the member deposited less what was paid out to them over the range, from the ledger (as
 * the member's own transaction records show it): confirmed deposits credited, withdrawals paid.
 */
export const adminMemberNetDepositsEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/net-deposits',
  params: memberHistoryParamsSchema,
  query: z.object({ ...rangeFields }),
  response: z.object({
    /** The range read: `from` is the 12-month bound when none was asked; `to` null for now. */
    from: z.string(),
    to: z.string().nullable(),
    deposits: decimalAmountSchema,
    withdrawals: decimalAmountSchema,
    netDeposits: decimalAmountSchema,
    currency: z.string(),
  }),
} as const;
