import { createHash, randomInt } from 'node:crypto';
import type { CurrencyCode } from '@lobby/money';
import type { SQL } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { LEDGER_ERRORS } from './ledger.errors.ts';
import {
  accountsByIds,
  applyMovement,
  ensureAccount,
  evaluateGuard,
  findAccount,
  findEntryByKey,
  findLedgerViolations,
  isMissingAccount,
  isNegativeBalance,
  legsOfEntry,
  memberBalances,
  type AccountIdentity,
  type LedgerViolation,
  type MovedAccount,
  type Movement,
  type MovementLeg,
  type MovementPart,
  type MovementRelations,
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

/** Account ids a process remembers (about 100 bytes each). */
const ACCOUNT_IDS_REMEMBERED = 200_000;

/** Balances after an entry of the member accounts it touched. */
export type MemberLeg = PostResult['memberBalances'][number];

/** A check in the movement's own statement (LedgerService.postIf): null goes on. */
export type GuardPart = MovementPart<SQL>;
/**
 * Rows written in the movement's own statement: common table expressions over its relations
 * (ledger.repository.ts MovementRelations).
 */
export type InsertPart = MovementPart<(relations: MovementRelations) => SQL>;
type AlongsideFunction = (
  transaction: Transaction,
  entryId: bigint,
  memberBalances: MemberLeg[],
) => Promise<void>;

/**
 * What is written with a new entry or not at all (LedgerService.post): one INSERT ... SELECT
 * in the movement's own statement, or a function run in its transaction.
 */
export type Alongside = { insert: InsertPart } | AlongsideFunction;

function memberLegs(accounts: Omit<MovedAccount, never>[]): MemberLeg[] {
  return accounts
    .filter((account) => account.memberId !== null)
    .map((account) => ({
      kind: account.kind,
      memberId: account.memberId as bigint,
      balanceMinor: account.balanceMinor,
    }));
}

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
  readonly #accountIds = new Map<string, bigint>();

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Posts an entry in one statement (ledger.repository.ts `applyMovement`). `alongside` is what
   * must change with the money or not at all, written only for a new entry (not on a replay):
   * - `{ insert }`: one INSERT ... SELECT in the same statement (the fast path: one round trip,
   *   row locks held only while the statement runs); a failure in it posts nothing;
   * - a function: run in a transaction after the movement, with the entry's id and the member
   *   accounts' balances after it (an order's status, a turnover requirement); if it throws,
   *   nothing is posted.
   */
  async post(input: PostInput, alongside?: Alongside): Promise<PostResult> {
    const outcome = await this.#move(
      input,
      typeof alongside === 'function'
        ? alongside
        : {
            insert: alongside?.insert,
          },
    );
    if ('refused' in outcome) throw new Error('ledger: a refusal without a guard');
    return outcome;
  }

  /**
   * Posts an entry in one statement when `guard` lets it: a text expression over the database,
   * evaluated in the statement itself, null to go on, anything else to refuse (what it answered
   * is returned, and nothing moved). What the guard reads and the movement commit as one
   * statement, so there is no round trip between the check and the money. `insert` as in post.
   */
  async postIf(
    input: PostInput,
    parts: { guard: GuardPart; insert?: InsertPart },
  ): Promise<PostResult | { refused: string }> {
    return this.#move(input, parts);
  }

  async #move(
    input: PostInput,
    alongside: { guard?: GuardPart; insert?: InsertPart | undefined } | AlongsideFunction,
  ): Promise<PostResult | { refused: string }> {
    assertBalancedLines(input.lines);
    const hash = requestHash(input);
    const parts = typeof alongside === 'function' ? {} : alongside;
    const legs: MovementLeg[] = [];
    for (const line of input.lines) {
      let accountId = await this.#accountId(input.brandCode, line.account, !parts.guard);
      if (accountId === undefined) {
        // A member's first movement under a guard: the guard decides before the account is
        // made, so a refused call (a member of another brand, say) leaves no account behind.
        const refused = await evaluateGuard(this.#db, parts.guard!);
        if (refused !== null) return { refused };
        accountId = await this.#accountId(input.brandCode, line.account);
      }
      legs.push({ accountId, currency: line.account.currency, amountMinor: line.amountMinor });
    }
    // Each account once, in id order: the fixed order of row locks (no deadlock).
    // Legs of one account apply in the order given: the lowest its balance goes on the way
    // must not be below zero either (a cost the member cannot pay fails even when a reward in
    // the same entry would cover it), so each account carries its lowest running sum.
    const sums = new Map<bigint, { amountMinor: bigint; lowestMinor: bigint }>();
    for (const leg of legs) {
      const running = (sums.get(leg.accountId)?.amountMinor ?? 0n) + leg.amountMinor;
      const lowest = sums.get(leg.accountId)?.lowestMinor;
      sums.set(leg.accountId, {
        amountMinor: running,
        lowestMinor: lowest === undefined || running < lowest ? running : lowest,
      });
    }
    const accounts = [...sums]
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
      .map(([accountId, sum]) => ({ accountId, ...sum }));
    const movement: Movement = {
      entry: {
        brandCode: input.brandCode,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        actorType: input.actor.type,
        actorId: input.actor.id,
        memo: input.memo ?? null,
      },
      accounts,
      legs,
      ...(parts.guard ? { guard: parts.guard } : {}),
      ...(parts.insert ? { insert: parts.insert } : {}),
    };
    const run = async (): Promise<PostResult | { refused: string }> => {
      if (typeof alongside !== 'function') {
        const moved = await applyMovement(this.#db, movement);
        if (moved.refused !== null) return { refused: moved.refused };
        if (moved.entryId === null) return this.#replay(this.#db, input, hash);
        return {
          entryId: moved.entryId,
          replayed: false,
          memberBalances: memberLegs(moved.accounts),
        };
      }
      return this.#db.transaction(async (transaction) => {
        const moved = await applyMovement(transaction, movement);
        if (moved.entryId === null) return this.#replay(transaction, input, hash);
        const balances = memberLegs(moved.accounts);
        await alongside(transaction, moved.entryId, balances);
        return { entryId: moved.entryId, replayed: false, memberBalances: balances };
      });
    };
    try {
      return await run();
    } catch (error) {
      if (isNegativeBalance(error)) throw appError(LEDGER_ERRORS, 'insufficient_funds');
      if (!isMissingAccount(error)) throw error;
    }
    // An account id this process remembered is gone (a database replaced under a running
    // process): forget them all and post once more with ids read afresh.
    this.#accountIds.clear();
    return this.#move(input, alongside);
  }

  /** A key posted before: the first entry when the request is the same, else a conflict. */
  async #replay(executor: Executor, input: PostInput, hash: string): Promise<PostResult> {
    const existing = await findEntryByKey(executor, input.brandCode, input.idempotencyKey);
    if (!existing || existing.requestHash !== hash) {
      throw appError(LEDGER_ERRORS, 'idempotency_conflict');
    }
    const legs = await legsOfEntry(executor, existing.id);
    const accounts = await accountsByIds(executor, [...new Set(legs.map((leg) => leg.accountId))]);
    return {
      entryId: existing.id,
      replayed: true,
      memberBalances: memberLegs(
        accounts.map((account) => ({ ...account, accountId: account.id })),
      ),
    };
  }

  /**
   * The id of an account, created on first use unless `create` is false (then undefined when it
   * does not exist yet). Ids never change and accounts are never deleted, so each process
   * remembers them (bounded) and a movement needs no lookup.
   */
  async #accountId(brandCode: string, account: AccountRef): Promise<bigint>;
  async #accountId(
    brandCode: string,
    account: AccountRef,
    create: boolean,
  ): Promise<bigint | undefined>;
  async #accountId(
    brandCode: string,
    account: AccountRef,
    create = true,
  ): Promise<bigint | undefined> {
    const member = isMemberAccount(account);
    const identity: AccountIdentity = {
      brandCode,
      kind: account.kind,
      memberId: member ? account.memberId : null,
      ref: account.ref ?? '',
      currency: account.currency,
      shard: member ? 0 : randomInt(HOUSE_SHARDS),
      allowNegative: !member,
    };
    const key = `${brandCode}\u0000${identity.kind}\u0000${identity.memberId ?? ''}\u0000${identity.ref}\u0000${identity.currency}\u0000${identity.shard}`;
    const known = this.#accountIds.get(key);
    if (known !== undefined) return known;
    const id = create
      ? await ensureAccount(this.#db, identity)
      : await findAccount(this.#db, identity);
    if (id === undefined) return undefined;
    if (this.#accountIds.size >= ACCOUNT_IDS_REMEMBERED) {
      // The oldest first (a Map keeps insertion order).
      const oldest = this.#accountIds.keys().next();
      if (!oldest.done) this.#accountIds.delete(oldest.value);
    }
    this.#accountIds.set(key, id);
    return id;
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
