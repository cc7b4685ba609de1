import { z } from 'zod';
import { adminApprovalSchema, APPROVAL_STATUSES } from './approvals.ts';
import {
  cashierClaimBodySchema,
  cashierHoldBodySchema,
  cashierMemberSchema,
  cashierNoteBodySchema,
  cashierNoteSchema,
  cashierPageSchema,
  cashierQueueQueryFields,
  cashierReleaseBodySchema,
  cashierReviewFields,
} from './cashier.ts';
import { decimalAmountSchema } from './wallet.ts';
import {
  adminWithdrawalSchema,
  WITHDRAWAL_STATUSES,
  withdrawalOrderNoParams,
} from './withdrawal.ts';

/**
 * The withdrawal queue of the back office (JSON, bearer token): claims, holds and notes as in
 * cashier.ts, the second approval an order waits for, and risk signals the server computes when
 * it reads them (nothing is stored). What each signal means:
 *
 * - `first_withdrawal`: no earlier withdrawal of the member was paid.
 * - `new_payout_account`: the payout account was added within RISK_NEW_ACCOUNT_HOURS before the
 *   request.
 * - `low_wagering`: since the member's previous withdrawal (not rejected; else since they
 *   joined) until this request, valid bets are below the confirmed deposits (ratio under 1.00).
 * - `large_win`: within RISK_LARGE_WIN_HOURS before the request a settled round paid at least
 *   RISK_LARGE_WIN_AMOUNT (brand currency) more than its stake.
 * - `linked_accounts`: other members of the brand share a device id, a registration or login
 *   address, or a payout account number with this member.
 * - `ip_changed` / `device_changed`: the session the member used at their last confirmed deposit
 *   before the request (the latest session opened by then) has another address / device id than
 *   the session they requested the withdrawal in.
 */

export const WITHDRAWAL_RISK_FLAGS = [
  'first_withdrawal',
  'new_payout_account',
  'low_wagering',
  'large_win',
  'linked_accounts',
  'ip_changed',
  'device_changed',
] as const;
export type WithdrawalRiskFlag = (typeof WITHDRAWAL_RISK_FLAGS)[number];

/** Hours before the request within which a new payout account is a signal. */
export const RISK_NEW_ACCOUNT_HOURS = 24;
/** Hours before the request searched for large wins. */
export const RISK_LARGE_WIN_HOURS = 24;
/** A round's payout minus stake at least this (in the brand's currency) is a large win. */
export const RISK_LARGE_WIN_AMOUNT = '10000';

/** The second approval an order waits for (an open maker-checker request). */
export const withdrawalApprovalSummarySchema = z.object({
  id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  /** The operator (username) who asked for it: the maker. */
  requestedBy: z.string(),
  requestedAt: z.string(),
});

/** A row of the withdrawal queue. */
export const adminWithdrawalQueueRowSchema = adminWithdrawalSchema.extend({
  ...cashierReviewFields,
  /** The open second-approval request of the order, if any. */
  approvalRequest: withdrawalApprovalSummarySchema.nullable(),
  /** The risk signals set (WITHDRAWAL_RISK_FLAGS); the detail has their figures. */
  riskFlags: z.array(z.enum(WITHDRAWAL_RISK_FLAGS)),
});
export type AdminWithdrawalQueueRow = z.infer<typeof adminWithdrawalQueueRowSchema>;
export const adminWithdrawalQueuePageSchema = cashierPageSchema(adminWithdrawalQueueRowSchema);

/** Where and how a member was signed in at a moment (their session then). */
const accessSchema = z.object({
  /** When that session was opened (the login). */
  sessionAt: z.string(),
  ip: z.string().nullable(),
  deviceNo: z.string().nullable(),
});

