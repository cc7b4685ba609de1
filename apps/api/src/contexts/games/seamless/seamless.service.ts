import {
  catalogPlatform,
  seamlessBalanceRequest,
  seamlessCreditRequest,
  seamlessDebitRequest,
  seamlessRollbackRequest,
  verifyRequest,
  type SeamlessCreditRequest,
  type SeamlessDebitRequest,
  type SeamlessOkResponse,
  type SeamlessOperation,
  type SeamlessRollbackRequest,
} from '@lobby/game-protocol';
import { findRefusedText } from '@lobby/contracts';
import type { LimitsService } from '../../protection/limits/index.ts';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand, type BrandRegistry } from '../../platform/brand/index.ts';
import { memberIdOfPlayer } from '../games/index.ts';
import type { GuardPart, LedgerService, PostResult } from '../../money/ledger/index.ts';
import { findMemberById } from '../../identity/member/index.ts';
import {
  creditHash,
  currencyOfRow,
  debitHash,
  DebitAlreadyReversed,
  movementInput,
  STAKE_GATE,
  STAKE_LIMITS,
  parseBody,
  repeatOutcome,
  rollbackHash,
  seamlessLedgerKey,
  seamlessRefusal,
  SEAMLESS_REASONS,
  StakeLimitReached,
  TransactionIdTaken,
  walletAfter,
  type Player,
  type PlayerUse,
  type RecordedKind,
} from './seamless-rules.ts';
import {
  findTransaction,
  hasHeldDebitInRound,
  insertTransactionIfNew,
  heldDebitGuard,
  transactionRowWithEntry,
  markDebitRolledBack,
  type NewSeamlessTransactionRow,
  type SeamlessTransactionRow,
} from './seamless.repository.ts';

