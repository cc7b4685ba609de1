import { z } from 'zod';
import { dateTimeSchema } from './dates.ts';
import { multiline } from './text.ts';
import { decimalAmountSchema } from './wallet.ts';

/**
 * The cashier queues of the back office (JSON, bearer token): what the deposit and the
 * withdrawal review share. An operator claims an order in review so that colleagues see who
 * works on it; only the holder decides it (confirm, reject, approve); a decision on an unclaimed
 * order claims it for the length of its transaction. A claim may be put on hold with a reason
 * (waiting for the member's documents) and released. Review notes are append-only.
 *
 * A claim goes stale after CASHIER_CLAIM_IDLE_MINUTES without a claim or hold by its holder
 * (CASHIER_HOLD_IDLE_HOURS while on hold): anyone may then claim the order. Before that only an
 * operator holding `cashier.takeover` may take it, by claiming with `takeover: true`.
 */

/** Minutes after which an idle claim is stale and anyone may claim the order. */
export const CASHIER_CLAIM_IDLE_MINUTES = 30;
/** Hours after which an idle claim on hold is stale. */
export const CASHIER_HOLD_IDLE_HOURS = 24;

/**
 * Queue filters by claim (open orders only): `mine` claimed by the caller, `unclaimed` free to
 * claim (no claim, or a stale one), `claimed` held by someone (not stale), `held` on hold.
 */
export const CASHIER_CLAIM_FILTERS = ['mine', 'unclaimed', 'claimed', 'held'] as const;
export type CashierClaimFilter = (typeof CASHIER_CLAIM_FILTERS)[number];

export const CASHIER_SORTS = ['createdAt', 'amount'] as const;

/** The review state every queue row and detail carries. */
export const cashierReviewFields = {
  /** The operator (username) holding the order; null when nobody does. */
  claimedBy: z.string().nullable(),
  claimedAt: z.string().nullable().describe('ISO 8601'),
  /** The holder's last claim or hold: staleness counts from here. */
  claimActiveAt: z.string().nullable().describe('ISO 8601'),
  /** True when the claim is stale: anyone may claim the order. */
  claimStale: z.boolean(),
  onHold: z.boolean(),
  holdReason: z.string().nullable(),
  heldAt: z.string().nullable().describe('ISO 8601'),
  notesCount: z.number().int(),
};

/** A review note: append-only, with its author. */
export const cashierNoteSchema = z.object({
  id: z.string(),
  /** The operator's username. */
  author: z.string(),
  body: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});
export type CashierNote = z.infer<typeof cashierNoteSchema>;

/** The member an order belongs to, as the cashier sees them beside it. */
export const cashierMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  currency: z.string(),
  /** Centre wallet and locked (withdrawals in review), in `currency`. */
  balance: decimalAmountSchema,
  locked: decimalAmountSchema,
  /** Confirmed deposits, all time. */
  depositsCount: z.number().int(),
  depositsTotal: decimalAmountSchema,
});
export type CashierMember = z.infer<typeof cashierMemberSchema>;

const decimalFilterSchema = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,6})?$/, 'a decimal amount');

/**
 * Queue query fields both lists take besides their own. Without `page` (and `pageSize`) a list
 * answers a plain array of at most `limit` rows, as it always did; with either it answers a page
 * `{items, total, page, pageSize}`.
 */
export const cashierQueueQueryFields = {
  claim: z.enum(CASHIER_CLAIM_FILTERS).optional(),
  /** The member's username, exactly (any case). */
  username: z.string().trim().min(1).max(64).optional(),
  /** Amount at least / at most, in the order's currency. */
  amountMin: decimalFilterSchema.optional(),
  amountMax: decimalFilterSchema.optional(),
  /** Requested at or after `from`, before `to`. */
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
  sort: z.enum(CASHIER_SORTS).optional(),
  /** Without it: the list's own order (see each list). */
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
};

/** A page of a queue. */
export function cashierPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    items: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Claim an order; `takeover` takes a live claim of another operator (`cashier.takeover`). */
export const cashierClaimBodySchema = z.object({ takeover: z.boolean().optional() }).nullish();
export const cashierReleaseBodySchema = z.object({}).nullish();
/** Put the order on hold (claiming it when free), with the reason colleagues see. */
export const cashierHoldBodySchema = z.object({
  reason: multiline(z.string().trim().min(1).max(200)),
});
export const cashierNoteBodySchema = z.object({
  body: multiline(z.string().trim().min(1).max(1000)),
});
