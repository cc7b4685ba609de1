import type { CashierClaimFilter } from '@lobby/contracts';
import { CURRENCIES, type CurrencyCode } from '@lobby/money';
import { commonError } from './app-error.ts';

/**
 * Rules the deposit and the withdrawal queues share (contracts: cashier.ts): who may claim an
 * order in review, and amount filters across currencies. Pure: the modules' repositories lock
 * and write the rows, their services log each change.
 */

/** A claim as a repository reads it, with `stale` worked out by the database clock. */
export type ReviewClaim = {
  operatorId: bigint;
  /** The holder's username. */
  operator: string;
  claimedAt: Date;
  activeAt: Date;
  holdReason: string | null;
  heldAt: Date | null;
  stale: boolean;
};

/** What happens when an operator wants an order: free, theirs already, or someone else's. */
export type ClaimVerdict =
  | { kind: 'free' }
  | { kind: 'own' }
  /** Another operator's claim that went stale, or one taken over with `cashier.takeover`. */
  | { kind: 'taken'; from: ReviewClaim; stale: boolean }
  | { kind: 'refused'; holder: ReviewClaim };

export function judgeClaim(
  claim: ReviewClaim | null,
  caller: { operatorId: bigint; takeover?: boolean },
): ClaimVerdict {
  if (!claim) return { kind: 'free' };
  if (claim.operatorId === caller.operatorId) return { kind: 'own' };
  if (claim.stale) return { kind: 'taken', from: claim, stale: true };
  if (caller.takeover) return { kind: 'taken', from: claim, stale: false };
  return { kind: 'refused', holder: claim };
}

/** The claim as the action log keeps it, before and after a change. */
export function claimSnapshot(claim: ReviewClaim | null) {
  return claim
    ? {
        claimedBy: claim.operator,
        claimedAt: claim.claimedAt.toISOString(),
        onHold: claim.holdReason !== null,
        holdReason: claim.holdReason,
      }
    : null;
}

/** The review fields of a queue row (contracts: cashierReviewFields). */
export function reviewFields(claim: ReviewClaim | null, notesCount: number) {
  return {
    claimedBy: claim?.operator ?? null,
    claimedAt: claim?.claimedAt.toISOString() ?? null,
    claimActiveAt: claim?.activeAt.toISOString() ?? null,
    claimStale: claim?.stale ?? false,
    onHold: claim !== null && claim.holdReason !== null,
    holdReason: claim?.holdReason ?? null,
    heldAt: claim?.heldAt?.toISOString() ?? null,
    notesCount,
  };
}

/**
 * A decimal filter amount in minor units of each currency: a lower bound rounds up and an upper
 * one down, so "at least 10.005" in CNY means at least 10.01. The text is already checked to be
 * digits with at most six decimals.
 */
export function amountBoundPerCurrency(
  text: string,
  rounding: 'up' | 'down',
): Map<CurrencyCode, bigint> {
  const [whole = '0', fraction = ''] = text.split('.');
  const bounds = new Map<CurrencyCode, bigint>();
  for (const code of Object.keys(CURRENCIES) as CurrencyCode[]) {
    const { scale } = CURRENCIES[code];
    const kept = fraction.slice(0, scale).padEnd(scale, '0');
    let minor = BigInt(`${whole}${kept}`);
    const dropped = fraction.slice(scale);
    if (rounding === 'up' && /[1-9]/.test(dropped)) minor += 1n;
    bounds.set(code, minor);
  }
  return bounds;
}

/** Filter amounts compared at six decimals: is the lower bound above the upper one? */
function crossed(min: string | undefined, max: string | undefined): boolean {
  if (min === undefined || max === undefined) return false;
  const micro = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(`${whole}${fraction.padEnd(6, '0')}`);
  };
  return micro(min) > micro(max);
}

/** The paging, bounds and times of a queue query, refused as `validation` when they cross. */
export function queueWindow(query: {
  limit: number;
  amountMin?: string | undefined;
  amountMax?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}) {
  if (crossed(query.amountMin, query.amountMax)) {
    throw commonError('validation', [{ path: 'amountMax', code: 'below_amount_min' }]);
  }
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from > to) {
    throw commonError('validation', [{ path: 'to', code: 'before_from' }]);
  }
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = paged ? (query.pageSize ?? 50) : query.limit;
  const page = query.page ?? 1;
  return {
    paged,
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    from,
    to,
    amountMinMinor:
      query.amountMin === undefined ? undefined : amountBoundPerCurrency(query.amountMin, 'up'),
    amountMaxMinor:
      query.amountMax === undefined ? undefined : amountBoundPerCurrency(query.amountMax, 'down'),
  };
}

/**
 * The filter fields both queues' repositories share (db/review-claims.ts), from a queue query
 * and its window: each queue adds its own (status, channel).
 */
export function reviewFilter(
  operatorId: bigint,
  query: {
    brands: readonly string[] | null;
    claim?: CashierClaimFilter | undefined;
    username?: string | undefined;
  },
  window: ReturnType<typeof queueWindow>,
) {
  return {
    brands: query.brands,
    claim: query.claim,
    operatorId,
    usernameKey: query.username?.toLowerCase(),
    amountMinMinor: window.amountMinMinor,
    amountMaxMinor: window.amountMaxMinor,
    from: window.from,
    to: window.to,
  };
}