export { SEAMLESS_REASONS, seamlessLedgerKey, seamlessRefusal } from './seamless-rules.ts';

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
  readonly #limits: Pick<LimitsService, 'stakeWithinLimits'>;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    brands: BrandRegistry;
    /** The platform's signing secret (ProviderClient.secretOf). */
    secretOf: (platformId: number) => string;
    /** The clock of the signature's freshness check; Date.now unless a caller needs another. */
    now?: () => number;
    /** The member's loss and wager limits (player protection): counted on each stake. */
    limits: Pick<LimitsService, 'stakeWithinLimits'>;
  }) {
    this.#limits = dependencies.limits;
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
   * A bet: the centre wallet to the platform's game results, or insufficient_funds. One round
   * trip when it goes through: the money gate, the entry and the transaction's row in one
   * statement (LedgerService.postIf). A repeat is found by the ledger's key or the row's unique
   * index; a refusal reads the row first, since a repeat answers as the first call did.
   */
  async debit(platformId: number, request: SeamlessDebitRequest): Promise<SeamlessOkResponse> {
    const hash = debitHash(request);
    const named = this.#named(request.player);
    if (!named || !named.brand.config.platformIds.includes(platformId)) {
      const existing = await findTransaction(this.#db, platformId, request.transactionId);
      if (existing) return this.#answerRepeat(existing, 'debit', hash);
      throw seamlessRefusal('player_not_found');
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
    let refusal: string | null = null;
    try {
      const result = await this.#post(platformId, 'debit', player, request, amountMinor, row, {
        name: 'gate',
        build: STAKE_GATE,
        values: { gate_brand: player.brandCode, gate_member: String(player.memberId) },
      });
      const counted =
        'refused' in result && result.refused === STAKE_LIMITS
          ? await this.#limitedDebit(platformId, player, request, amountMinor, row)
          : result;
      if ('refused' in counted) refusal = counted.refused;
      else if (!counted.replayed) return this.#ok(walletAfter(counted, player.memberId));
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'insufficient_funds')) {
        return this.#answerAfterRace(platformId, request.transactionId, 'debit', hash, error);
      }
      refusal = 'insufficient_funds';
    }
    // The ledger had the key: a concurrent copy won.
    if (refusal === null) {
      return this.#answerRecorded(platformId, request.transactionId, 'debit', hash);
    }
    // Refused: a repeat of a recorded id answers as the first call did, whatever changed since.
    const existing = await findTransaction(this.#db, platformId, request.transactionId);
    if (existing) return this.#answerRepeat(existing, 'debit', hash);
    if (refusal === 'member_not_found' || refusal === 'member_disabled') {
      throw seamlessRefusal('player_not_found');
    }
    if (refusal === 'limit_reached' || refusal === 'account_excluded') {
      // The member's own limit or exclusion: the protocol's limit code, the id buried.
      if (await insertTransactionIfNew(this.#db, { ...row, kind: 'tombstone' })) {
        throw seamlessRefusal('limit_reached', await this.#walletOf(player));
      }
      return this.#answerRecorded(platformId, request.transactionId, 'debit', hash);
    }
    // Short of funds, or the money gate: a frozen or closed account stakes nothing. The
    // platform's protocol has no code of its own for the gate (Lobby cannot add one to a
    // provider's), so the stake is refused as the funds refusal it is to the platform, and its
    // id buried like one.
    const buried = await insertTransactionIfNew(this.#db, { ...row, kind: 'tombstone' });
    if (buried) throw seamlessRefusal('insufficient_funds', await this.#walletOf(player));
    // Another call took the id meanwhile.
    return this.#answerRecorded(platformId, request.transactionId, 'debit', hash);
  }

  /**
   * A win (or zero for a loss): the platform's game results to the centre wallet. A win is one
   * round trip when it goes through: the round's held debit (which also proves the member), the
   * entry and the transaction's row in one statement. Anything else (no held debit, a repeat, a
   * loss) reads what it needs.
   */
  async credit(platformId: number, request: SeamlessCreditRequest): Promise<SeamlessOkResponse> {
    const hash = creditHash(request);
    const named = this.#named(request.player);
    const amountMinor = BigInt(request.amountMinor);
    const rowOf = (player: Player): NewSeamlessTransactionRow => ({
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
    });
    if (named !== null && amountMinor > 0n) {
      let replayed = false;
      try {
        const result = await this.#post(
          platformId,
          'credit',
          named,
          request,
          amountMinor,
          rowOf(named),
          heldDebitGuard(platformId, request.roundId, named.memberId, named.brandCode),
        );
        if (!('refused' in result)) {
          if (!result.replayed) return this.#ok(walletAfter(result, named.memberId));
          replayed = true;
        }
      } catch (error) {
        return this.#answerAfterRace(platformId, request.transactionId, 'credit', hash, error);
      }
      if (replayed) return this.#answerRecorded(platformId, request.transactionId, 'credit', hash);
    }
    // No held debit in the round (or nothing to post): read what the round and the id say.
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
    const row = rowOf(player);
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
    // The debit came back meanwhile (a race with the statement above): post as usual.
    try {
      const result = await this.#post(platformId, 'credit', player, request, amountMinor, row);
      if (!('refused' in result) && !result.replayed) {
        return this.#ok(walletAfter(result, player.memberId));
      }
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

  /**
   * A stake of a member with a loss or wager limit: the debit and its row in a transaction that
   * then counts the member's play with the limit rows locked (concurrent stakes of the member
   * count each other) and undoes it all when a limit would be passed: `limit_reached`.
   */
  async #limitedDebit(
    platformId: number,
    player: Player,
    request: { roundId: string; gameCode: string },
    amountMinor: bigint,
    row: NewSeamlessTransactionRow,
  ): Promise<PostResult | { refused: string }> {
    const brand = this.#brands.get(player.brandCode);
    if (!brand) return { refused: 'member_not_found' };
    const input = movementInput(platformId, 'debit', player, request, amountMinor, row);
    try {
      return await this.#ledger.post(input, async (tx, entryId) => {
        if (!(await insertTransactionIfNew(tx, { ...row, ledgerEntryId: entryId }))) {
          throw new TransactionIdTaken();
        }
        if (!(await this.#limits.stakeWithinLimits(tx, brand, player.memberId))) {
          throw new StakeLimitReached();
        }
      });
    } catch (error) {
      if (error instanceof StakeLimitReached) return { refused: 'limit_reached' };
      throw error;
    }
  }

  /**
   * Posts a debit or credit with its row in the same statement, when `guard` (a check in that
   * statement) lets it.
   */
  #post(
    platformId: number,
    operation: 'debit' | 'credit',
    player: Player,
    request: { roundId: string; gameCode: string },
    amountMinor: bigint,
    row: NewSeamlessTransactionRow,
    guard?: GuardPart,
  ): Promise<PostResult | { refused: string }> {
    const input = movementInput(platformId, operation, player, request, amountMinor, row);
    // The row in the entry's own statement: an id taken meanwhile fails it, nothing moves.
    const insert = transactionRowWithEntry(row);
    return guard
      ? this.#ledger.postIf(input, { guard, insert })
      : this.#ledger.post(input, { insert });
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
