import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language, RECYCLE_RESULTS, TransferOrder, WalletPlatform } from '@lobby/contracts';
import {
  catalogPlatform,
  REQUEST_MAX_AGE_MS,
  type ProviderErrorCode,
  type TransferResponse,
} from '@lobby/game-protocol';
import { errorMessage } from '@lobby/i18n';
import { isCurrencyCode, parseAmount, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import {
  brandPlatform,
  brandPlatforms,
  localized,
  GAMES_ERRORS,
  platformIconUrl,
  type PlayerDirectory,
  type ProviderClient,
  type ProviderOutcome,
} from '../games/index.ts';
import type { LedgerActor, LedgerService, PostingLine } from '../../money/ledger/index.ts';
import {} from '../../identity/member/index.ts';
import {
  claimDueTransfers,
  findTransferById,
  findTransferByKey,
  finishTransfer,
  hasTransferInTransit,
  insertTransfer,
  listMemberTransfers,
  listRecycleTransfers,
  platformBooks,
  platformsInMaintenance,
  platformsInTransit,
  playerPlatforms,
  rescheduleTransfer,
  sumInTransit,
  type TransferRow,
} from './transfer.repository.ts';
import { uniqueViolation } from '../../../db/errors.ts';

/**
 * Why a final order failed, as error codes (their texts are in the errors namespace). The two
 * of the platform's own refusals keep the codes a member already knows.
 */
export const TRANSFER_FAILURE_REASONS = [
  'platform_insufficient_balance',
  'player_in_round',
  'game_maintenance',
  'platform_unavailable',
  /** The platform's status query answered failed (it refused the order, nothing moved). */
  'transfer_refused',
  /** The platform never received the order, and no longer can (REQUEST_MAX_AGE_MS passed). */
  'transfer_not_received',
] as const;
export type TransferFailureReason = (typeof TRANSFER_FAILURE_REASONS)[number];

/** The first status query of an order in transit: after the request path had its answer. */
export const FIRST_CHECK_DELAY_MS = 15_000;
/** Status queries back off from this, doubling, up to the cap. */
export const CHECK_BACKOFF_BASE_MS = 5_000;
export const CHECK_BACKOFF_CAP_MS = 5 * 60_000;
/**
 * A claimed order is not claimed again before this, unless its check finished first: one status
 * query's time (the provider timeout, 5 s by default) with room to spare, and short, because a
 * claim left by a node that died holds the order (and the member's money in transit) this long.
 * Only one sweep runs at a time, so a slow batch outliving it costs at most a second query.
 */
export const CHECK_LEASE_MS = 10_000;
/**
 * A platform refuses a request signed longer ago than REQUEST_MAX_AGE_MS, so an order older than
 * that (plus this margin for clock drift between us and the platform) that the platform does not
 * know can never land: only then is "not found" final.
 */
export const NOT_FOUND_MARGIN_MS = 60_000;
/** The age of an order after which the platform's "not found" is final. */
export const NOT_FOUND_FINAL_AFTER_MS = REQUEST_MAX_AGE_MS + NOT_FOUND_MARGIN_MS;
/** How far past that age the query that can decide is due (clocks read in whole milliseconds). */
export const DECIDING_CHECK_DELAY_MS = 1_000;
/** The wallet list asks every platform at once; one slower than this shows the book value. */
export const WALLET_LIST_TIMEOUT_MS = 2_000;

type Direction = 'in' | 'out';

/** What one order is for, before it exists. */
type OrderIntent = {
  brandCode: string;
  memberId: bigint;
  currency: CurrencyCode;
  platformId: number;
  direction: Direction;
  idempotencyKey: string;
  requestHash: string;
  orderNo: string;
  recycleBatch: string | null;
};

export type TransferInput = {
  platform: number;
  type: Direction;
  amount: string;
  idempotencyKey: string;
};

export type TransferAnswer = { order: TransferOrder; balance: string };

export type RecycleResult = {
  platformId: number;
  platformName: string;
  result: (typeof RECYCLE_RESULTS)[number];
  amount: string;
  reason: string | null;
  reasonText: string | null;
  orderNo: string | null;
};

export type RecycleAnswer = { results: RecycleResult[]; recycled: string; balance: string };

export type ReconcileReport = {
  /** Orders whose status was asked. */
  checked: number;
  /** Of those, the ones now final. */
  settled: number;
  /** Of those, the ones still in transit (asked again later). */
  pending: number;
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * An order number from the request itself: `T` and 20 base32 characters (100 bits) of the
 * SHA-256 of brand, member, idempotency key and, for a recycle, the platform. The same request
 * always names the same order, which is what lets the platform's idempotency (and a seeded
 * simulator's faults) recognise a repeat; the hash keeps it unguessable from outside.
 */
export function transferOrderNo(
  brandCode: string,
  memberId: bigint,
  idempotencyKey: string,
  platformId?: number,
): string {
  const digest = createHash('sha256')
    .update([brandCode, String(memberId), idempotencyKey, platformId ?? ''].join('\n'))
    .digest();
  let bits = 0;
  let value = 0;
  let text = 'T';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && text.length < 21) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (text.length === 21) break;
  }
  return text;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The idempotency key of one platform's order within a recycle: `@` is never in a member's key. */
function recycleOrderKey(recycleKey: string, platformId: number): string {
  return `${recycleKey}@${platformId}`;
}

function currencyOf(row: TransferRow): CurrencyCode {
  if (!isCurrencyCode(row.currency)) throw new Error(`transfer ${row.orderNo}: ${row.currency}`);
  return row.currency;
}

function platformNameOf(platformId: number, language: Language): string {
  const platform = catalogPlatform(platformId);
  return platform ? localized(platform.name, language) : String(platformId);
}

export function toTransferOrder(row: TransferRow, language: Language): TransferOrder {
  const currency = currencyOf(row);
  return {
    orderNo: row.orderNo,
    platformId: row.platformId,
    platformName: platformNameOf(row.platformId, language),
    direction: row.direction,
    amount: toDecimalString(row.amountMinor, currency),
    currency,
    status: row.status,
    reason: row.reason,
    reasonText: row.reason === null ? null : errorMessage(row.reason, language),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Waits for `work` over `items`, at most `limit` at a time, answers in the items' order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A refusal of the platform's transfer answer, as the reason the member reads. */
function refusalReason(reason: TransferResponse['reason']): TransferFailureReason {
  switch (reason) {
    case 'insufficient_balance':
      return 'platform_insufficient_balance';
    case 'player_in_round':
      return 'player_in_round';
    default:
      // order_conflict: the platform holds another request under our order id and moved nothing
      // for this one; nothing the member can fix, so it reads as the platform's failure.
      return 'platform_unavailable';
  }
}

function providerRefusal(error: ProviderErrorCode): TransferFailureReason {
  return error === 'maintenance' ? 'game_maintenance' : 'platform_unavailable';
}

/** Money in flight between the member's centre wallet and the platforms (wallet module). */
export function transfersInTransitMinor(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: CurrencyCode,
): Promise<bigint> {
  return sumInTransit(executor, brandCode, memberId, currency);
}

/**
 * Transfers between the centre wallet and transfer-wallet platforms (DESIGN.md section 4), two
 * phase: the money moves to in-transit with the order in one transaction, the platform is called
 * with the order number as its idempotency key, and the answer posts the money on (success) or
 * back (failed). An unknown answer leaves the order in transit for `reconcile`, which asks the
 * platform until the outcome is final; nothing is ever refunded on a guess. Every ledger entry
 * is keyed by the order number and its step, so a retry after a crash never moves money twice.
 */
export class TransferService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #provider: ProviderClient;
  readonly #players: PlayerDirectory;
  readonly #now: () => Date;
  readonly #notFoundFinalAfterMs: number;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    provider: ProviderClient;
    players: PlayerDirectory;
    /** The clock of order ages and status schedules; tests move it instead of sleeping. */
    now?: () => Date;
    /**
     * The age after which "not found" is final (NOT_FOUND_FINAL_AFTER_MS). Only a test against
     * a platform that can no longer apply old requests may shorten it.
     */
    notFoundFinalAfterMs?: number;
    log?: FastifyBaseLogger;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#provider = dependencies.provider;
    this.#players = dependencies.players;
    this.#now = dependencies.now ?? (() => new Date());
    this.#notFoundFinalAfterMs = dependencies.notFoundFinalAfterMs ?? NOT_FOUND_FINAL_AFTER_MS;
    this.#log = dependencies.log;
  }

  // -------------------------------------------------------------------------------------------
  // Member calls.

  /**
   * One transfer, idempotent per member and key: the same key and request answer the same order
   * (whatever its state now), the same key with another request is idempotency_conflict.
   */
  async transfer(
    brand: Brand,
    memberId: bigint,
    input: TransferInput,
    language: Language,
  ): Promise<TransferAnswer> {
    const currency = brandCurrency(brand);
    const { platform } = brandPlatform(brand, input.platform);
    if (platform.walletType !== 1) throw appError(GAMES_ERRORS, 'transfer_not_supported');
    const parsed = parseAmount(input.amount, currency);
    if (!parsed.ok || parsed.minor <= 0n) throw appError(GAMES_ERRORS, 'transfer_amount_invalid');
    const row = await this.#transfer(brand, memberId, {
      platformId: platform.id,
      direction: input.type,
      amountMinor: parsed.minor,
      idempotencyKey: input.idempotencyKey,
    });
    return {
      order: toTransferOrder(row, language),
      balance: toDecimalString(
        await this.#walletMinor(brand.config.code, memberId, currency),
        currency,
      ),
    };
  }

  /**
   * The automatic transfer in before a game launch (GamesService's AutoTransferIn): the same
   * order as a member's transfer in, answered whatever its outcome.
   */
  /**
   * What each platform holds for the member by our books, and which platforms have a transfer
   * in transit: the game list shows both without asking any platform.
   */
  async platformStates(
    brandCode: string,
    memberId: bigint,
    currency: CurrencyCode,
  ): Promise<{ books: Map<number, bigint>; inTransit: Set<number> }> {
    const [books, inTransit] = await Promise.all([
      platformBooks(this.#db, brandCode, memberId, currency),
      platformsInTransit(this.#db, brandCode, memberId),
    ]);
    return { books, inTransit };
  }

  async autoTransferIn(input: {
    brand: Brand;
    language: Language;
    memberId: bigint;
    platformId: number;
    amountMinor: bigint;
    idempotencyKey: string;
  }): Promise<TransferOrder> {
    const { platform } = brandPlatform(input.brand, input.platformId);
    if (platform.walletType !== 1) throw appError(GAMES_ERRORS, 'transfer_not_supported');
    if (input.amountMinor <= 0n) throw appError(GAMES_ERRORS, 'transfer_amount_invalid');
    const row = await this.#transfer(input.brand, input.memberId, {
      platformId: platform.id,
      direction: 'in',
      amountMinor: input.amountMinor,
      idempotencyKey: input.idempotencyKey,
    });
    return toTransferOrder(row, input.language);
  }

  async #transfer(
    brand: Brand,
    memberId: bigint,
    request: {
      platformId: number;
      direction: Direction;
      amountMinor: bigint;
      idempotencyKey: string;
    },
  ): Promise<TransferRow> {
    const brandCode = brand.config.code;
    const { platformId, direction, amountMinor, idempotencyKey } = request;
    const requestHash = sha256(
      JSON.stringify(['transfer', platformId, direction, String(amountMinor)]),
    );
    const earlier = await findTransferByKey(this.#db, brandCode, memberId, idempotencyKey);
    if (earlier) return replayOf(earlier, requestHash);
    const intent: OrderIntent = {
      brandCode,
      memberId,
      currency: brandCurrency(brand),
      platformId,
      direction,
      idempotencyKey,
      requestHash,
      orderNo: transferOrderNo(brandCode, memberId, idempotencyKey),
      recycleBatch: null,
    };
    try {
      if ((await platformsInMaintenance(this.#db)).has(platformId)) {
        throw appError(GAMES_ERRORS, 'game_maintenance');
      }
      if (direction === 'in') return await this.#transferIn(intent, amountMinor);
      const out = await this.#transferOut(intent, amountMinor);
      if (out === 'empty') throw appError(GAMES_ERRORS, 'platform_insufficient_balance');
      return out;
    } catch (error) {
      // This attempt moved nothing, but a copy of the request (same key, sent twice, or retried
      // while the first was still out) may have made the order meanwhile: often the very reason
      // this one failed (the player being created, the order in transit, the money gone). The
      // member then gets that order, as the first copy answered, never a refusal of money that
      // moved.
      if (!(error instanceof AppError)) throw error;
      const made = await findTransferByKey(this.#db, brandCode, memberId, idempotencyKey);
      if (made) return replayOf(made, requestHash);
      throw error;
    }
  }

  /**
   * Every transfer-wallet platform where the member has a player moves its whole balance back
   * to the centre wallet, all at once, each under a key derived from the recycle's key. A repeat
   * answers the orders it made; platforms that had none (empty, skipped, refused before an order
   * existed) are looked at again, still under their one key each.
   */
  async recycle(
    brand: Brand,
    memberId: bigint,
    idempotencyKey: string,
    language: Language,
  ): Promise<RecycleAnswer> {
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const [players, earlier, maintenance, inTransit] = await Promise.all([
      playerPlatforms(this.#db, memberId),
      listRecycleTransfers(this.#db, brandCode, memberId, idempotencyKey),
      platformsInMaintenance(this.#db),
      platformsInTransit(this.#db, brandCode, memberId),
    ]);
    const earlierByPlatform = new Map(earlier.map((row) => [row.platformId, row]));
    const platforms = brandPlatforms(brand)
      .map((entry) => entry.platform)
      .filter((platform) => platform.walletType === 1 && players.has(platform.id));

    const baseOf = (platformId: number) => ({
      platformId,
      platformName: platformNameOf(platformId, language),
    });
    type Outcome = { result: RecycleResult; row?: TransferRow };
    const ofReason = (
      platformId: number,
      result: RecycleResult['result'],
      reason: string | null,
    ): Outcome => ({
      result: {
        ...baseOf(platformId),
        result,
        amount: toDecimalString(0n, currency),
        reason,
        reasonText: reason === null ? null : errorMessage(reason, language),
        orderNo: null,
      },
    });
    const ofOrder = (row: TransferRow): Outcome => {
      const order = toTransferOrder(row, language);
      return {
        row,
        result: {
          ...baseOf(row.platformId),
          result: row.status,
          amount: order.amount,
          reason: order.reason,
          reasonText: order.reasonText,
          orderNo: row.orderNo,
        },
      };
    };

    const attempts = await Promise.all(
      platforms.map(async (platform): Promise<Outcome> => {
        const prior = earlierByPlatform.get(platform.id);
        if (prior) return ofOrder(prior);
        if (maintenance.has(platform.id)) {
          return ofReason(platform.id, 'skipped', 'game_maintenance');
        }
        if (inTransit.has(platform.id)) {
          return ofReason(platform.id, 'skipped', 'transfer_in_progress');
        }
        const key = recycleOrderKey(idempotencyKey, platform.id);
        try {
          const out = await this.#transferOut(
            {
              brandCode,
              memberId,
              currency,
              platformId: platform.id,
              direction: 'out',
              idempotencyKey: key,
              requestHash: sha256(JSON.stringify(['recycle', platform.id])),
              orderNo: transferOrderNo(brandCode, memberId, idempotencyKey, platform.id),
              recycleBatch: idempotencyKey,
            },
            null,
          );
          return out === 'empty' ? ofReason(platform.id, 'empty', null) : ofOrder(out);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const skipped =
            error.code === 'transfer_in_progress' || error.code === 'game_maintenance';
          return ofReason(platform.id, skipped ? 'skipped' : 'failed', error.code);
        }
      }),
    );
    // A platform that got no order from this attempt (skipped, empty, refused) may have one from
    // a copy of the recycle (same key) made meanwhile: often why this attempt found it busy or
    // empty. That order is the platform's answer, as the first copy gave it.
    const made = attempts.every((attempt) => attempt.row !== undefined)
      ? new Map<number, TransferRow>()
      : new Map(
          (await listRecycleTransfers(this.#db, brandCode, memberId, idempotencyKey)).map((row) => [
            row.platformId,
            row,
          ]),
        );
    const results = attempts.map((attempt) => {
      const row = attempt.row ? undefined : made.get(attempt.result.platformId);
      return row ? ofOrder(row) : attempt;
    });
    let recycledMinor = 0n;
    for (const { row } of results) {
      if (row?.status === 'success') recycledMinor += row.amountMinor;
    }
    return {
      results: results.map(({ result }) => result),
      recycled: toDecimalString(recycledMinor, currency),
      balance: toDecimalString(await this.#walletMinor(brandCode, memberId, currency), currency),
    };
  }

  async memberOrders(
    brand: Brand,
    memberId: bigint,
    query: { page: number; pageSize: number },
    language: Language,
  ): Promise<{ items: TransferOrder[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await listMemberTransfers(this.#db, brand.config.code, memberId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: rows.map((row) => toTransferOrder(row, language)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The brand's transfer-wallet platforms in its order, with what each holds for the member:
   * asked of every platform at once with a short timeout, the ledger's book value (`stale`)
   * where the platform does not answer in time. Guests see no balances.
   */
  async walletList(
    brand: Brand,
    memberId: bigint | null,
    category: number | null,
    language: Language,
  ): Promise<WalletPlatform[]> {
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const entries = brandPlatforms(brand).filter(
      (entry) =>
        entry.platform.walletType === 1 &&
        (category === null || entry.platform.category === category),
    );
    const maintenance = await platformsInMaintenance(this.#db);
    const [players, books, inTransit] =
      memberId === null
        ? [new Map<number, string>(), new Map<number, bigint>(), new Set<number>()]
        : await Promise.all([
            playerPlatforms(this.#db, memberId),
            platformBooks(this.#db, brandCode, memberId, currency),
            platformsInTransit(this.#db, brandCode, memberId),
          ]);
    return Promise.all(
      entries.map(async (entry): Promise<WalletPlatform> => {
        const { platform } = entry;
        const base = {
          id: platform.id,
          code: platform.code,
          name: localized(platform.name, language),
          sort: entry.sort,
          wallet: 1 as const,
          category: platform.category,
          special: entry.special,
          maintenance: maintenance.has(platform.id),
          icon: platformIconUrl(platform.id),
          inTransit: inTransit.has(platform.id),
        };
        if (memberId === null) return { ...base, balance: null, stale: false };
        const book = books.get(platform.id) ?? 0n;
        const player = players.get(platform.id);
        // A platform that never heard of the member holds nothing; no need to ask it.
        if (player === undefined) {
          return { ...base, balance: toDecimalString(book, currency), stale: false };
        }
        const outcome = maintenance.has(platform.id)
          ? null
          : await this.#provider.balance(platform.id, player, WALLET_LIST_TIMEOUT_MS);
        if (outcome?.kind === 'ok') {
          return {
            ...base,
            balance: toDecimalString(BigInt(outcome.value.balanceMinor), currency),
            stale: false,
          };
        }
        return { ...base, balance: toDecimalString(book, currency), stale: true };
      }),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Reconciliation.

  /**
   * Asks the platforms about orders in transit whose query is due, oldest first, and settles
   * those with a final answer. Claims are conditional updates, so two runs at once (two nodes)
   * never ask about one order together, and a run that dies leaves its claims to expire.
   */
  async reconcile(
    options: {
      signal?: AbortSignal;
      batchSize?: number;
      concurrency?: number;
      maxBatches?: number;
      /** Only these members' orders (the runbook's "settle this member now", and tests). */
      memberIds?: readonly bigint[];
    } = {},
  ): Promise<ReconcileReport> {
    const batchSize = options.batchSize ?? 50;
    const concurrency = options.concurrency ?? 8;
    const maxBatches = options.maxBatches ?? 20;
    const report: ReconcileReport = { checked: 0, settled: 0, pending: 0 };
    for (let batch = 0; batch < maxBatches; batch++) {
      if (options.signal?.aborted) break;
      const now = this.#now();
      const claimed = await claimDueTransfers(
        this.#db,
        now,
        new Date(now.getTime() + CHECK_LEASE_MS),
        batchSize,
        options.memberIds,
      );
      if (claimed.length === 0) break;
      const outcomes = await mapLimit(claimed, concurrency, (row) => this.#check(row));
      for (const outcome of outcomes) {
        report.checked += 1;
        if (outcome === 'settled') report.settled += 1;
        else report.pending += 1;
      }
      if (claimed.length < batchSize) break;
    }
    return report;
  }

  async #check(row: TransferRow): Promise<'settled' | 'pending'> {
    const outcome = await this.#provider.transferStatus(row.platformId, row.orderNo);
    const now = this.#now();
    const later = (lastError: string) =>
      rescheduleTransfer(this.#db, row.id, {
        nextCheckAt: nextCheckAt({
          createdAt: row.createdAt,
          now,
          attempts: row.checkAttempts,
          finalAfterMs: this.#notFoundFinalAfterMs,
        }),
        lastError,
      }).then(() => 'pending' as const);
    if (outcome.kind === 'unknown') return later(outcome.reason);
    // A refused query (maintenance, say) says nothing about the order.
    if (outcome.kind === 'refused') return later(`refused:${outcome.error}`);
    const answer = outcome.value;
    if (answer.status === 'not_found') {
      const age = now.getTime() - row.createdAt.getTime();
      if (age <= this.#notFoundFinalAfterMs) return later('not_found');
      await this.#settle(row, { status: 'failed', reason: 'transfer_not_received' }, JOB_ACTOR);
      return 'settled';
    }
    const mismatch =
      (answer.direction !== undefined && answer.direction !== row.direction) ||
      (answer.amountMinor !== undefined && answer.amountMinor !== String(row.amountMinor));
    if (mismatch) {
      // The platform describes another order under our number: a bug on one side. Money stays
      // in transit for a person to look at rather than move on a contradiction.
      this.#log?.error({ orderNo: row.orderNo, answer }, 'transfer status does not match order');
      return later('status_mismatch');
    }
    await this.#settle(
      row,
      answer.status === 'success'
        ? { status: 'success' }
        : { status: 'failed', reason: 'transfer_refused' },
      JOB_ACTOR,
    );
    return 'settled';
  }

  // -------------------------------------------------------------------------------------------
  // The two directions.

  async #transferIn(intent: OrderIntent, amountMinor: bigint): Promise<TransferRow> {
    // The player first: a platform that cannot even register the member gets no money reserved.
    const player = await this.#players.ensure(
      intent.brandCode,
      intent.memberId,
      intent.platformId,
      intent.currency,
    );
    const reserved = await this.#reserve(intent, amountMinor);
    if (!reserved.fresh) return reserved.row;
    return this.#send(reserved.row, player);
  }

  /**
   * Out of a platform: refused while an order with it is in transit (its balance is not known
   * then); the platform's balance is asked and booked (the win or loss since the last look), so
   * the platform account equals what the platform holds before any of it moves. `amountMinor`
   * null takes the whole balance (recycle), and answers 'empty' when there is none.
   */
  async #transferOut(
    intent: OrderIntent,
    amountMinor: bigint | null,
  ): Promise<TransferRow | 'empty'> {
    const player = await this.#players.known(intent.memberId, intent.platformId);
    if (player === null) {
      if (amountMinor === null) return 'empty';
      throw appError(GAMES_ERRORS, 'platform_insufficient_balance');
    }
    if (await hasTransferInTransit(this.#db, intent.memberId, intent.platformId)) {
      throw appError(GAMES_ERRORS, 'transfer_in_progress');
    }
    const platformMinor = await this.#platformBalance(intent.platformId, player);
    await this.#bookResult(intent, platformMinor);
    const wanted = amountMinor ?? platformMinor;
    if (wanted === 0n) return 'empty';
    if (platformMinor < wanted) throw appError(GAMES_ERRORS, 'platform_insufficient_balance');
    const reserved = await this.#reserve(intent, wanted);
    if (!reserved.fresh) return reserved.row;
    return this.#send(reserved.row, player);
  }

  async #platformBalance(platformId: number, player: string): Promise<bigint> {
    const outcome = await this.#provider.balance(platformId, player);
    if (outcome.kind === 'ok') {
      if (outcome.value.inRound) throw appError(GAMES_ERRORS, 'player_in_round');
      return BigInt(outcome.value.balanceMinor);
    }
    if (outcome.kind === 'refused' && outcome.error === 'maintenance') {
      throw appError(GAMES_ERRORS, 'game_maintenance');
    }
    throw appError(GAMES_ERRORS, 'platform_unavailable');
  }

  /**
   * Books the member's win or loss at a platform: the difference between what it holds and the
   * platform account, against the house's game results. It posts only if, inside its
   * transaction, the account still held what was read and no order with the platform is in
   * transit; otherwise something moved meanwhile and the member is asked to try again.
   */
  async #bookResult(intent: OrderIntent, platformMinor: bigint): Promise<void> {
    const { brandCode, memberId, currency, platformId } = intent;
    const bookOf = async (executor: Executor) =>
      (await platformBooks(executor, brandCode, memberId, currency)).get(platformId) ?? 0n;
    const bookMinor = await bookOf(this.#db);
    const deltaMinor = platformMinor - bookMinor;
    if (deltaMinor === 0n) return;
    const moved = () => appError(GAMES_ERRORS, 'transfer_in_progress');
    const ref = String(platformId);
    try {
      const result = await this.#ledger.post(
        {
          brandCode,
          reason: 'game_result',
          idempotencyKey: `${intent.orderNo}:result:${bookMinor}:${platformMinor}`,
          actor: memberActor(memberId),
          memo: intent.orderNo,
          lines: [
            { account: { kind: 'house_game_results', ref, currency }, amountMinor: -deltaMinor },
            {
              account: { kind: 'member_platform', memberId, ref, currency },
              amountMinor: deltaMinor,
            },
          ],
        },
        async (transaction) => {
          if (
            (await bookOf(transaction)) !== platformMinor ||
            (await hasTransferInTransit(transaction, memberId, platformId))
          ) {
            throw moved();
          }
        },
      );
      if (result.replayed && (await bookOf(this.#db)) !== platformMinor) throw moved();
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === 'insufficient_funds' || error.code === 'idempotency_conflict')
      ) {
        throw moved();
      }
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // The two phases.

  /**
   * Phase one: the money moves to in-transit and the order is written, in one transaction.
   * `fresh` is false when a concurrent request with the same key made the order first.
   */
  async #reserve(
    intent: OrderIntent,
    amountMinor: bigint,
  ): Promise<{ row: TransferRow; fresh: boolean }> {
    const { brandCode, memberId, currency, platformId, direction } = intent;
    const ref = String(platformId);
    const source: PostingLine['account'] =
      direction === 'in'
        ? { kind: 'member_wallet', memberId, currency }
        : { kind: 'member_platform', memberId, ref, currency };
    const now = this.#now();
    let created: TransferRow | undefined;
    const raced = async () => {
      const row = await findTransferByKey(this.#db, brandCode, memberId, intent.idempotencyKey);
      if (!row) return null;
      return { row: replayOf(row, intent.requestHash), fresh: false };
    };
    try {
      const result = await this.#ledger.post(
        {
          brandCode,
          reason: `game_transfer_${direction}_reserve`,
          idempotencyKey: `${intent.orderNo}:reserve`,
          actor: memberActor(memberId),
          memo: intent.orderNo,
          lines: [
            { account: source, amountMinor: -amountMinor },
            { account: { kind: 'house_in_transit', ref, currency }, amountMinor },
          ],
        },
        async (transaction, entryId) => {
          created = await insertTransfer(transaction, {
            orderNo: intent.orderNo,
            brandCode,
            memberId,
            platformId,
            direction,
            currency,
            amountMinor,
            status: 'in_transit',
            idempotencyKey: intent.idempotencyKey,
            requestHash: intent.requestHash,
            recycleBatch: intent.recycleBatch,
            nextCheckAt: new Date(
              now.getTime() +
                Math.min(
                  FIRST_CHECK_DELAY_MS,
                  this.#notFoundFinalAfterMs + DECIDING_CHECK_DELAY_MS,
                ),
            ),
            reserveEntryId: entryId,
            createdAt: now,
          });
        },
      );
      if (!result.replayed && created) return { row: created, fresh: true };
      const replay = await raced();
      if (!replay) throw new Error(`transfer ${intent.orderNo}: reserved without an order`);
      return replay;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        throw appError(
          GAMES_ERRORS,
          direction === 'in' ? 'insufficient_funds' : 'platform_insufficient_balance',
        );
      }
      if (error instanceof AppError && error.code === 'idempotency_conflict') {
        throw appError(GAMES_ERRORS, 'idempotency_conflict');
      }
      const index = uniqueViolation(error);
      if (index === 'game_transfers_one_in_transit') {
        throw appError(GAMES_ERRORS, 'transfer_in_progress');
      }
      if (index !== null) {
        const replay = await raced();
        if (replay) return replay;
      }
      throw error;
    }
  }

  /** Calls the platform with the order and acts on what came back. */
  async #send(row: TransferRow, player: string): Promise<TransferRow> {
    const outcome = await this.#provider.transfer(row.platformId, {
      orderId: row.orderNo,
      player,
      direction: row.direction,
      amountMinor: String(row.amountMinor),
    });
    return this.#onAnswer(row, outcome);
  }

  async #onAnswer(
    row: TransferRow,
    outcome: ProviderOutcome<TransferResponse>,
  ): Promise<TransferRow> {
    const actor = memberActor(row.memberId);
    switch (outcome.kind) {
      case 'ok':
        return outcome.value.status === 'success'
          ? this.#settle(row, { status: 'success' }, actor)
          : this.#settle(
              row,
              { status: 'failed', reason: refusalReason(outcome.value.reason) },
              actor,
            );
      case 'refused':
        // Refused before anything happened (4xx, maintenance): the money goes back.
        return this.#settle(
          row,
          { status: 'failed', reason: providerRefusal(outcome.error) },
          actor,
        );
      case 'unknown':
        // The platform may or may not have moved the money: the order stays in transit and the
        // reconciliation job asks the platform until it knows.
        await rescheduleTransfer(this.#db, row.id, {
          nextCheckAt: row.nextCheckAt ?? new Date(this.#now().getTime() + FIRST_CHECK_DELAY_MS),
          lastError: outcome.reason,
        });
        return (await findTransferById(this.#db, row.id)) ?? row;
    }
  }

  /**
   * Phase two: the money leaves in-transit, to the platform account or the centre wallet (a
   * success), or back where it came from (a failure), and the order becomes final with it. One
   * key per order (`<orderNo>:final`) whatever the outcome, so an order is settled exactly once
   * even if two nodes were to disagree; the loser reads the order as the winner left it.
   */
  async #settle(
    row: TransferRow,
    outcome: { status: 'success' } | { status: 'failed'; reason: TransferFailureReason },
    actor: LedgerActor,
  ): Promise<TransferRow> {
    const currency = currencyOf(row);
    const { memberId, direction } = row;
    const ref = String(row.platformId);
    const wallet: PostingLine['account'] = { kind: 'member_wallet', memberId, currency };
    const platform: PostingLine['account'] = { kind: 'member_platform', memberId, ref, currency };
    const success = outcome.status === 'success';
    const destination =
      direction === 'in' ? (success ? platform : wallet) : success ? wallet : platform;
    try {
      await this.#ledger.post(
        {
          brandCode: row.brandCode,
          reason: success ? `game_transfer_${direction}` : `game_transfer_${direction}_void`,
          idempotencyKey: `${row.orderNo}:final`,
          actor,
          memo: row.orderNo,
          lines: [
            { account: { kind: 'house_in_transit', ref, currency }, amountMinor: -row.amountMinor },
            { account: destination, amountMinor: row.amountMinor },
          ],
        },
        async (transaction, entryId) => {
          const finished = await finishTransfer(transaction, row.id, {
            status: outcome.status,
            reason: outcome.status === 'failed' ? outcome.reason : null,
            finalEntryId: entryId,
            finishedAt: this.#now(),
          });
          // The final key is taken with the status, so a final order without it is corruption.
          if (!finished) throw new Error(`transfer ${row.orderNo} was final without its entry`);
        },
      );
    } catch (error) {
      // The other outcome took the key first (another node): the order reads as it left it.
      if (!(error instanceof AppError && error.code === 'idempotency_conflict')) throw error;
      this.#log?.warn({ orderNo: row.orderNo, outcome }, 'transfer was settled the other way');
    }
    const settled = await findTransferById(this.#db, row.id);
    if (!settled) throw new Error(`transfer ${row.orderNo} vanished`);
    return settled;
  }

  async #walletMinor(brandCode: string, memberId: bigint, currency: CurrencyCode) {
    return (await this.#ledger.balances(brandCode, memberId, currency)).walletMinor;
  }
}

const JOB_ACTOR: LedgerActor = { type: 'job', id: 'transfer-reconciliation' };

function memberActor(memberId: bigint): LedgerActor {
  return { type: 'member', id: String(memberId) };
}

/** After the n-th status query: 5 s, 10 s, 20 s, ... up to 5 minutes. */
export function backoffMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 16);
  return Math.min(CHECK_BACKOFF_CAP_MS, CHECK_BACKOFF_BASE_MS * 2 ** exponent);
}

/**
 * When to ask about an order in transit again, after a query that did not settle it. Inside the
 * window in which a late request could still land ("not found" is not final yet), the backoff
 * never reaches past the window: the query that can decide is due just after it ends, so an order
 * the platform never kept is final within a sweep or two of the window's end. Past the window
 * (the platform did not answer, or answered something unusable) the wait is a quarter of the time
 * since the window ended, from 5 s up to the 5-minute cap: a query lost to a timeout or a crash
 * there is asked again in seconds, and a platform that stays silent is asked ever less often.
 */
export function nextCheckAt(order: {
  createdAt: Date;
  /** When the query that did not settle it came back. */
  now: Date;
  /** Status queries made so far, that one included. */
  attempts: number;
  /** NOT_FOUND_FINAL_AFTER_MS, unless a test shortens it. */
  finalAfterMs: number;
}): Date {
  const nowMs = order.now.getTime();
  const windowEndMs = order.createdAt.getTime() + order.finalAfterMs;
  if (nowMs <= windowEndMs) {
    return new Date(
      Math.min(nowMs + backoffMs(order.attempts), windowEndMs + DECIDING_CHECK_DELAY_MS),
    );
  }
  const waitMs = Math.floor((nowMs - windowEndMs) / 4);
  return new Date(nowMs + Math.min(CHECK_BACKOFF_CAP_MS, Math.max(CHECK_BACKOFF_BASE_MS, waitMs)));
}

function replayOf(row: TransferRow, requestHash: string): TransferRow {
  if (row.requestHash !== requestHash) throw appError(GAMES_ERRORS, 'idempotency_conflict');
  return row;
}