/** The risk signals of a withdrawal with their figures; amounts in the order's currency. */
export const withdrawalRiskSchema = z.object({
  flags: z.array(z.enum(WITHDRAWAL_RISK_FLAGS)),
  firstWithdrawal: z.boolean(),
  payoutAccount: z.object({
    addedAt: z.string(),
    /** Added within RISK_NEW_ACCOUNT_HOURS before the request. */
    recentlyAdded: z.boolean(),
  }),
  wagering: z.object({
    /** The previous withdrawal's request time; null: since the member joined. */
    since: z.string().nullable(),
    deposits: decimalAmountSchema,
    validBets: decimalAmountSchema,
    /** Valid bets / deposits, two decimals; null without deposits. */
    ratio: z.string().nullable(),
    low: z.boolean(),
  }),
  largeWins: z.object({
    threshold: decimalAmountSchema,
    /** Rounds over the threshold within RISK_LARGE_WIN_HOURS before the request. */
    count: z.number().int(),
    /** The largest payout minus stake among them; null when none. */
    largest: decimalAmountSchema.nullable(),
  }),
  linkedAccounts: z.object({
    /** Other members sharing any of the identifiers below. */
    total: z.number().int(),
    byDevice: z.number().int(),
    byIp: z.number().int(),
    byPayoutAccount: z.number().int(),
  }),
  access: z.object({
    /** The last confirmed deposit before the request (when the member made it); null: none. */
    depositAt: z.string().nullable(),
    atDeposit: accessSchema.nullable(),
    atRequest: accessSchema.nullable(),
    /** Null when either side is unknown. */
    ipChanged: z.boolean().nullable(),
    deviceChanged: z.boolean().nullable(),
  }),
});
export type WithdrawalRisk = z.infer<typeof withdrawalRiskSchema>;

/**
 * The withdrawal queue: pending oldest first, decided newest first, unless `sort`/`order` say
 * otherwise. Without `page`/`pageSize` the answer is an array of at most `limit` rows (as
 * before); with either it is a page (adminWithdrawalQueuePageSchema).
 */
export const adminWithdrawalsEndpoint = {
  method: 'GET',
  path: '/admin/api/withdrawals',
  query: z.object({
    status: z.enum(WITHDRAWAL_STATUSES).default('pending'),
    brand: z.string().trim().min(1).max(32).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    ...cashierQueueQueryFields,
  }),
  response: z.union([z.array(adminWithdrawalQueueRowSchema), adminWithdrawalQueuePageSchema]),
} as const;

/** One order with its member, notes, open second-approval request and risk signals. */
export const adminWithdrawalDetailEndpoint = {
  method: 'GET',
  path: '/admin/api/withdrawals/:orderNo',
  params: withdrawalOrderNoParams,
  response: z.object({
    order: adminWithdrawalQueueRowSchema,
    member: cashierMemberSchema,
    /** Oldest first. */
    notes: z.array(cashierNoteSchema),
    /** The open second-approval request, in full; null when none is open. */
    approvalRequest: adminApprovalSchema.nullable(),
    risk: withdrawalRiskSchema,
  }),
} as const;
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetailEndpoint.response>;

export const adminClaimWithdrawalEndpoint = {
  method: 'POST',
  path: '/admin/api/withdrawals/:orderNo/claim',
  params: withdrawalOrderNoParams,
  body: cashierClaimBodySchema,
  response: adminWithdrawalQueueRowSchema,
} as const;

export const adminReleaseWithdrawalEndpoint = {
  method: 'POST',
  path: '/admin/api/withdrawals/:orderNo/release',
  params: withdrawalOrderNoParams,
  body: cashierReleaseBodySchema,
  response: adminWithdrawalQueueRowSchema,
} as const;

export const adminHoldWithdrawalEndpoint = {
  method: 'POST',
  path: '/admin/api/withdrawals/:orderNo/hold',
  params: withdrawalOrderNoParams,
  body: cashierHoldBodySchema,
  response: adminWithdrawalQueueRowSchema,
} as const;

export const adminAddWithdrawalNoteEndpoint = {
  method: 'POST',
  path: '/admin/api/withdrawals/:orderNo/notes',
  params: withdrawalOrderNoParams,
  body: cashierNoteBodySchema,
  response: cashierNoteSchema,
} as const;
