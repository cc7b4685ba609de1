import { createHash, randomInt } from 'node:crypto';
import type { CurrencyCode } from '@lobby/money';
import type { Database, Transaction } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { LEDGER_ERRORS } from './ledger.errors.ts';
import {
  applyToBalance,
  ensureAccount,
  findEntryByKey,
  findLedgerViolations,
  insertEntryIfNew,
  insertPostings,
  memberBalances,
  postingsOfEntry,
  type AccountIdentity,
  type LedgerViolation,
} from './ledger.repository.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import type { LedgerReason } from './ledger-reasons.ts';

/** A member's own accounts: these never go below zero. */
export type MemberAccountKind = 'member_wallet' | 'member_locked' | 'member_platform';
/** The operator's side; these may go negative (money coming in shows as a negative clearing). */
export type HouseAccountKind =
  | 'house_deposit_clearing'
  | 'house_withdrawals_payable'
  | 'house_promotions'
  | 'house_rebates'
  | 'house_adjustments'
  | 'house_game_results'
  | 'house_in_transit'
  | 'house_commissions';

export type AccountRef =
  | { kind: MemberAccountKind; memberId: bigint; ref?: string; currency: CurrencyCode }
  | { kind: HouseAccountKind; ref?: string; currency: CurrencyCode };

export type PostingLine = { account: AccountRef; amountMinor: bigint };

export type LedgerActor = {
  type: 'member' | 'operator' | 'job' | 'provider' | 'system';
  id: string;
};

/**
 * The ledger's actor of an operator's movement: the operator's id, which never changes and is
 * the key of the action log, never a username.
 */
export function operatorActor(operator: OperatorIdentity): LedgerActor {
  return { type: 'operator', id: String(operator.operatorId) };
}

export type PostInput = {
  brandCode: string;
  /** Why money moved: deposit, withdrawal_request, withdrawal_paid, adjustment, ... */
  reason: LedgerReason;
  /** Unique per brand; a replay with the same key and body returns the first result. */
  idempotencyKey: string;
  actor: LedgerActor;
  memo?: string;
  lines: PostingLine[];
};

export type PostResult = {
  entryId: bigint;
  /** True when the key had been posted before and nothing moved this time. */
  replayed: boolean;
  /** Balance after the entry of each member account it touched, by kind (and ref). */
  memberBalances: { kind: string; memberId: bigint; balanceMinor: bigint }[];
};

/** House accounts are spread over this many rows so they do not serialise every movement. */
export const HOUSE_SHARDS = 8;

function isMemberAccount(
  account: AccountRef,
): account is Extract<AccountRef, { memberId: bigint }> {
  return account.kind.startsWith('member_');
}

/** A programmer's mistake in a posting (not a member's): it must crash loudly, not be answered. */
function assertBalancedLines(lines: PostingLine[]): void {
  if (lines.length < 2) throw new Error('ledger: an entry needs two or more postings');
  const totals = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amountMinor === 0n) throw new Error('ledger: a posting of zero');
    totals.set(line.account.currency, (totals.get(line.account.currency) ?? 0n) + line.amountMinor);
  }
  for (const [currency, total] of totals) {
    if (total !== 0n) throw new Error(`ledger: postings in ${currency} sum to ${total}, not zero`);
  }
}

/** What identifies a movement for replays: reason and legs, not the house shard drawn. */
function requestHash(input: PostInput): string {
  const legs = input.lines.map((line) => [
    line.account.kind,
    isMemberAccount(line.account) ? String(line.account.memberId) : '',
    line.account.ref ?? '',
    line.account.currency,
    String(line.amountMinor),
  ]);
  return createHash('sha256')
    .update(JSON.stringify([input.reason, legs]))
    .digest('hex');
}

/**
 * The one way money moves (DESIGN.md section 4): a double-entry journal entry of postings that
 * sum to zero per currency, idempotent by key, balances updated in the same transaction with
 * conditional updates taken in account-id order, so no interleaving overdraws or deadlocks.
 */
export class LedgerService {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Posts an entry. `alongside` runs in the same transaction after the postings of a new entry
   * (not on a replay): an order's status, a turnover requirement, anything that must change
   * with the money or not at all. If it throws, nothing is posted.
   */
  async post(
    input: PostInput,
    alongside?: (transaction: Transaction, entryId: bigint) => Promise<void>,
  ): Promise<PostResult> {
    assertBalancedLines(input.lines);
    const hash = requestHash(input);
    return this.#db.transaction(async (transaction) => {
      const entryId = await insertEntryIfNew(transaction, {
        brandCode: input.brandCode,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        actorType: input.actor.type,
        actorId: input.actor.id,
        memo: input.memo ?? null,
      });
      if (entryId === null) {
        const existing = await findEntryByKey(transaction, input.brandCode, input.idempotencyKey);
        if (!existing || existing.requestHash !== hash) {
          throw appError(LEDGER_ERRORS, 'idempotency_conflict');
        }
        return {
          entryId: existing.id,
          replayed: true,
          memberBalances: await this.#memberLegs(transaction, existing.id),
        };
      }

      const legs: { accountId: bigint; amountMinor: bigint; currency: string }[] = [];
      for (const line of input.lines) {
        const identity: AccountIdentity = {
          brandCode: input.brandCode,
          kind: line.account.kind,
          memberId: isMemberAccount(line.account) ? line.account.memberId : null,
          ref: line.account.ref ?? '',
          currency: line.account.currency,
          shard: isMemberAccount(line.account) ? 0 : randomInt(HOUSE_SHARDS),
          allowNegative: !isMemberAccount(line.account),
        };
        legs.push({
          accountId: await ensureAccount(transaction, identity),
          amountMinor: line.amountMinor,
          currency: line.account.currency,
        });
      }
      // A fixed order of row locks: two entries touching the same accounts never deadlock.
      legs.sort((left, right) =>
        left.accountId < right.accountId ? -1 : left.accountId > right.accountId ? 1 : 0,
      );
      for (const leg of legs) {
        const balance = await applyToBalance(transaction, leg.accountId, leg.amountMinor);
        if (balance === null) throw appError(LEDGER_ERRORS, 'insufficient_funds');
      }
      await insertPostings(
        transaction,
        legs.map((leg) => ({ entryId, ...leg })),
      );
      await alongside?.(transaction, entryId);
      return {
        entryId,
        replayed: false,
        memberBalances: await this.#memberLegs(transaction, entryId),
      };
    });
  }

  async #memberLegs(executor: Parameters<typeof postingsOfEntry>[0], entryId: bigint) {
    const rows = await postingsOfEntry(executor, entryId);
    return rows
      .filter((row) => row.memberId !== null)
      .map((row) => ({
        kind: row.kind,
        memberId: row.memberId as bigint,
        balanceMinor: row.balanceMinor,
      }));
  }

  /** A member's centre wallet and locked amount in a currency (zero before any movement). */
  async balances(
    brandCode: string,
    memberId: bigint,
    currency: CurrencyCode,
  ): Promise<{ walletMinor: bigint; lockedMinor: bigint; platformsMinor: bigint }> {
    const rows = await memberBalances(this.#db, brandCode, memberId, currency);
    const sum = (kind: string) =>
      rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.balanceMinor, 0n);
    return {
      walletMinor: sum('member_wallet'),
      lockedMinor: sum('member_locked'),
      platformsMinor: sum('member_platform'),
    };
  }

  /** The invariants of DESIGN.md section 4 on the current database; empty when all hold. */
  async check(): Promise<LedgerViolation[]> {
    return findLedgerViolations(this.#db);
  }
}
