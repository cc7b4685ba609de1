import type { GiftExchange, Language } from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/errors.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { type Brand, brandCurrency } from '../../platform/brand/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import { chargeReward, type PromoChecks, type PromoViewer } from './promo-checks.ts';
import {
  exchangesPerGift,
  findExchangeByKey,
  findGift,
  insertExchange,
  listGifts,
  listMemberExchanges,
  takeGiftStock,
  usedTurnover,
  validBetSince,
  type ExchangeRow,
} from './promo-gifts.repository.ts';
import { PROMO_ERRORS } from './promo.errors.ts';
import { lockMember, type PromotionRow } from './promo.repository.ts';
import { localized } from './promo.rules.ts';
import { exchangeView, giftView } from './promo.views.ts';

/** How many of the member's own exchanges the gift screen shows. */
const EXCHANGES_SHOWN = 50;

/** Thrown inside a transaction when the same key's exchange exists: roll back and answer it. */
class ReplayFound extends Error {}

/**
 * The gift exchange: members spend the valid-bet turnover they played since the promotion began
 * on cash or item gifts, one exchange at a time under their row lock, idempotent by their key.
 */
export class GiftExchangeService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #checks: PromoChecks;

  constructor(options: { db: Database; ledger: LedgerService; checks: PromoChecks }) {
    this.#db = options.db;
    this.#ledger = options.ledger;
    this.#checks = options.checks;
  }

  async giftBet(brand: Brand, language: Language, memberId: bigint | null) {
    const promotion = await this.#checks.liveOfKind(brand, 'gift');
    const currency = brandCurrency(brand);
    const gifts = await listGifts(this.#db, promotion.id, true);
    let turnover = 0n;
    let used = 0n;
    let perGift = new Map<bigint, number>();
    let exchanges: ExchangeRow[] = [];
    if (memberId !== null) {
      [turnover, used, perGift, exchanges] = await Promise.all([
        this.#giftTurnover(this.#db, promotion, brand, memberId),
        usedTurnover(this.#db, promotion.id, memberId),
        exchangesPerGift(this.#db, promotion.id, memberId),
        listMemberExchanges(this.#db, promotion.id, memberId, EXCHANGES_SHOWN),
      ]);
    }
    const available = turnover > used ? turnover - used : 0n;
    const giftsById = new Map(gifts.map((gift) => [gift.id, gift]));
    return {
      promotionId: promotion.id.toString(),
      title: localized(promotion.title, language, brand.config.language),
      startsAt: promotion.startsAt.toISOString(),
      endsAt: promotion.endsAt?.toISOString() ?? null,
      turnover: toDecimalString(turnover, currency),
      used: toDecimalString(used, currency),
      available: toDecimalString(available, currency),
      gifts: gifts.map((gift) => giftView(gift, brand, language, perGift.get(gift.id) ?? 0)),
      exchanges: exchanges.map((exchange) =>
        exchangeView(exchange, giftsById.get(exchange.giftId), brand, language),
      ),
    };
  }

  #giftTurnover(executor: Executor, promotion: PromotionRow, brand: Brand, memberId: bigint) {
    return validBetSince(executor, {
      brandCode: brand.config.code,
      memberId,
      currency: brandCurrency(brand),
      from: promotion.startsAt,
      to: promotion.endsAt,
    });
  }

  /**
   * Exchanges turnover for a gift. The member's row lock serialises their exchanges, so the
   * turnover left is computed and used up by one exchange at a time; the same key answers the
   * first exchange again.
   */
  async exchangeGift(
    viewer: PromoViewer,
    language: Language,
    input: {
      giftId: string;
      idempotencyKey: string;
      name?: string | undefined;
      phone?: string | undefined;
      address?: string | undefined;
    },
  ): Promise<GiftExchange> {
    const { brand, memberId } = viewer;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const giftId = BigInt(input.giftId);
    const replay = async () => {
      const existing = await findExchangeByKey(this.#db, memberId, input.idempotencyKey);
      if (!existing) return undefined;
      if (existing.giftId !== giftId) throw appError(PROMO_ERRORS, 'gift_key_conflict');
      return exchangeView(existing, await findGift(this.#db, giftId), brand, language);
    };
    const first = await replay();
    if (first) return first;

    const promotion = await this.#checks.liveOfKind(brand, 'gift');
    const gift = await findGift(this.#db, giftId);
    if (!gift || gift.promotionId !== promotion.id || !gift.active) {
      throw appError(PROMO_ERRORS, 'gift_not_found');
    }
    await this.#checks.assertEligible(promotion, memberId);
    let shipping: Record<string, string> | null = null;
    if (gift.kind === 'item') {
      if (!input.name || !input.phone || !input.address) {
        throw appError(PROMO_ERRORS, 'gift_shipping_required');
      }
      shipping = { name: input.name, phone: input.phone, address: input.address };
    }

    const exchangeIn = async (transaction: Executor, entryId: bigint | null) => {
      await lockMember(transaction, memberId);
      // The first of two concurrent calls with one key committed while we waited for the lock.
      const again = await findExchangeByKey(transaction, memberId, input.idempotencyKey);
      if (again) throw new ReplayFound();
      const [turnover, used, perGift] = await Promise.all([
        this.#giftTurnover(transaction, promotion, brand, memberId),
        usedTurnover(transaction, promotion.id, memberId),
        exchangesPerGift(transaction, promotion.id, memberId),
      ]);
      if (turnover - used < gift.turnoverCostMinor) {
        throw appError(PROMO_ERRORS, 'gift_turnover_insufficient');
      }
      if (gift.perMemberLimit !== null && (perGift.get(gift.id) ?? 0) >= gift.perMemberLimit) {
        throw appError(PROMO_ERRORS, 'promo_limit_reached');
      }
      if (!(await takeGiftStock(transaction, gift.id))) {
        throw appError(PROMO_ERRORS, 'gift_out_of_stock');
      }
      if (gift.kind === 'cash')
        await chargeReward(transaction, promotion, viewer, gift.rewardMinor);
      return insertExchange(transaction, {
        brandCode,
        promotionId: promotion.id,
        giftId: gift.id,
        memberId,
        idempotencyKey: input.idempotencyKey,
        turnoverCostMinor: gift.turnoverCostMinor,
        rewardMinor: gift.kind === 'cash' ? gift.rewardMinor : 0n,
        currency,
        status: gift.kind === 'cash' ? 'paid' : 'pending_delivery',
        shipping,
        ledgerEntryId: entryId,
      });
    };

    try {
      let exchange: ExchangeRow | undefined;
      if (gift.kind === 'cash' && gift.rewardMinor > 0n) {
        const result = await this.#ledger.post(
          {
            brandCode,
            reason: 'promo_gift',
            idempotencyKey: `promo:gift:${memberId}:${input.idempotencyKey}`,
            actor: { type: 'member', id: memberId.toString() },
            memo: `gift ${gift.id}`,
            lines: [
              { account: { kind: 'house_promotions', currency }, amountMinor: -gift.rewardMinor },
              {
                account: { kind: 'member_wallet', memberId, currency },
                amountMinor: gift.rewardMinor,
              },
            ],
          },
          async (transaction, entryId) => {
            exchange = await exchangeIn(transaction, entryId);
          },
        );
        if (result.replayed) throw new ReplayFound();
      } else {
        exchange = await this.#db.transaction((transaction) => exchangeIn(transaction, null));
      }
      if (!exchange) throw new Error('gift exchange: nothing recorded');
      return exchangeView(exchange, gift, brand, language);
    } catch (error) {
      if (error instanceof ReplayFound || uniqueViolation(error) !== null) {
        const answer = await replay();
        if (answer) return answer;
      }
      if (error instanceof AppError && error.code === 'idempotency_conflict') {
        throw appError(PROMO_ERRORS, 'gift_key_conflict');
      }
      throw error;
    }
  }
}
