import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  catalogPlatform,
  seamlessBalanceRequest,
  seamlessCreditRequest,
  seamlessDebitRequest,
  seamlessRollbackRequest,
  verifyRequest,
  type SeamlessCreditRequest,
  type SeamlessDebitRequest,
  type SeamlessErrorCode,
  type SeamlessOkResponse,
  type SeamlessOperation,
  type SeamlessRollbackRequest,
} from '@lobby/game-protocol';
import { findRefusedText } from '@lobby/contracts';
import { isCurrencyCode, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand, type BrandRegistry } from '../../platform/brand/index.ts';
import { memberIdOfPlayer } from '../games/index.ts';
import type { LedgerService, PostResult } from '../../money/ledger/index.ts';
import { findMemberById, memberMoneyStatus } from '../../identity/member/index.ts';
import { SEAMLESS_ERRORS } from './seamless.errors.ts';
import {
  findTransaction,
  hasHeldDebitInRound,
  insertTransactionIfNew,
  insertTransactionWithEntry,
  markDebitRolledBack,
  type NewSeamlessTransactionRow,
  type SeamlessTransactionRow,
} from './seamless.repository.ts';

/** One callback as it reached us: the path's platform and operation, headers, the raw body. */
export type SeamlessCall = {
  platformId: number;
  operation: SeamlessOperation;
  /** The request's path with its query, exactly as signed. */
  pathAndQuery: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body text exactly as received: the signature covers these bytes. */
  body: string;
};

/** Ledger reasons of the seamless movements. */
export const SEAMLESS_REASONS = {
  debit: 'game_bet',
  credit: 'game_payout',
  rollback: 'game_bet_rollback',
} as const;

/** The ledger's idempotency key of a platform's transaction id (unique per platform). */
export function seamlessLedgerKey(platformId: number, transactionId: string): string {
  return `seamless:${platformId}:${transactionId}`;
}

/** A refusal in the protocol's terms; `balanceMinor` is answered with insufficient_funds. */
export function seamlessRefusal(code: SeamlessErrorCode, balanceMinor?: bigint): AppError {
  return appError(
    SEAMLESS_ERRORS,
    code,
    balanceMinor === undefined ? undefined : { params: { balanceMinor: balanceMinor.toString() } },
  );
}

/** What a platform's player name stands for at Lobby. */
type Player = { brandCode: string; memberId: bigint; currency: CurrencyCode };

/**
 * `play`: a balance or a debit, which start play, so the member must be active and the platform
 * enabled for the brand. `settle`: a credit or rollback closes what a debit opened; refusing it
 * because the operator disabled the member or the platform since would leave the member without
 * a win or without the refund of a cancelled stake, so only the member's existence is checked.
 */
type PlayerUse = 'play' | 'settle';

type RecordedKind = SeamlessTransactionRow['kind'];

/** Thrown inside a ledger transaction to undo it when the transaction id was taken meanwhile. */
class TransactionIdTaken extends Error {
  constructor() {
    super('seamless transaction id taken by a concurrent call');
  }
}

/** Thrown inside a reversal to undo it when another rollback reversed the debit first. */
class DebitAlreadyReversed extends Error {
  constructor() {
    super('seamless debit reversed by a concurrent rollback');
  }
}

