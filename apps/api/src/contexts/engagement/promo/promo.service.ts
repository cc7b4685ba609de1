import {
  PROMOTION_RULE_SCHEMAS,
  type AdminBanner,
  type AdminClaim,
  type AdminExchange,
  type AdminGift,
  type AdminPromotion,
  type DepositBonusRules,
  type Gift,
  type GiftExchange,
  type Language,
  type PromoBanner,
  type PromoRecord,
  type PromotionClaim,
  type PromotionDetail,
  type PromotionEligibility,
  type PromotionMemberState,
  type PromotionRulesView,
  type PromotionSummary,
  type SignInfo,
  type SignInRules,
  type SignResult,
  type ApplyRules,
  type DepositBonusDeposit,
  type PromotionKind,
} from '@lobby/contracts';
import { fromDecimalString, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { AppError, appError, commonError } from '../../../lib/app-error.ts';
import { type Brand, type BrandRegistry, brandCurrency } from '../../platform/brand/index.ts';
import { findMemberOrder, listMemberCreditedOrders } from '../../money/deposit/index.ts';
import { addTurnover } from '../../money/turnover/index.ts';
import {
  type LedgerActor,
  type LedgerService,
  type PostingLine,
  operatorActor,
} from '../../money/ledger/index.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import { renderMarkdown } from '../../platform/markdown/index.ts';
import { vipLevelOf } from '../vip/index.ts';
import { PROMO_ERRORS } from './promo.errors.ts';
import {
  addDays,
  budgetAllows,
  currentStreak,
  depositBonus,
  isCalendarDay,
  localized,
  resignableDays,
  rewardTurnover,
  shanghaiDay,
  streakEndingOn,
  streakReward,
} from './promo.rules.ts';
import * as repository from './promo.repository.ts';
import type {
  BannerRow,
  ClaimRow,
  ExchangeRow,
  GiftRow,
  PromotionRow,
} from './promo.repository.ts';
import { uniqueViolation } from '../../../db/errors.ts';

type ActionContext = { ip: string; reason?: string | undefined };
/** The member calling, in their brand. */
export type PromoViewer = { brand: Brand; memberId: bigint };
type Localized = Partial<Record<string, string>>;

/** Labels of the usual category tabs; any other category shows its key. */
const CATEGORY_LABELS: Record<string, Record<Language, string>> = {
  new: { 'zh-CN': '新人专享', 'zh-TW': '新人專享', en: 'New members' },
  deposit: { 'zh-CN': '充值优惠', 'zh-TW': '儲值優惠', en: 'Deposit' },
  daily: { 'zh-CN': '日常活动', 'zh-TW': '日常活動', en: 'Daily' },
  vip: { 'zh-CN': 'VIP 专属', 'zh-TW': 'VIP 專屬', en: 'VIP' },
  gifts: { 'zh-CN': '豪礼兑换', 'zh-TW': '豪禮兌換', en: 'Gifts' },
  other: { 'zh-CN': '其他', 'zh-TW': '其他', en: 'Other' },
};

/** How far back the claim screen looks for a member's deposits. */
const DEPOSIT_LIST_LIMIT = 20;

/**
 * Promotions: members read live ones, sign in daily, exchange gifts against their valid-bet
 * turnover and claim deposit bonuses or apply; operators configure them and review claims.
 * Every reward moves through the ledger with a key derived from what it pays for (day, claim
 * id, exchange key), in the same transaction as the budget charge and the turnover it adds.
 */
export class PromoService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #operators: OperatorService;
  readonly #brands: BrandRegistry;
  readonly #now: () => Date;

  constructor(options: {
    db: Database;
    ledger: LedgerService;
    operators: OperatorService;
    brands: BrandRegistry;
    now?: () => Date;
  }) {
    this.#db = options.db;
    this.#ledger = options.ledger;
    this.#operators = options.operators;
    this.#brands = options.brands;
    this.#now = options.now ?? (() => new Date());
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  async flags(brand: Brand, memberId: bigint | null) {
    const now = this.#now();
    const code = brand.config.code;
    const [signIn, gifts, bonuses] = await Promise.all([
      repository.listLiveOfKind(this.#db, code, 'sign_in', now),
      repository.listLiveOfKind(this.#db, code, 'gift', now),
      repository.listLiveOfKind(this.#db, code, 'deposit_bonus', now),
    ]);
    let signedToday: boolean | null = null;
    let pendingClaims: number | null = null;
    if (memberId !== null) {
      const today = shanghaiDay(now);
      const first = signIn[0];
      signedToday = first
        ? (await repository.listSignDays(this.#db, first.id, memberId, today)).some(
            (row) => row.day === today,
          )
        : false;
      pendingClaims = await repository.countPendingClaimsOfMember(this.#db, code, memberId);
    }
    return {
      signIn: signIn.length > 0,
      gifts: gifts.length > 0,
      depositBonus: bonuses.length > 0,
      signedToday,
      pendingClaims,
    };
  }

  async list(
    brand: Brand,
    language: Language,
    query: { category?: string | undefined; page: number; pageSize: number },
  ) {
    const { rows, total } = await repository.listLivePromotions(
      this.#db,
      { brandCode: brand.config.code, now: this.#now(), category: query.category },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return {
      items: rows.map((row) => this.#summary(row, brand, language)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async detail(
    brand: Brand,
    language: Language,
    id: bigint,
    memberId: bigint | null,
  ): Promise<PromotionDetail> {
    const promotion = await this.#visiblePromotion(brand, id);
    return {
      ...this.#summary(promotion, brand, language),
      html: renderMarkdown(localized(promotion.body, language, brand.config.language)),
      rules: rulesView(promotion, brandCurrency(brand)),
      member: memberId === null ? null : await this.#memberState(promotion, memberId),
    };
  }

  async rules(brand: Brand, language: Language, id: bigint) {
    const promotion = await this.#visiblePromotion(brand, id);
    return {
      id: promotion.id.toString(),
      html: renderMarkdown(localized(promotion.body, language, brand.config.language)),
      rules: rulesView(promotion, brandCurrency(brand)),
    };
  }

  async topCover(brand: Brand, language: Language) {
    const rows = await repository.liveBanners(this.#db, brand.config.code, this.#now());
    const view = (row: BannerRow): PromoBanner => ({
      id: row.id.toString(),
      title: localized(row.title, language, brand.config.language),
      body: localized(row.body, language, brand.config.language),
      imageUrl: row.imageUrl,
      linkUrl: row.linkUrl,
    });
    return {
      banners: rows.filter((row) => row.placement === 'home_top').map(view),
      notices: rows.filter((row) => row.placement === 'popup').map(view),
    };
  }

  async secondNav(brand: Brand, language: Language) {
    const categories = await repository.liveCategories(this.#db, brand.config.code, this.#now());
    return categories.map((entry) => ({
      category: entry.category,
      label: CATEGORY_LABELS[entry.category]?.[language] ?? entry.category,
      count: entry.count,
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Sign-in

  async signInfo(brand: Brand, language: Language, memberId: bigint | null): Promise<SignInfo> {
    const promotion = await this.#liveOfKind(brand, 'sign_in');
    const rules = PROMOTION_RULE_SCHEMAS.sign_in.parse(promotion.rules);
    const currency = brandCurrency(brand);
    const today = shanghaiDay(this.#now());
    const rows =
      memberId === null
        ? []
        : await repository.listSignDays(this.#db, promotion.id, memberId, addDays(today, -62));
    const signed = new Set(rows.map((row) => row.day));
    const streak = currentStreak(signed, today);
    const signedToday = signed.has(today);
    // Signed today: the next reward is tomorrow's; else today's, after yesterday's streak.
    const nextStreak = streak + 1;
    return {
      promotionId: promotion.id.toString(),
      title: localized(promotion.title, language, brand.config.language),
      today,
      streakRewards: rules.streakRewardsMinor.map((reward) =>
        toDecimalString(BigInt(reward), currency),
      ),
      resignCost: toDecimalString(BigInt(rules.resignCostMinor), currency),
      days: rows
        .filter((row) => row.day.slice(0, 7) === today.slice(0, 7))
        .map((row) => ({
          day: row.day,
          kind: row.kind,
          streak: row.streak,
          reward: toDecimalString(row.rewardMinor, currency),
        })),
      signedToday,
      streak,
      nextReward: toDecimalString(streakReward(rules.streakRewardsMinor, nextStreak), currency),
      resignableDays: memberId === null ? [] : this.#resignable(promotion, rules, signed, today),
    };
  }

  /** Signs today: the streak's reward, once per day (already_signed the second time). */
  async sign(viewer: PromoViewer): Promise<SignResult> {
    const { brand, memberId } = viewer;
    const promotion = await this.#liveOfKind(brand, 'sign_in');
    await this.#assertEligible(promotion, memberId);
    const rules = PROMOTION_RULE_SCHEMAS.sign_in.parse(promotion.rules);
    const today = shanghaiDay(this.#now());
    const signed = await this.#signedSet(promotion.id, memberId, today);
    if (signed.has(today)) throw appError(PROMO_ERRORS, 'already_signed');
    const streak = streakEndingOn(signed, addDays(today, -1)) + 1;
    return this.#paySignDay(viewer, promotion, {
      day: today,
      kind: 'sign',
      streak,
      rewardMinor: streakReward(rules.streakRewardsMinor, streak),
      costMinor: 0n,
      duplicate: 'already_signed',
    });
  }

  /** Re-signs a missed day of this month at the rules' cost, paying that day's streak reward. */
  async resign(viewer: PromoViewer, day: string): Promise<SignResult> {
    const { brand, memberId } = viewer;
    if (!isCalendarDay(day)) throw appError(PROMO_ERRORS, 'resign_day_invalid');
    const promotion = await this.#liveOfKind(brand, 'sign_in');
    await this.#assertEligible(promotion, memberId);
    const rules = PROMOTION_RULE_SCHEMAS.sign_in.parse(promotion.rules);
    const today = shanghaiDay(this.#now());
    const signed = await this.#signedSet(promotion.id, memberId, today);
    if (signed.has(day)) throw appError(PROMO_ERRORS, 'resign_day_signed');
    if (!this.#resignable(promotion, rules, signed, today).includes(day)) {
      throw appError(PROMO_ERRORS, 'resign_day_invalid');
    }
    const streak = streakEndingOn(signed, addDays(day, -1)) + 1;
    return this.#paySignDay(viewer, promotion, {
      day,
      kind: 'resign',
      streak,
      rewardMinor: streakReward(rules.streakRewardsMinor, streak),
      costMinor: BigInt(rules.resignCostMinor),
      duplicate: 'resign_day_signed',
    });
  }

  #resignable(
    promotion: PromotionRow,
    rules: SignInRules,
    signed: ReadonlySet<string>,
    today: string,
  ): string[] {
    return resignableDays({
      signed,
      today,
      daysBack: rules.resignDaysBack,
      firstDay: shanghaiDay(promotion.startsAt),
      lastDay: promotion.endsAt ? shanghaiDay(new Date(promotion.endsAt.getTime() - 1)) : null,
    });
  }

  async #signedSet(promotionId: bigint, memberId: bigint, today: string): Promise<Set<string>> {
    const rows = await repository.listSignDays(
      this.#db,
      promotionId,
      memberId,
      addDays(today, -62),
    );
    return new Set(rows.map((row) => row.day));
  }

  async #paySignDay(
    viewer: PromoViewer,
    promotion: PromotionRow,
    day: {
      day: string;
      kind: 'sign' | 'resign';
      streak: number;
      rewardMinor: bigint;
      costMinor: bigint;
      duplicate: 'already_signed' | 'resign_day_signed';
    },
  ): Promise<SignResult> {
    const { brand, memberId } = viewer;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    // Recorded with the money, or not at all; the unique day is the second guard.
    const record = async (transaction: Executor, entryId: bigint | null) => {
      const inserted = await repository.insertSignDay(transaction, {
        brandCode,
        promotionId: promotion.id,
        memberId,
        day: day.day,
        kind: day.kind,
        streak: day.streak,
        rewardMinor: day.rewardMinor,
        costMinor: day.costMinor,
        currency,
        ledgerEntryId: entryId,
      });
      if (!inserted) throw appError(PROMO_ERRORS, day.duplicate);
      if (day.rewardMinor > 0n)
        await this.#chargeReward(transaction, promotion, viewer, day.rewardMinor);
    };
    const lines: PostingLine[] = [];
    // The cost first: legs of one account apply in the order given, so a wallet short of the
    // cost fails even when the reward would cover it.
    if (day.costMinor > 0n) {
      lines.push(
        { account: { kind: 'member_wallet', memberId, currency }, amountMinor: -day.costMinor },
        { account: { kind: 'house_promotions', currency }, amountMinor: day.costMinor },
      );
    }
    if (day.rewardMinor > 0n) {
      lines.push(
        { account: { kind: 'house_promotions', currency }, amountMinor: -day.rewardMinor },
        { account: { kind: 'member_wallet', memberId, currency }, amountMinor: day.rewardMinor },
      );
    }
    if (lines.length === 0) {
      await this.#db.transaction((transaction) => record(transaction, null));
    } else {
      try {
        const result = await this.#ledger.post(
          {
            brandCode,
            reason: day.kind === 'sign' ? 'promo_sign' : 'promo_resign',
            idempotencyKey: `promo:sign:${promotion.id}:${memberId}:${day.day}`,
            actor: { type: 'member', id: memberId.toString() },
            memo: `${day.kind} ${day.day}`,
            lines,
          },
          (transaction, entryId) => record(transaction, entryId),
        );
        // A concurrent call paid this day first: nothing moved this time.
        if (result.replayed) throw appError(PROMO_ERRORS, day.duplicate);
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_funds') {
          throw appError(PROMO_ERRORS, 'resign_insufficient_funds');
        }
        if (error instanceof AppError && error.code === 'idempotency_conflict') {
          throw appError(PROMO_ERRORS, day.duplicate);
        }
        throw error;
      }
    }
    const { walletMinor } = await this.#ledger.balances(brandCode, memberId, currency);
    return {
      day: day.day,
      kind: day.kind,
      streak: day.streak,
      reward: toDecimalString(day.rewardMinor, currency),
      cost: toDecimalString(day.costMinor, currency),
      balance: toDecimalString(walletMinor, currency),
    };
  }

  /**
   * In the paying transaction: the budget charge (refused past the budget) and the turnover
   * requirement the reward adds.
   */
  async #chargeReward(
    transaction: Executor,
    promotion: PromotionRow,
    viewer: PromoViewer,
    rewardMinor: bigint,
  ): Promise<bigint> {
    if (!(await repository.chargeBudget(transaction, promotion.id, rewardMinor))) {
      throw appError(PROMO_ERRORS, 'promo_budget_exhausted');
    }
    const turnover = rewardTurnover(rewardMinor, promotion.turnoverMultiplierPercent);
    if (turnover > 0n) {
      await addTurnover(transaction, {
        brandCode: viewer.brand.config.code,
        memberId: viewer.memberId,
        currency: brandCurrency(viewer.brand),
        amountMinor: turnover,
      });
    }
    return turnover;
  }

  // -------------------------------------------------------------------------------------------
  // Gift exchange

  async giftBet(brand: Brand, language: Language, memberId: bigint | null) {
    const promotion = await this.#liveOfKind(brand, 'gift');
    const currency = brandCurrency(brand);
    const gifts = await repository.listGifts(this.#db, promotion.id, true);
    let turnover = 0n;
    let used = 0n;
    let perGift = new Map<bigint, number>();
    let exchanges: ExchangeRow[] = [];
    if (memberId !== null) {
      [turnover, used, perGift, exchanges] = await Promise.all([
        this.#giftTurnover(this.#db, promotion, brand, memberId),
        repository.usedTurnover(this.#db, promotion.id, memberId),
        repository.exchangesPerGift(this.#db, promotion.id, memberId),
        repository.listMemberExchanges(this.#db, promotion.id, memberId, 50),
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
    return repository.validBetSince(executor, {
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
      const existing = await repository.findExchangeByKey(this.#db, memberId, input.idempotencyKey);
      if (!existing) return undefined;
      if (existing.giftId !== giftId) throw appError(PROMO_ERRORS, 'gift_key_conflict');
      return exchangeView(existing, await repository.findGift(this.#db, giftId), brand, language);
    };
    const first = await replay();
    if (first) return first;

    const promotion = await this.#liveOfKind(brand, 'gift');
    const gift = await repository.findGift(this.#db, giftId);
    if (!gift || gift.promotionId !== promotion.id || !gift.active) {
      throw appError(PROMO_ERRORS, 'gift_not_found');
    }
    await this.#assertEligible(promotion, memberId);
    let shipping: Record<string, string> | null = null;
    if (gift.kind === 'item') {
      if (!input.name || !input.phone || !input.address) {
        throw appError(PROMO_ERRORS, 'gift_shipping_required');
      }
      shipping = { name: input.name, phone: input.phone, address: input.address };
    }

    const exchangeIn = async (transaction: Executor, entryId: bigint | null) => {
      await repository.lockMember(transaction, memberId);
      // The first of two concurrent calls with one key committed while we waited for the lock.
      const again = await repository.findExchangeByKey(transaction, memberId, input.idempotencyKey);
      if (again) throw new ReplayFound();
      const [turnover, used, perGift] = await Promise.all([
        this.#giftTurnover(transaction, promotion, brand, memberId),
        repository.usedTurnover(transaction, promotion.id, memberId),
        repository.exchangesPerGift(transaction, promotion.id, memberId),
      ]);
      if (turnover - used < gift.turnoverCostMinor) {
        throw appError(PROMO_ERRORS, 'gift_turnover_insufficient');
      }
      if (gift.perMemberLimit !== null && (perGift.get(gift.id) ?? 0) >= gift.perMemberLimit) {
        throw appError(PROMO_ERRORS, 'promo_limit_reached');
      }
      if (!(await repository.takeGiftStock(transaction, gift.id))) {
        throw appError(PROMO_ERRORS, 'gift_out_of_stock');
      }
      if (gift.kind === 'cash')
        await this.#chargeReward(transaction, promotion, viewer, gift.rewardMinor);
      return repository.insertExchange(transaction, {
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

  // -------------------------------------------------------------------------------------------
  // Deposit bonus and apply

  async rechargeRewards(viewer: PromoViewer, id: bigint) {
    const { brand, memberId } = viewer;
    const promotion = await this.#visiblePromotion(brand, id);
    if (promotion.kind !== 'deposit_bonus') throw appError(PROMO_ERRORS, 'promotion_not_found');
    const rules = PROMOTION_RULE_SCHEMAS.deposit_bonus.parse(promotion.rules);
    const currency = brandCurrency(brand);
    const open = await repository.findOpenClaim(this.#db, promotion.id, memberId);
    const joined = open?.status === 'joined';
    const orders = await listMemberCreditedOrders(this.#db, {
      brandCode: brand.config.code,
      memberId,
      since: promotion.startsAt,
      limit: DEPOSIT_LIST_LIMIT,
    });
    const claimed = await repository.claimedOrderNos(
      this.#db,
      promotion.id,
      orders.map((order) => order.orderNo),
    );
    const now = this.#now();
    const deposits: DepositBonusDeposit[] = orders.map((order) => {
      const bonus = depositBonus(rules.tiers, order.amountMinor);
      const qualifies =
        order.currency === currency &&
        bonus > 0n &&
        withinClaimWindow(order, rules, now) &&
        (!rules.requiresJoin ||
          (joined && open !== undefined && order.createdAt >= open.createdAt));
      return {
        orderNo: order.orderNo,
        amount: toDecimalString(order.amountMinor, currency),
        createdAt: order.createdAt.toISOString(),
        bonus: toDecimalString(qualifies ? bonus : 0n, currency),
        claimable: qualifies && !claimed.has(order.orderNo) && open?.status !== 'pending',
        claimed: claimed.has(order.orderNo),
      };
    });
    return {
      tiers: tiersView(rules, currency),
      requiresJoin: rules.requiresJoin,
      joined,
      claimWithinHours: rules.claimWithinHours,
      deposits,
    };
  }

  async memberState(viewer: PromoViewer, id: bigint): Promise<PromotionMemberState> {
    const promotion = await this.#visiblePromotion(viewer.brand, id);
    return this.#memberState(promotion, viewer.memberId);
  }

  /** Joins a deposit bonus that asks for it; joining again answers the same state. */
  async join(viewer: PromoViewer, id: bigint): Promise<PromotionMemberState> {
    const promotion = await this.#livePromotion(viewer.brand, id);
    if (promotion.kind !== 'deposit_bonus') throw appError(PROMO_ERRORS, 'promotion_not_found');
    await this.#assertEligible(promotion, viewer.memberId);
    await this.#assertBelowLimit(this.#db, promotion, viewer.memberId);
    const open = await repository.findOpenClaim(this.#db, promotion.id, viewer.memberId);
    if (open?.status === 'pending') throw appError(PROMO_ERRORS, 'promo_claim_pending');
    if (!open) {
      try {
        await repository.insertClaim(this.#db, {
          brandCode: viewer.brand.config.code,
          promotionId: promotion.id,
          memberId: viewer.memberId,
          status: 'joined',
          currency: brandCurrency(viewer.brand),
        });
      } catch (error) {
        // A concurrent join won the one open claim: the member is joined all the same.
        if (uniqueViolation(error) === null) throw error;
      }
    }
    return this.#memberState(promotion, viewer.memberId);
  }

  /** Claims the bonus of one credited deposit: paid at once or left for review per rules. */
  async applyDeposit(
    viewer: PromoViewer,
    language: Language,
    id: bigint,
    orderNo: string,
  ): Promise<PromotionClaim> {
    const { brand, memberId } = viewer;
    const promotion = await this.#livePromotion(brand, id);
    if (promotion.kind !== 'deposit_bonus') throw appError(PROMO_ERRORS, 'promotion_not_found');
    await this.#assertEligible(promotion, memberId);
    const rules = PROMOTION_RULE_SCHEMAS.deposit_bonus.parse(promotion.rules);
    const currency = brandCurrency(brand);
    const order = await findMemberOrder(this.#db, brand.config.code, memberId, orderNo);
    if (!order || order.status !== 'confirmed' || order.currency !== currency) {
      throw appError(PROMO_ERRORS, 'promo_deposit_not_found');
    }
    const already = await repository.claimedOrderNos(this.#db, promotion.id, [orderNo]);
    if (already.has(orderNo)) throw appError(PROMO_ERRORS, 'promo_deposit_claimed');
    const open = await repository.findOpenClaim(this.#db, promotion.id, memberId);
    if (open?.status === 'pending') throw appError(PROMO_ERRORS, 'promo_claim_pending');
    if (rules.requiresJoin && open?.status !== 'joined') {
      throw appError(PROMO_ERRORS, 'promo_join_required');
    }
    const bonus = depositBonus(rules.tiers, order.amountMinor);
    if (
      bonus === 0n ||
      order.createdAt < promotion.startsAt ||
      (rules.requiresJoin && open !== undefined && order.createdAt < open.createdAt) ||
      !withinClaimWindow(order, rules, this.#now())
    ) {
      throw appError(PROMO_ERRORS, 'promo_deposit_not_qualifying');
    }
    await this.#assertBelowLimit(this.#db, promotion, memberId);
    // Refused before a claim is recorded when the budget is plainly spent; the payment checks
    // again in its own statement, which is what holds when claims race.
    if (!budgetAllows(promotion.budgetMinor, promotion.spentMinor, bonus)) {
      throw appError(PROMO_ERRORS, 'promo_budget_exhausted');
    }

    // The claim first (its id keys the payment), then the payment if the rules say so.
    let claim: ClaimRow | undefined;
    try {
      const change = {
        status: 'pending' as const,
        depositOrderNo: order.orderNo,
        depositMinor: order.amountMinor,
        rewardMinor: bonus,
        turnoverMinor: rewardTurnover(bonus, promotion.turnoverMultiplierPercent),
      };
      claim = open
        ? await repository.changeClaim(this.#db, open.id, ['joined'], change)
        : await repository.insertClaim(this.#db, {
            brandCode: brand.config.code,
            promotionId: promotion.id,
            memberId,
            currency,
            ...change,
          });
    } catch (error) {
      if (uniqueViolation(error) !== null) {
        const claimed = await repository.claimedOrderNos(this.#db, promotion.id, [orderNo]);
        throw appError(
          PROMO_ERRORS,
          claimed.has(orderNo) ? 'promo_deposit_claimed' : 'promo_claim_pending',
        );
      }
      throw error;
    }
    if (!claim) {
      // The joined claim was used a moment ago by a concurrent claim of this member.
      const claimed = await repository.claimedOrderNos(this.#db, promotion.id, [orderNo]);
      throw appError(
        PROMO_ERRORS,
        claimed.has(orderNo) ? 'promo_deposit_claimed' : 'promo_join_required',
      );
    }
    if (rules.autoApprove) {
      try {
        claim = await this.#payClaim(brand, promotion, claim, bonus, {
          actor: { type: 'system', id: 'auto' },
          reviewedBy: 'system',
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'promo_budget_exhausted') {
          await repository.changeClaim(this.#db, claim.id, ['pending'], {
            status: 'rejected',
            reviewedBy: 'system',
            reviewNote: 'promo_budget_exhausted',
            decidedAt: this.#now(),
          });
        }
        throw error;
      }
    }
    return claimView(claim, promotion, brand, language);
  }

  /** Applies to an apply-kind promotion: a pending claim for an operator to review. */
  async applyAlone(
    viewer: PromoViewer,
    language: Language,
    id: bigint,
    note: string,
  ): Promise<PromotionClaim> {
    const { brand, memberId } = viewer;
    const promotion = await this.#livePromotion(brand, id);
    if (promotion.kind !== 'apply') throw appError(PROMO_ERRORS, 'promotion_not_found');
    await this.#assertEligible(promotion, memberId);
    await this.#assertBelowLimit(this.#db, promotion, memberId);
    try {
      const claim = await repository.insertClaim(this.#db, {
        brandCode: brand.config.code,
        promotionId: promotion.id,
        memberId,
        status: 'pending',
        applicationNote: note === '' ? null : note,
        currency: brandCurrency(brand),
      });
      return claimView(claim, promotion, brand, language);
    } catch (error) {
      if (uniqueViolation(error) !== null) throw appError(PROMO_ERRORS, 'promo_claim_pending');
      throw error;
    }
  }

  async records(viewer: PromoViewer, language: Language, page: { page: number; pageSize: number }) {
    const currency = brandCurrency(viewer.brand);
    const { rows, total } = await repository.listMemberRecords(
      this.#db,
      viewer.brand.config.code,
      viewer.memberId,
      { limit: page.pageSize, offset: (page.page - 1) * page.pageSize },
    );
    const items: PromoRecord[] = rows.map((row) => ({
      type: row.type,
      id: row.id.toString(),
      promotionId: row.promotionId.toString(),
      title: localized(row.title, language, viewer.brand.config.language),
      status: row.status,
      amount: toDecimalString(row.amountMinor, currency),
      createdAt: row.createdAt.toISOString(),
    }));
    return { items, total, page: page.page, pageSize: page.pageSize };
  }

  /**
   * Pays a pending claim: the ledger entry keyed by the claim id, and with it the status, the
   * budget charge, the turnover and the per-member limit under the member's row lock.
   */
  async #payClaim(
    brand: Brand,
    promotion: PromotionRow,
    claim: ClaimRow,
    rewardMinor: bigint,
    decider: {
      actor: LedgerActor;
      reviewedBy: string;
      /** Runs in the paying transaction after the claim is paid: the operator's log row. */
      alongside?: (transaction: Transaction) => Promise<void>;
    },
    note?: string,
  ): Promise<ClaimRow> {
    const currency = brandCurrency(brand);
    const viewer = { brand, memberId: claim.memberId };
    let paid: ClaimRow | undefined;
    const settle = async (transaction: Transaction, entryId: bigint) => {
      await repository.lockMember(transaction, claim.memberId);
      await this.#assertBelowLimit(transaction, promotion, claim.memberId);
      const turnover = await this.#chargeReward(transaction, promotion, viewer, rewardMinor);
      paid = await repository.changeClaim(transaction, claim.id, ['pending'], {
        status: 'paid',
        rewardMinor,
        turnoverMinor: turnover,
        ledgerEntryId: entryId,
        reviewedBy: decider.reviewedBy,
        reviewNote: note ?? null,
        decidedAt: this.#now(),
      });
      if (!paid) throw appError(PROMO_ERRORS, 'claim_not_pending');
      await decider.alongside?.(transaction);
    };
    const result = await this.#ledger.post(
      {
        brandCode: brand.config.code,
        reason: 'promo_bonus',
        idempotencyKey: `promo:claim:${claim.id}`,
        actor: decider.actor,
        memo: `promotion ${promotion.id}`,
        lines: [
          { account: { kind: 'house_promotions', currency }, amountMinor: -rewardMinor },
          {
            account: { kind: 'member_wallet', memberId: claim.memberId, currency },
            amountMinor: rewardMinor,
          },
        ],
      },
      settle,
    );
    if (result.replayed || !paid) throw appError(PROMO_ERRORS, 'claim_not_pending');
    return paid;
  }

  // -------------------------------------------------------------------------------------------
  // Shared checks

  async #visiblePromotion(brand: Brand, id: bigint): Promise<PromotionRow> {
    const promotion = await repository.findPromotion(this.#db, id);
    // Members see active promotions only (ended ones by their id too, as history: no).
    if (!promotion || promotion.brandCode !== brand.config.code || promotion.status !== 'active') {
      throw appError(PROMO_ERRORS, 'promotion_not_found');
    }
    return promotion;
  }

  async #livePromotion(brand: Brand, id: bigint): Promise<PromotionRow> {
    const promotion = await this.#visiblePromotion(brand, id);
    const now = this.#now();
    if (promotion.startsAt > now || (promotion.endsAt !== null && promotion.endsAt <= now)) {
      throw appError(PROMO_ERRORS, 'promotion_not_live');
    }
    return promotion;
  }

  async #liveOfKind(brand: Brand, kind: PromotionKind): Promise<PromotionRow> {
    const rows = await repository.listLiveOfKind(this.#db, brand.config.code, kind, this.#now());
    const first = rows[0];
    if (!first) throw appError(PROMO_ERRORS, 'promotion_not_found');
    return first;
  }

  async #isEligible(promotion: PromotionRow, memberId: bigint): Promise<boolean> {
    const eligibility = promotion.eligibility as PromotionEligibility;
    if (eligibility.newMembersWithinDays !== undefined) {
      const member = await repository.memberRegisteredAt(this.#db, memberId);
      const since = this.#now().getTime() - eligibility.newMembersWithinDays * 86_400_000;
      if (!member || member.createdAt.getTime() < since) return false;
    }
    if (eligibility.minVipLevel !== undefined && eligibility.minVipLevel > 0) {
      if ((await vipLevelOf(this.#db, memberId)) < eligibility.minVipLevel) return false;
    }
    return true;
  }

  async #assertEligible(promotion: PromotionRow, memberId: bigint): Promise<void> {
    if (!(await this.#isEligible(promotion, memberId))) {
      throw appError(PROMO_ERRORS, 'promo_not_eligible');
    }
  }

  async #assertBelowLimit(executor: Executor, promotion: PromotionRow, memberId: bigint) {
    if (promotion.perMemberLimit === null) return;
    const paid = await repository.countMemberClaims(executor, promotion.id, memberId, ['paid']);
    if (paid >= promotion.perMemberLimit) throw appError(PROMO_ERRORS, 'promo_limit_reached');
  }

  async #memberState(promotion: PromotionRow, memberId: bigint): Promise<PromotionMemberState> {
    const [eligible, open, paid] = await Promise.all([
      this.#isEligible(promotion, memberId),
      repository.findOpenClaim(this.#db, promotion.id, memberId),
      repository.countMemberClaims(this.#db, promotion.id, memberId, ['paid']),
    ]);
    return {
      eligible,
      joined: open?.status === 'joined',
      pending: open?.status === 'pending' ? 1 : 0,
      paid,
      limitReached: promotion.perMemberLimit !== null && paid >= promotion.perMemberLimit,
    };
  }

  #summary(row: PromotionRow, brand: Brand, language: Language): PromotionSummary {
    return {
      id: row.id.toString(),
      kind: row.kind,
      category: row.category,
      title: localized(row.title, language, brand.config.language),
      summary: localized(row.summary, language, brand.config.language),
      imageUrl: row.imageUrl,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Operators

  #brandOrThrow(code: string): Brand {
    const brand = this.#brands.get(code);
    if (!brand) throw commonError('unknown_site');
    return brand;
  }

  async operatorPromotions(brandCode: string): Promise<AdminPromotion[]> {
    const brand = this.#brandOrThrow(brandCode);
    const rows = await repository.listBrandPromotions(this.#db, brandCode);
    return rows.map((row) => adminPromotionView(row, brandCurrency(brand)));
  }

  async createPromotion(
    operator: OperatorIdentity,
    input: {
      brand: string;
      kind: PromotionKind;
      status: PromotionRow['status'];
      category: string;
      title: Localized;
      summary?: Localized | undefined;
      body?: Localized | undefined;
      imageUrl?: string | undefined;
      startsAt: string;
      endsAt?: string | null | undefined;
      sort?: number | undefined;
      rules?: Record<string, unknown> | undefined;
      eligibility?: PromotionEligibility | undefined;
      turnoverMultiplierPercent?: number | undefined;
      budget?: string | null | undefined;
      perMemberLimit?: number | null | undefined;
    },
    context: ActionContext,
  ): Promise<AdminPromotion> {
    const brand = this.#brandOrThrow(input.brand);
    const currency = brandCurrency(brand);
    const rules = validRules(input.kind, input.rules ?? {});
    return this.#db.transaction(async (transaction) => {
      const row = await repository.insertPromotion(transaction, {
        brandCode: input.brand,
        kind: input.kind,
        status: input.status,
        category: input.category,
        title: input.title as Record<string, string>,
        summary: (input.summary ?? {}) as Record<string, string>,
        body: (input.body ?? {}) as Record<string, string>,
        imageUrl: input.imageUrl ?? '',
        startsAt: new Date(input.startsAt),
        endsAt: input.endsAt ? new Date(input.endsAt) : null,
        sort: input.sort ?? 0,
        rules,
        eligibility: input.eligibility ?? {},
        turnoverMultiplierPercent: input.turnoverMultiplierPercent ?? 100,
        budgetMinor:
          input.budget === undefined || input.budget === null
            ? null
            : amountOf(input.budget, currency),
        perMemberLimit: input.perMemberLimit ?? null,
        updatedBy: operator.username,
      });
      assertWindow(row);
      await this.#operators.record(transaction, operator, {
        action: 'promotion_create',
        brandCode: row.brandCode,
        targetType: 'promotion',
        targetId: row.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: { kind: row.kind, status: row.status, title: row.title },
        ip: context.ip,
      });
      return adminPromotionView(row, currency);
    });
  }

  async updatePromotion(
    operator: OperatorIdentity,
    id: string,
    input: {
      category?: string | undefined;
      title?: Localized | undefined;
      summary?: Localized | undefined;
      body?: Localized | undefined;
      imageUrl?: string | undefined;
      startsAt?: string | undefined;
      endsAt?: string | null | undefined;
      sort?: number | undefined;
      rules?: Record<string, unknown> | undefined;
      eligibility?: PromotionEligibility | undefined;
      turnoverMultiplierPercent?: number | undefined;
      budget?: string | null | undefined;
      perMemberLimit?: number | null | undefined;
    },
    context: ActionContext,
  ): Promise<AdminPromotion> {
    const before = await repository.findPromotion(this.#db, BigInt(id));
    if (!before) throw appError(PROMO_ERRORS, 'promotion_not_found');
    const brand = this.#brandOrThrow(before.brandCode);
    const currency = brandCurrency(brand);
    const change: repository.PromotionChange = { updatedBy: operator.username };
    if (input.category !== undefined) change.category = input.category;
    if (input.title !== undefined) change.title = input.title as Record<string, string>;
    if (input.summary !== undefined) change.summary = input.summary as Record<string, string>;
    if (input.body !== undefined) change.body = input.body as Record<string, string>;
    if (input.imageUrl !== undefined) change.imageUrl = input.imageUrl;
    if (input.startsAt !== undefined) change.startsAt = new Date(input.startsAt);
    if (input.endsAt !== undefined) change.endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (input.sort !== undefined) change.sort = input.sort;
    if (input.rules !== undefined) change.rules = validRules(before.kind, input.rules);
    if (input.eligibility !== undefined) change.eligibility = input.eligibility;
    if (input.turnoverMultiplierPercent !== undefined) {
      change.turnoverMultiplierPercent = input.turnoverMultiplierPercent;
    }
    if (input.budget !== undefined) {
      change.budgetMinor = input.budget === null ? null : amountOf(input.budget, currency);
      if (change.budgetMinor !== null && change.budgetMinor < before.spentMinor) {
        throw appError(PROMO_ERRORS, 'promo_rules_invalid', [
          { path: 'budget', code: 'below_spent' },
        ]);
      }
    }
    if (input.perMemberLimit !== undefined) change.perMemberLimit = input.perMemberLimit;
    const startsAt = change.startsAt ?? before.startsAt;
    const endsAt = change.endsAt === undefined ? before.endsAt : change.endsAt;
    assertWindow({ startsAt, endsAt });
    return this.#db.transaction(async (transaction) => {
      const row = await repository.updatePromotion(transaction, before.id, change);
      if (!row) throw appError(PROMO_ERRORS, 'promotion_not_found');
      await this.#operators.record(transaction, operator, {
        action: 'promotion_update',
        brandCode: row.brandCode,
        targetType: 'promotion',
        targetId: row.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          changed: Object.keys(input).filter(
            (key) => input[key as keyof typeof input] !== undefined,
          ),
        },
        ip: context.ip,
      });
      return adminPromotionView(row, currency);
    });
  }

  async changePromotionStatus(
    operator: OperatorIdentity,
    id: string,
    status: PromotionRow['status'],
    context: ActionContext,
  ): Promise<AdminPromotion> {
    const row = await this.#db.transaction(async (transaction) => {
      const before = await repository.findPromotion(transaction, BigInt(id));
      if (!before) throw appError(PROMO_ERRORS, 'promotion_not_found');
      const after = await repository.updatePromotion(transaction, before.id, {
        status,
        updatedBy: operator.username,
      });
      if (!after) throw appError(PROMO_ERRORS, 'promotion_not_found');
      await this.#operators.record(transaction, operator, {
        action: 'promotion_status',
        brandCode: after.brandCode,
        targetType: 'promotion',
        targetId: after.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: { from: before.status, to: status },
        ip: context.ip,
      });
      return after;
    });
    return adminPromotionView(row, brandCurrency(this.#brandOrThrow(row.brandCode)));
  }

  async operatorGifts(promotionId: string): Promise<AdminGift[]> {
    const promotion = await repository.findPromotion(this.#db, BigInt(promotionId));
    if (!promotion) throw appError(PROMO_ERRORS, 'promotion_not_found');
    const currency = brandCurrency(this.#brandOrThrow(promotion.brandCode));
    return (await repository.listGifts(this.#db, promotion.id, false)).map((gift) =>
      adminGiftView(gift, currency),
    );
  }

  async createGift(
    operator: OperatorIdentity,
    promotionId: string,
    input: {
      kind: 'cash' | 'item';
      name: Localized;
      imageUrl?: string | undefined;
      turnoverCost: string;
      reward?: string | undefined;
      stock?: number | null | undefined;
      perMemberLimit?: number | null | undefined;
      sort?: number | undefined;
      active?: boolean | undefined;
    },
    context: ActionContext,
  ): Promise<AdminGift> {
    const promotion = await repository.findPromotion(this.#db, BigInt(promotionId));
    if (!promotion || promotion.kind !== 'gift') {
      throw appError(PROMO_ERRORS, 'promotion_not_found');
    }
    const currency = brandCurrency(this.#brandOrThrow(promotion.brandCode));
    const rewardMinor = input.reward === undefined ? 0n : amountOf(input.reward, currency);
    if (input.kind === 'cash' && rewardMinor <= 0n) {
      throw appError(PROMO_ERRORS, 'promo_rules_invalid', [{ path: 'reward', code: 'too_small' }]);
    }
    return this.#db.transaction(async (transaction) => {
      const gift = await repository.insertGift(transaction, {
        brandCode: promotion.brandCode,
        promotionId: promotion.id,
        kind: input.kind,
        name: input.name as Record<string, string>,
        imageUrl: input.imageUrl ?? '',
        turnoverCostMinor: amountOf(input.turnoverCost, currency),
        rewardMinor: input.kind === 'cash' ? rewardMinor : 0n,
        stock: input.stock ?? null,
        perMemberLimit: input.perMemberLimit ?? null,
        sort: input.sort ?? 0,
        active: input.active ?? true,
      });
      await this.#operators.record(transaction, operator, {
        action: 'promotion_gift_create',
        brandCode: gift.brandCode,
        targetType: 'promotion_gift',
        targetId: gift.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: { promotionId: promotion.id.toString(), kind: gift.kind, name: gift.name },
        ip: context.ip,
      });
      return adminGiftView(gift, currency);
    });
  }

  async updateGift(
    operator: OperatorIdentity,
    id: string,
    input: {
      name?: Localized | undefined;
      imageUrl?: string | undefined;
      turnoverCost?: string | undefined;
      reward?: string | undefined;
      stock?: number | null | undefined;
      perMemberLimit?: number | null | undefined;
      sort?: number | undefined;
      active?: boolean | undefined;
    },
    context: ActionContext,
  ): Promise<AdminGift> {
    const before = await repository.findGift(this.#db, BigInt(id));
    if (!before) throw appError(PROMO_ERRORS, 'gift_not_found');
    const currency = brandCurrency(this.#brandOrThrow(before.brandCode));
    const change: Parameters<typeof repository.updateGift>[2] = {};
    if (input.name !== undefined) change.name = input.name as Record<string, string>;
    if (input.imageUrl !== undefined) change.imageUrl = input.imageUrl;
    if (input.turnoverCost !== undefined) {
      change.turnoverCostMinor = amountOf(input.turnoverCost, currency);
    }
    if (input.reward !== undefined && before.kind === 'cash') {
      const reward = amountOf(input.reward, currency);
      if (reward <= 0n) {
        throw appError(PROMO_ERRORS, 'promo_rules_invalid', [
          { path: 'reward', code: 'too_small' },
        ]);
      }
      change.rewardMinor = reward;
    }
    if (input.stock !== undefined) change.stock = input.stock;
    if (input.perMemberLimit !== undefined) change.perMemberLimit = input.perMemberLimit;
    if (input.sort !== undefined) change.sort = input.sort;
    if (input.active !== undefined) change.active = input.active;
    return this.#db.transaction(async (transaction) => {
      const gift =
        Object.keys(change).length === 0
          ? before
          : await repository.updateGift(transaction, before.id, change);
      if (!gift) throw appError(PROMO_ERRORS, 'gift_not_found');
      await this.#operators.record(transaction, operator, {
        action: 'promotion_gift_update',
        brandCode: gift.brandCode,
        targetType: 'promotion_gift',
        targetId: gift.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: { changed: Object.keys(change) },
        ip: context.ip,
      });
      return adminGiftView(gift, currency);
    });
  }

  async operatorBanners(brandCode: string): Promise<AdminBanner[]> {
    this.#brandOrThrow(brandCode);
    return (await repository.listBanners(this.#db, brandCode)).map(adminBannerView);
  }

  async createBanner(
    operator: OperatorIdentity,
    input: {
      brand: string;
      placement: BannerRow['placement'];
      title: Localized;
      body?: Localized | undefined;
      imageUrl?: string | undefined;
      linkUrl?: string | undefined;
      sort?: number | undefined;
      active?: boolean | undefined;
      startsAt?: string | null | undefined;
      endsAt?: string | null | undefined;
    },
    context: ActionContext,
  ): Promise<AdminBanner> {
    this.#brandOrThrow(input.brand);
    return this.#db.transaction(async (transaction) => {
      const row = await repository.insertBanner(transaction, {
        brandCode: input.brand,
        placement: input.placement,
        title: input.title as Record<string, string>,
        body: (input.body ?? {}) as Record<string, string>,
        imageUrl: input.imageUrl ?? '',
        linkUrl: input.linkUrl ?? '',
        sort: input.sort ?? 0,
        active: input.active ?? true,
        startsAt: input.startsAt ? new Date(input.startsAt) : null,
        endsAt: input.endsAt ? new Date(input.endsAt) : null,
        updatedBy: operator.username,
      });
      await this.#operators.record(transaction, operator, {
        action: 'promo_banner_create',
        brandCode: row.brandCode,
        targetType: 'promo_banner',
        targetId: row.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: { placement: row.placement, title: row.title },
        ip: context.ip,
      });
      return adminBannerView(row);
    });
  }

  async updateBanner(
    operator: OperatorIdentity,
    id: string,
    input: {
      title?: Localized | undefined;
      body?: Localized | undefined;
      imageUrl?: string | undefined;
      linkUrl?: string | undefined;
      sort?: number | undefined;
      active?: boolean | undefined;
      startsAt?: string | null | undefined;
      endsAt?: string | null | undefined;
    },
    context: ActionContext,
  ): Promise<AdminBanner> {
    const change: Parameters<typeof repository.updateBanner>[2] = { updatedBy: operator.username };
    if (input.title !== undefined) change.title = input.title as Record<string, string>;
    if (input.body !== undefined) change.body = input.body as Record<string, string>;
    if (input.imageUrl !== undefined) change.imageUrl = input.imageUrl;
    if (input.linkUrl !== undefined) change.linkUrl = input.linkUrl;
    if (input.sort !== undefined) change.sort = input.sort;
    if (input.active !== undefined) change.active = input.active;
    if (input.startsAt !== undefined) {
      change.startsAt = input.startsAt ? new Date(input.startsAt) : null;
    }
    if (input.endsAt !== undefined) change.endsAt = input.endsAt ? new Date(input.endsAt) : null;
    return this.#db.transaction(async (transaction) => {
      const row = await repository.updateBanner(transaction, BigInt(id), change);
      if (!row) throw appError(PROMO_ERRORS, 'banner_not_found');
      await this.#operators.record(transaction, operator, {
        action: 'promo_banner_update',
        brandCode: row.brandCode,
        targetType: 'promo_banner',
        targetId: row.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: { changed: Object.keys(change).filter((key) => key !== 'updatedBy') },
        ip: context.ip,
      });
      return adminBannerView(row);
    });
  }

  async deleteBanner(operator: OperatorIdentity, id: string, context: ActionContext) {
    return this.#db.transaction(async (transaction) => {
      const before = await repository.findBanner(transaction, BigInt(id));
      if (!before) throw appError(PROMO_ERRORS, 'banner_not_found');
      const deleted = await repository.deleteBanner(transaction, before.id);
      await this.#operators.record(transaction, operator, {
        action: 'promo_banner_delete',
        brandCode: before.brandCode,
        targetType: 'promo_banner',
        targetId: before.id.toString(),
        details: { placement: before.placement, title: before.title },
        ip: context.ip,
      });
      return { deleted };
    });
  }

  async operatorClaims(filter: {
    brand: string;
    status?: ClaimRow['status'] | undefined;
    page: number;
    pageSize: number;
  }) {
    const brand = this.#brandOrThrow(filter.brand);
    const { rows, total } = await repository.listClaimsForOperator(
      this.#db,
      { brandCode: filter.brand, status: filter.status },
      { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize },
    );
    return {
      items: rows.map((row) => adminClaimView(row, brand)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  /** Approves a pending claim and pays it (apply: the amount given or the rules' default). */
  async approveClaim(
    operator: OperatorIdentity,
    id: string,
    input: { amount?: string | undefined; note?: string | undefined },
    context: ActionContext,
  ): Promise<AdminClaim> {
    const claim = await repository.findClaim(this.#db, BigInt(id));
    if (!claim) throw appError(PROMO_ERRORS, 'claim_not_found');
    if (claim.status !== 'pending') throw appError(PROMO_ERRORS, 'claim_not_pending');
    const promotion = await repository.findPromotion(this.#db, claim.promotionId);
    if (!promotion) throw appError(PROMO_ERRORS, 'promotion_not_found');
    const brand = this.#brandOrThrow(promotion.brandCode);
    const currency = brandCurrency(brand);
    let reward = claim.rewardMinor;
    if (promotion.kind === 'apply') {
      const rules: ApplyRules = PROMOTION_RULE_SCHEMAS.apply.parse(promotion.rules);
      reward =
        input.amount !== undefined
          ? amountOf(input.amount, currency)
          : BigInt(rules.defaultRewardMinor);
    }
    if (reward <= 0n) throw appError(PROMO_ERRORS, 'claim_amount_required');
    await this.#payClaim(
      brand,
      promotion,
      claim,
      reward,
      {
        actor: operatorActor(operator),
        reviewedBy: operator.username,
        alongside: (transaction) =>
          this.#operators.record(transaction, operator, {
            action: 'promotion_claim_approve',
            brandCode: promotion.brandCode,
            targetType: 'promotion_claim',
            targetId: claim.id.toString(),
            details: {
              reward: toDecimalString(reward, currency),
              promotionId: promotion.id.toString(),
            },
            ip: context.ip,
          }),
      },
      input.note,
    );
    return this.#adminClaim(claim.id, brand);
  }

  async rejectClaim(
    operator: OperatorIdentity,
    id: string,
    note: string,
    context: ActionContext,
  ): Promise<AdminClaim> {
    const claim = await repository.findClaim(this.#db, BigInt(id));
    if (!claim) throw appError(PROMO_ERRORS, 'claim_not_found');
    await this.#db.transaction(async (transaction) => {
      const changed = await repository.changeClaim(transaction, claim.id, ['pending'], {
        status: 'rejected',
        reviewedBy: operator.username,
        reviewNote: note,
        decidedAt: this.#now(),
      });
      if (!changed) throw appError(PROMO_ERRORS, 'claim_not_pending');
      await this.#operators.record(transaction, operator, {
        action: 'promotion_claim_reject',
        brandCode: claim.brandCode,
        targetType: 'promotion_claim',
        targetId: claim.id.toString(),
        reason: note,
        ip: context.ip,
      });
    });
    return this.#adminClaim(claim.id, this.#brandOrThrow(claim.brandCode));
  }

  async #adminClaim(id: bigint, brand: Brand): Promise<AdminClaim> {
    const row = await repository.findClaimWithNames(this.#db, id);
    if (!row) throw appError(PROMO_ERRORS, 'claim_not_found');
    return adminClaimView(row, brand);
  }

  async operatorExchanges(filter: {
    brand: string;
    status?: ExchangeRow['status'] | undefined;
    page: number;
    pageSize: number;
  }) {
    const brand = this.#brandOrThrow(filter.brand);
    const { rows, total } = await repository.listExchangesForOperator(
      this.#db,
      { brandCode: filter.brand, status: filter.status },
      { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize },
    );
    return {
      items: rows.map((row) => adminExchangeView(row, brand)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  /**
   * Delivers an item exchange, or rejects it: the stock and the member's turnover come back
   * (a rejected exchange no longer counts as used). Cash exchanges are paid and final.
   */
  async handleExchange(
    operator: OperatorIdentity,
    id: string,
    action: 'deliver' | 'reject',
    context: ActionContext,
  ): Promise<AdminExchange> {
    const exchange = await repository.findExchange(this.#db, BigInt(id));
    if (!exchange) throw appError(PROMO_ERRORS, 'exchange_not_found');
    await this.#db.transaction(async (transaction) => {
      const changed = await repository.changeExchange(
        transaction,
        exchange.id,
        'pending_delivery',
        {
          status: action === 'deliver' ? 'delivered' : 'rejected',
          handledBy: operator.username,
        },
      );
      if (!changed) throw appError(PROMO_ERRORS, 'exchange_not_pending');
      if (action === 'reject') await repository.restoreGiftStock(transaction, exchange.giftId);
      await this.#operators.record(transaction, operator, {
        action: action === 'deliver' ? 'gift_exchange_deliver' : 'gift_exchange_reject',
        brandCode: exchange.brandCode,
        targetType: 'gift_exchange',
        targetId: exchange.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        ip: context.ip,
      });
    });
    const row = await repository.findExchangeWithNames(this.#db, exchange.id);
    if (!row) throw appError(PROMO_ERRORS, 'exchange_not_found');
    return adminExchangeView(row, this.#brandOrThrow(row.brandCode));
  }
}

/** Thrown inside a transaction when the same key's exchange exists: roll back and answer it. */
class ReplayFound extends Error {}

function withinClaimWindow(
  order: { decidedAt: Date | null; createdAt: Date },
  rules: DepositBonusRules,
  now: Date,
): boolean {
  const credited = order.decidedAt ?? order.createdAt;
  return now.getTime() - credited.getTime() <= rules.claimWithinHours * 3_600_000;
}

function amountOf(text: string, currency: CurrencyCode): bigint {
  try {
    return fromDecimalString(text, currency);
  } catch {
    throw commonError('validation', [{ path: 'amount', code: 'invalid_amount' }]);
  }
}

function validRules(kind: PromotionKind, rules: Record<string, unknown>): Record<string, unknown> {
  const parsed = PROMOTION_RULE_SCHEMAS[kind].safeParse(rules);
  if (!parsed.success) {
    throw appError(
      PROMO_ERRORS,
      'promo_rules_invalid',
      parsed.error.issues.map((issue) => ({
        path: ['rules', ...issue.path.map(String)].join('.'),
        code: issue.code,
      })),
    );
  }
  return parsed.data as Record<string, unknown>;
}

function assertWindow(window: { startsAt: Date; endsAt: Date | null }): void {
  if (window.endsAt !== null && window.endsAt <= window.startsAt) {
    throw appError(PROMO_ERRORS, 'promo_rules_invalid', [{ path: 'endsAt', code: 'before_start' }]);
  }
}

function tiersView(rules: DepositBonusRules, currency: CurrencyCode) {
  return [...rules.tiers]
    .sort((left, right) => left.minDepositMinor - right.minDepositMinor)
    .map((tier) => ({
      minDeposit: toDecimalString(BigInt(tier.minDepositMinor), currency),
      percent: tier.percent,
      maxBonus: toDecimalString(BigInt(tier.maxBonusMinor), currency),
    }));
}

function rulesView(promotion: PromotionRow, currency: CurrencyCode): PromotionRulesView {
  const eligibility = promotion.eligibility as PromotionEligibility;
  const view: PromotionRulesView = {
    turnoverMultiplierPercent: promotion.turnoverMultiplierPercent,
    perMemberLimit: promotion.perMemberLimit,
    ...(eligibility.newMembersWithinDays !== undefined
      ? { newMembersWithinDays: eligibility.newMembersWithinDays }
      : {}),
    ...(eligibility.minVipLevel !== undefined ? { minVipLevel: eligibility.minVipLevel } : {}),
  };
  if (promotion.kind === 'deposit_bonus') {
    const rules = PROMOTION_RULE_SCHEMAS.deposit_bonus.parse(promotion.rules);
    return {
      ...view,
      tiers: tiersView(rules, currency),
      requiresJoin: rules.requiresJoin,
      claimWithinHours: rules.claimWithinHours,
      autoApprove: rules.autoApprove,
    };
  }
  if (promotion.kind === 'sign_in') {
    const rules = PROMOTION_RULE_SCHEMAS.sign_in.parse(promotion.rules);
    return {
      ...view,
      streakRewards: rules.streakRewardsMinor.map((reward) =>
        toDecimalString(BigInt(reward), currency),
      ),
      resignCost: toDecimalString(BigInt(rules.resignCostMinor), currency),
      resignDaysBack: rules.resignDaysBack,
    };
  }
  return view;
}

function giftView(gift: GiftRow, brand: Brand, language: Language, exchanged: number): Gift {
  const currency = brandCurrency(brand);
  return {
    id: gift.id.toString(),
    kind: gift.kind,
    name: localized(gift.name, language, brand.config.language),
    imageUrl: gift.imageUrl,
    turnoverCost: toDecimalString(gift.turnoverCostMinor, currency),
    reward: toDecimalString(gift.rewardMinor, currency),
    stock: gift.stock,
    perMemberLimit: gift.perMemberLimit,
    exchanged,
  };
}

function exchangeView(
  exchange: ExchangeRow,
  gift: GiftRow | undefined,
  brand: Brand,
  language: Language,
): GiftExchange {
  const currency = brandCurrency(brand);
  return {
    id: exchange.id.toString(),
    giftId: exchange.giftId.toString(),
    giftName: gift ? localized(gift.name, language, brand.config.language) : '',
    kind: gift?.kind ?? 'cash',
    status: exchange.status,
    turnoverCost: toDecimalString(exchange.turnoverCostMinor, currency),
    reward: toDecimalString(exchange.rewardMinor, currency),
    createdAt: exchange.createdAt.toISOString(),
  };
}

function claimView(
  claim: ClaimRow,
  promotion: PromotionRow,
  brand: Brand,
  language: Language,
): PromotionClaim {
  const currency = brandCurrency(brand);
  return {
    id: claim.id.toString(),
    promotionId: claim.promotionId.toString(),
    title: localized(promotion.title, language, brand.config.language),
    status: claim.status,
    depositOrderNo: claim.depositOrderNo,
    reward: toDecimalString(claim.rewardMinor, currency),
    turnover: toDecimalString(claim.turnoverMinor, currency),
    createdAt: claim.createdAt.toISOString(),
  };
}

function adminPromotionView(row: PromotionRow, currency: CurrencyCode): AdminPromotion {
  return {
    id: row.id.toString(),
    brand: row.brandCode,
    kind: row.kind,
    category: row.category,
    title: row.title as Record<string, string>,
    summary: row.summary as Record<string, string>,
    body: row.body as Record<string, string>,
    imageUrl: row.imageUrl,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    sort: row.sort,
    rules: row.rules,
    eligibility: row.eligibility,
    turnoverMultiplierPercent: row.turnoverMultiplierPercent,
    budget: row.budgetMinor === null ? null : toDecimalString(row.budgetMinor, currency),
    spent: toDecimalString(row.spentMinor, currency),
    perMemberLimit: row.perMemberLimit,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function adminGiftView(gift: GiftRow, currency: CurrencyCode): AdminGift {
  return {
    id: gift.id.toString(),
    promotionId: gift.promotionId.toString(),
    kind: gift.kind,
    name: gift.name as Record<string, string>,
    imageUrl: gift.imageUrl,
    turnoverCost: toDecimalString(gift.turnoverCostMinor, currency),
    reward: toDecimalString(gift.rewardMinor, currency),
    stock: gift.stock,
    perMemberLimit: gift.perMemberLimit,
    sort: gift.sort,
    active: gift.active,
  };
}

function adminBannerView(row: BannerRow): AdminBanner {
  return {
    id: row.id.toString(),
    brand: row.brandCode,
    placement: row.placement,
    title: row.title as Record<string, string>,
    body: row.body as Record<string, string>,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    sort: row.sort,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function adminClaimView(row: repository.ClaimWithNames, brand: Brand): AdminClaim {
  const currency = brandCurrency(brand);
  return {
    ...claimView(
      row,
      { title: row.title } as PromotionRow,
      brand,
      brand.config.language as Language,
    ),
    brand: row.brandCode,
    username: row.username,
    kind: row.kind,
    depositAmount: row.depositMinor === null ? null : toDecimalString(row.depositMinor, currency),
    applicationNote: row.applicationNote,
    reviewedBy: row.reviewedBy,
    reviewNote: row.reviewNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function adminExchangeView(row: repository.ExchangeWithNames, brand: Brand): AdminExchange {
  const language = brand.config.language as Language;
  return {
    ...exchangeView(row, { name: row.giftName, kind: row.giftKind } as GiftRow, brand, language),
    brand: row.brandCode,
    username: row.username,
    promotionId: row.promotionId.toString(),
    shipping: row.shipping ?? null,
    handledBy: row.handledBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}
