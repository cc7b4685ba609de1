import type { Language, TransferOrder } from '@lobby/contracts';
import { errorMessage } from '@lobby/i18n';
import { parseAmount, toDecimalString, type CurrencyCode } from '@lobby/money';
import { AppError, appError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { assertMemberMoneyAllowed } from '../../identity/member/index.ts';
import { brandPlatform, brandPlatforms, GAMES_ERRORS } from '../games/index.ts';
import {
  platformNameOf,
  recycleOrderKey,
  replayOf,
  sha256,
  toTransferOrder,
  transferOrderNo,
  type Direction,
  type OrderIntent,
  type PlayGuard,
  type RecycleAnswer,
  type RecycleResult,
  type TransferAnswer,
  type TransferDependencies,
  type TransferInput,
} from './transfer-orders.ts';
import type { TransferPhases } from './transfer-phases.ts';
import {
  findTransferByKey,
  hasTransferInTransit,
  listMemberTransfers,
  listRecycleTransfers,
  platformsInMaintenance,
  platformsInTransit,
  playerPlatforms,
  type TransferRow,
} from './transfer.repository.ts';

/**
 * The member's calls: a transfer in or out, the automatic transfer in before a game launch, the
 * one-click recycle of every platform, and the member's orders. Each makes its orders through
 * the two phases (TransferPhases) and answers what they came to.
 */
export class MemberTransfers {
  readonly #deps: TransferDependencies;
  readonly #phases: TransferPhases;

  readonly #playGuard: PlayGuard;

  constructor(dependencies: TransferDependencies, phases: TransferPhases, playGuard: PlayGuard) {
    this.#deps = dependencies;
    this.#phases = phases;
    this.#playGuard = playGuard;
  }

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
    const { db } = this.#deps;
    const brandCode = brand.config.code;
    const { platformId, direction, amountMinor, idempotencyKey } = request;
    const requestHash = sha256(
      JSON.stringify(['transfer', platformId, direction, String(amountMinor)]),
    );
    const earlier = await findTransferByKey(db, brandCode, memberId, idempotencyKey);
    if (earlier) return replayOf(earlier, requestHash);
    await assertMemberMoneyAllowed(
      db,
      memberId,
      direction === 'in' ? 'transfer_in' : 'transfer_out',
    );
    if (direction === 'in') await this.#playGuard(brand, memberId);
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
      if ((await platformsInMaintenance(db, brandCode)).has(platformId)) {
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
      const made = await findTransferByKey(db, brandCode, memberId, idempotencyKey);
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
    const { db } = this.#deps;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    // Frozen money stays where it is, in the platforms too.
    await assertMemberMoneyAllowed(db, memberId, 'transfer_out');
    const [players, earlier, maintenance, inTransit] = await Promise.all([
      playerPlatforms(db, memberId),
      listRecycleTransfers(db, brandCode, memberId, idempotencyKey),
      platformsInMaintenance(db, brandCode),
      platformsInTransit(db, brandCode, memberId),
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
          (await listRecycleTransfers(db, brandCode, memberId, idempotencyKey)).map((row) => [
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
    const { rows, total } = await listMemberTransfers(this.#deps.db, brand.config.code, memberId, {
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

  // -------------------------------------------------------------------------------------------
  // The two directions.

  async #transferIn(intent: OrderIntent, amountMinor: bigint): Promise<TransferRow> {
    // The player first: a platform that cannot even register the member gets no money reserved.
    const player = await this.#deps.players.ensure(
      intent.brandCode,
      intent.memberId,
      intent.platformId,
      intent.currency,
    );
    const reserved = await this.#phases.reserve(intent, amountMinor);
    if (!reserved.fresh) return reserved.row;
    return this.#phases.send(reserved.row, player);
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
    const player = await this.#deps.players.known(intent.memberId, intent.platformId);
    if (player === null) {
      if (amountMinor === null) return 'empty';
      throw appError(GAMES_ERRORS, 'platform_insufficient_balance');
    }
    if (await hasTransferInTransit(this.#deps.db, intent.memberId, intent.platformId)) {
      throw appError(GAMES_ERRORS, 'transfer_in_progress');
    }
    const platformMinor = await this.#platformBalance(intent.platformId, player);
    await this.#phases.bookResult(intent, platformMinor);
    const wanted = amountMinor ?? platformMinor;
    if (wanted === 0n) return 'empty';
    if (platformMinor < wanted) throw appError(GAMES_ERRORS, 'platform_insufficient_balance');
    const reserved = await this.#phases.reserve(intent, wanted);
    if (!reserved.fresh) return reserved.row;
    return this.#phases.send(reserved.row, player);
  }

  async #platformBalance(platformId: number, player: string): Promise<bigint> {
    const outcome = await this.#deps.provider.balance(platformId, player);
    if (outcome.kind === 'ok') {
      if (outcome.value.inRound) throw appError(GAMES_ERRORS, 'player_in_round');
      return BigInt(outcome.value.balanceMinor);
    }
    if (outcome.kind === 'refused' && outcome.error === 'maintenance') {
      throw appError(GAMES_ERRORS, 'game_maintenance');
    }
    throw appError(GAMES_ERRORS, 'platform_unavailable');
  }

  async #walletMinor(brandCode: string, memberId: bigint, currency: CurrencyCode) {
    return (await this.#deps.ledger.balances(brandCode, memberId, currency)).walletMinor;
  }
}