/** SHA-256 of what a call asks for: a repeat must ask for exactly the same. */
function hashOf(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function debitHash(request: SeamlessDebitRequest): string {
  return hashOf(['debit', request.player, request.roundId, request.gameCode, request.amountMinor]);
}

function creditHash(request: SeamlessCreditRequest): string {
  return hashOf(['credit', request.player, request.roundId, request.gameCode, request.amountMinor]);
}

function rollbackHash(request: SeamlessRollbackRequest): string {
  return hashOf(['rollback', request.player, request.roundId, request.originalTransactionId]);
}

/**
 * The answer a repeated transaction id gets: the first outcome when the body is the same.
 *
 * A tombstone is an id that will never move money. One left by a rollback of a debit we never
 * saw names that rollback (`relatedTransactionId`): any debit under the id is refused with
 * transaction_rolled_back. One left by a refusal (insufficient funds for a debit, no debit in the
 * round for a credit) carries the refused call's hash, so a copy of that call is refused again
 * rather than succeeding later, when the platform has already taken the refusal as final.
 */
function repeatOutcome(
  row: SeamlessTransactionRow,
  operation: RecordedKind,
  hash: string,
): 'ok' | SeamlessErrorCode {
  if (row.kind === 'tombstone') {
    if (row.relatedTransactionId !== null) {
      return operation === 'debit' ? 'transaction_rolled_back' : 'transaction_conflict';
    }
    if (row.requestHash !== hash) return 'transaction_conflict';
    return operation === 'debit' ? 'insufficient_funds' : 'round_not_found';
  }
  if (row.kind !== operation || row.requestHash !== hash) return 'transaction_conflict';
  return 'ok';
}

function parseBody<Schema extends z.ZodType>(schema: Schema, json: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw seamlessRefusal('invalid_request');
  return parsed.data;
}

function walletAfter(result: PostResult, memberId: bigint): bigint {
  const wallet = result.memberBalances.find(
    (leg) => leg.kind === 'member_wallet' && leg.memberId === memberId,
  );
  if (!wallet) throw new Error('seamless: the entry has no centre-wallet leg');
  return wallet.balanceMinor;
}

function currencyOfRow(row: SeamlessTransactionRow): CurrencyCode {
  if (!isCurrencyCode(row.currency)) throw new Error(`seamless: unknown currency ${row.currency}`);
  return row.currency;
}

/**
 * The seamless wallet (DESIGN.md section 4): platforms of wallet type 2 debit the member's
 * centre wallet for a bet, credit it with a win and roll a debit back, by signed callbacks. Each
 * transaction id takes effect at most once: the ledger entry and the seamless_transactions row
 * are written in one transaction, the row's unique (platform, transaction id) settles races, and
 * every repeat answers from the row. Refusals are final for the platform, so each one leaves the
 * database as it was (or records only that the id is dead).
 */
export class SeamlessService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #brands: BrandRegistry;
  readonly #secretOf: (platformId: number) => string;
  readonly #now: () => number;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    brands: BrandRegistry;
    /** The platform's signing secret (ProviderClient.secretOf). */
    secretOf: (platformId: number) => string;
    /** The clock of the signature's freshness check; Date.now unless a caller needs another. */
    now?: () => number;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#brands = dependencies.brands;
    this.#secretOf = dependencies.secretOf;
    this.#now = dependencies.now ?? Date.now;
  }

  /** Checks a callback's platform and signature, then carries out its operation. */
  async handle(call: SeamlessCall): Promise<SeamlessOkResponse> {
    const platform = catalogPlatform(call.platformId);
    if (!platform || platform.walletType !== 2) {
      // No seamless wallet at this path: the same answer as any unknown path under the prefix.
      throw new AppError('invalid_request', 404);
    }
    const check = verifyRequest({
      headers: call.headers,
      method: 'POST',
      pathAndQuery: call.pathAndQuery,
      body: call.body,
      // Only the path's platform may sign for it: another platform's valid signature is refused.
      secretOf: (platformId) =>
        platformId === call.platformId ? this.#secretOf(platformId) : undefined,
      now: this.#now(),
    });
    if (!check.ok) throw seamlessRefusal('bad_signature');

    let json: unknown;
    try {
      json = JSON.parse(call.body);
    } catch {
      throw seamlessRefusal('invalid_request');
    }
    // The text rule of every request (no control characters) holds for signed callers too.
    if (findRefusedText(json)) throw seamlessRefusal('invalid_request');
    switch (call.operation) {
      case 'balance':
        return this.balance(call.platformId, parseBody(seamlessBalanceRequest, json).player);
      case 'debit':
        return this.debit(call.platformId, parseBody(seamlessDebitRequest, json));
      case 'credit':
        return this.credit(call.platformId, parseBody(seamlessCreditRequest, json));
      case 'rollback':
        return this.rollback(call.platformId, parseBody(seamlessRollbackRequest, json));
    }
  }

  async balance(platformId: number, playerName: string): Promise<SeamlessOkResponse> {
    const player = await this.#player(platformId, playerName, 'play');
    return this.#ok(await this.#walletOf(player));
  }

  /**
   * A bet: the centre wallet to the platform's game results, or insufficient_funds. Two round
   * trips: the member with the money gate, then the entry with the transaction's row in one
   * statement. A repeat is found by the ledger's key or the row's unique index.
   */
  async debit(platformId: number, request: SeamlessDebitRequest): Promise<SeamlessOkResponse> {
    const hash = debitHash(request);
    const named = this.#named(request.player);
    const member =
      named && (await memberMoneyStatus(this.#db, named.brandCode, named.memberId, 'bet'));
    const playable =
      named !== null &&
      member !== undefined &&
      member !== null &&
      member.status === 'active' &&
      named.brand.config.platformIds.includes(platformId);
    if (!playable || member.refusal) {
      // A repeat of a recorded id answers as the first call did, whatever changed since.
      const existing = await findTransaction(this.#db, platformId, request.transactionId);
      if (existing) return this.#answerRepeat(existing, 'debit', hash);
      if (!playable) throw seamlessRefusal('player_not_found');
    }
    const player: Player = named;
    const amountMinor = BigInt(request.amountMinor);
    const row: NewSeamlessTransactionRow = {
      platformId,
      transactionId: request.transactionId,
      kind: 'debit',
      brandCode: player.brandCode,
      memberId: player.memberId,
      roundId: request.roundId,
      gameCode: request.gameCode,
      currency: player.currency,
      amountMinor,
      requestHash: hash,
    };
    let refusedForFunds = false;
    try {
      // The money gate: a frozen or closed account stakes nothing. The platform's protocol has
      // no code of its own for that (Lobby cannot add one to a provider's), so the stake is
      // refused as the funds refusal it is to the platform, and its id buried like one.
      if (member.refusal) throw seamlessRefusal('insufficient_funds');
      const result = await this.#post(platformId, 'debit', player, request, amountMinor, row);
      if (!result.replayed) return this.#ok(walletAfter(result, player.memberId));
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'insufficient_funds')) {
        return this.#answerAfterRace(platformId, request.transactionId, 'debit', hash, error);
      }
      refusedForFunds = true;
    }
    if (refusedForFunds) {
      const buried = await insertTransactionIfNew(this.#db, { ...row, kind: 'tombstone' });
      if (buried) throw seamlessRefusal('insufficient_funds', await this.#walletOf(player));
    }
    // The ledger had the key (a concurrent copy won) or another call took the id meanwhile.
    return this.#answerRecorded(platformId, request.transactionId, 'debit', hash);
  }

  /**
   * A win (or zero for a loss): the platform's game results to the centre wallet. The happy
   * path is two round trips: the round's held debit (which also proves the member), then the
   * ledger entry with the transaction's row in one statement.
   */
  async credit(platformId: number, request: SeamlessCreditRequest): Promise<SeamlessOkResponse> {
    const hash = creditHash(request);
    const named = this.#named(request.player);
    const held =
      named !== null &&
      (await hasHeldDebitInRound(
        this.#db,
        platformId,
        request.roundId,
        named.memberId,
        named.brandCode,
      ));
    if (!held) {
      const existing = await findTransaction(this.#db, platformId, request.transactionId);
      if (existing) return this.#answerRepeat(existing, 'credit', hash);
    }
    const player = held ? named : await this.#player(platformId, request.player, 'settle');
    const amountMinor = BigInt(request.amountMinor);
    const row: NewSeamlessTransactionRow = {
      platformId,
      transactionId: request.transactionId,
      kind: 'credit',
      brandCode: player.brandCode,
      memberId: player.memberId,
      roundId: request.roundId,
      gameCode: request.gameCode,
      currency: player.currency,
      amountMinor,
      requestHash: hash,
    };
    if (!held) {
      const buried = await insertTransactionIfNew(this.#db, { ...row, kind: 'tombstone' });
      if (buried) throw seamlessRefusal('round_not_found');
      return this.#answerRecorded(platformId, request.transactionId, 'credit', hash);
    }
    if (amountMinor === 0n) {
      // A lost round closes with a credit of zero: recorded, but the ledger has nothing to post.
      if (await insertTransactionIfNew(this.#db, row))
        return this.#ok(await this.#walletOf(player));
      return this.#answerRecorded(platformId, request.transactionId, 'credit', hash);
    }
    try {
      const result = await this.#post(platformId, 'credit', player, request, amountMinor, row);
      if (!result.replayed) return this.#ok(walletAfter(result, player.memberId));
    } catch (error) {
      return this.#answerAfterRace(platformId, request.transactionId, 'credit', hash, error);
    }
    return this.#answerRecorded(platformId, request.transactionId, 'credit', hash);
  }

  /**
   * Undoes a debit: reverses it if we hold it and it is not reversed yet; if we never saw it,
   * moves nothing and buries its id, so the debit arriving late is refused. Answers ok either
   * way, as the protocol says: after it, the debit has no effect.
   */
  async rollback(
    platformId: number,
    request: SeamlessRollbackRequest,
  ): Promise<SeamlessOkResponse> {
    const hash = rollbackHash(request);
    if (request.transactionId === request.originalTransactionId) {
      throw seamlessRefusal('invalid_request');
    }
    // Each pass either answers or finds that a concurrent call changed what it read; the next
    // pass reads again. Two passes settle any race; the third is a margin.
    for (let pass = 0; pass < 3; pass++) {
      const existing = await findTransaction(this.#db, platformId, request.transactionId);
      if (existing) return this.#answerRepeat(existing, 'rollback', hash);
      const player = await this.#player(platformId, request.player, 'settle');
      const target = await findTransaction(this.#db, platformId, request.originalTransactionId);
      const row: NewSeamlessTransactionRow = {
        platformId,
        transactionId: request.transactionId,
        kind: 'rollback',
        brandCode: player.brandCode,
        memberId: player.memberId,
        roundId: request.roundId,
        gameCode: null,
        currency: player.currency,
        amountMinor: 0n,
        relatedTransactionId: request.originalTransactionId,
        requestHash: hash,
      };

      if (!target) {
        if (await this.#bury(row, request)) return this.#ok(await this.#walletOf(player));
        continue;
      }

      if (target.kind === 'credit' || target.kind === 'rollback') {
        throw seamlessRefusal('invalid_request');
      }
      if (target.memberId !== player.memberId || target.roundId !== request.roundId) {
        // The id is a debit of another player or round: not the one this rollback describes.
        throw seamlessRefusal('transaction_conflict');
      }
      if (target.kind === 'tombstone' || target.rolledBack) {
        // Nothing to undo (never applied, or reversed already): recorded, nothing moves.
        if (await insertTransactionIfNew(this.#db, row)) {
          return this.#ok(await this.#walletOf(player));
        }
        continue;
      }

      try {
        const result = await this.#ledger.post(
          {
            brandCode: player.brandCode,
            reason: SEAMLESS_REASONS.rollback,
            idempotencyKey: seamlessLedgerKey(platformId, request.transactionId),
            actor: { type: 'provider', id: String(platformId) },
            memo: `${platformId}/${request.roundId}/${request.originalTransactionId}`,
            lines: [
              {
                account: {
                  kind: 'house_game_results',
                  ref: String(platformId),
                  currency: player.currency,
                },
                amountMinor: -target.amountMinor,
              },
              {
                account: {
                  kind: 'member_wallet',
                  memberId: player.memberId,
                  currency: player.currency,
                },
                amountMinor: target.amountMinor,
              },
            ],
          },
          async (transaction, entryId) => {
            const marked = await markDebitRolledBack(
              transaction,
              platformId,
              request.originalTransactionId,
              request.transactionId,
            );
            if (!marked) throw new DebitAlreadyReversed();
            const recorded = await insertTransactionIfNew(transaction, {
              ...row,
              amountMinor: target.amountMinor,
              ledgerEntryId: entryId,
            });
            if (!recorded) throw new TransactionIdTaken();
          },
        );
        if (!result.replayed) return this.#ok(walletAfter(result, player.memberId));
      } catch (error) {
        if (!(error instanceof DebitAlreadyReversed || error instanceof TransactionIdTaken)) {
          return this.#answerAfterRace(platformId, request.transactionId, 'rollback', hash, error);
        }
      }
    }
    throw new Error(`seamless rollback ${request.transactionId}: no stable state after 3 passes`);
  }

  /**
   * Leaves the tombstone of a debit we never saw, with the rollback's own row; false when the
   * debit (or anything under either id) arrived meanwhile, so the caller reads again.
   */
  async #bury(row: NewSeamlessTransactionRow, request: SeamlessRollbackRequest): Promise<boolean> {
    try {
      return await this.#db.transaction(async (transaction) => {
        const tombstone = await insertTransactionIfNew(transaction, {
          ...row,
          transactionId: request.originalTransactionId,
          kind: 'tombstone',
          relatedTransactionId: request.transactionId,
        });
        if (!tombstone) return false;
        if (!(await insertTransactionIfNew(transaction, row))) throw new TransactionIdTaken();
        return true;
      });
    } catch (error) {
      // The rollback's own id was taken: undo the tombstone too; the next read answers.
      if (error instanceof TransactionIdTaken) return false;
      throw error;
    }
  }

  /** Posts a debit or credit with its row in the same statement. */
  #post(
    platformId: number,
    operation: 'debit' | 'credit',
    player: Player,
    request: { roundId: string; gameCode: string },
    amountMinor: bigint,
    row: NewSeamlessTransactionRow,
  ): Promise<PostResult> {
    const house = {
      kind: 'house_game_results' as const,
      ref: String(platformId),
      currency: player.currency,
    };
    const wallet = {
      kind: 'member_wallet' as const,
      memberId: player.memberId,
      currency: player.currency,
    };
    const toMember = operation === 'credit' ? amountMinor : -amountMinor;
    return this.#ledger.post(
      {
        brandCode: player.brandCode,
        reason: SEAMLESS_REASONS[operation],
        idempotencyKey: seamlessLedgerKey(platformId, row.transactionId),
        actor: { type: 'provider', id: String(platformId) },
        memo: `${platformId}/${request.roundId}/${request.gameCode}`,
        lines: [
          { account: wallet, amountMinor: toMember },
          { account: house, amountMinor: -toMember },
        ],
      },
      // The row in the entry's own statement: an id taken meanwhile fails it, nothing moves.
      { insert: insertTransactionWithEntry(row) },
    );
  }

  /**
   * The member behind a player name: the brand is the part before the last underscore, the
   * member id the digits after it. Anything that does not resolve is player_not_found.
   */
  async #player(platformId: number, playerName: string, use: PlayerUse): Promise<Player> {
    const named = this.#named(playerName);
    if (!named) throw seamlessRefusal('player_not_found');
    const { brand, brandCode, memberId } = named;
    const member = await findMemberById(this.#db, brandCode, memberId);
    if (!member) throw seamlessRefusal('player_not_found');
    if (
      use === 'play' &&
      (member.status !== 'active' || !brand.config.platformIds.includes(platformId))
    ) {
      throw seamlessRefusal('player_not_found');
    }
    return { brandCode, memberId, currency: brandCurrency(brand) };
  }

  /** What a player name says, without reading the database; null when it names no member. */
  #named(playerName: string): (Player & { brand: Brand }) | null {
    const brandCode = playerName.slice(0, playerName.lastIndexOf('_'));
    const brand = this.#brands.get(brandCode);
    const memberId = brand ? memberIdOfPlayer(brandCode, playerName) : null;
    if (!brand || memberId === null) return null;
    return { brand, brandCode, memberId, currency: brandCurrency(brand) };
  }

  async #walletOf(player: Player): Promise<bigint> {
    const balances = await this.#ledger.balances(
      player.brandCode,
      player.memberId,
      player.currency,
    );
    return balances.walletMinor;
  }

  #ok(balanceMinor: bigint): SeamlessOkResponse {
    return { status: 'ok', balanceMinor: balanceMinor.toString() };
  }

  /** Answers a repeat of a recorded transaction id, with the member's current balance. */
  async #answerRepeat(
    row: SeamlessTransactionRow,
    operation: RecordedKind,
    hash: string,
  ): Promise<SeamlessOkResponse> {
    const outcome = repeatOutcome(row, operation, hash);
    if (outcome === 'ok' || outcome === 'insufficient_funds') {
      const balance = await this.#walletOf({
        brandCode: row.brandCode,
        memberId: row.memberId,
        currency: currencyOfRow(row),
      });
      if (outcome === 'ok') return this.#ok(balance);
      throw seamlessRefusal(outcome, balance);
    }
    throw seamlessRefusal(outcome);
  }

  /** After losing a race for the id: the winner's row decides the answer. */
  async #answerRecorded(
    platformId: number,
    transactionId: string,
    operation: RecordedKind,
    hash: string,
  ): Promise<SeamlessOkResponse> {
    const row = await findTransaction(this.#db, platformId, transactionId);
    if (!row) throw new Error(`seamless transaction ${platformId}/${transactionId} vanished`);
    return this.#answerRepeat(row, operation, hash);
  }

  /**
   * A write failed: when the id is recorded now, a concurrent call took it (or the ledger key
   * clashed with it) and its row answers; otherwise the failure is ours and propagates (500, the
   * platform retries).
   */
  async #answerAfterRace(
    platformId: number,
    transactionId: string,
    operation: RecordedKind,
    hash: string,
    error: unknown,
  ): Promise<SeamlessOkResponse> {
    const row = await findTransaction(this.#db, platformId, transactionId);
    if (!row) throw error;
    return this.#answerRepeat(row, operation, hash);
  }
}
