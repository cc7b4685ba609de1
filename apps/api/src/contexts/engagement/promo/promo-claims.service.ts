import {
  PROMOTION_RULE_SCHEMAS,
  type DepositBonusDeposit,
  type DepositBonusRules,
  type Language,
  type PromoRecord,
  type PromotionClaim,
  type PromotionMemberState,
} from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import type { Database, Transaction } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/errors.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { type Brand, brandCurrency } from '../../platform/brand/index.ts';
import { findMemberOrder, listMemberCreditedOrders } from '../../money/deposit/index.ts';
import type { LedgerActor, LedgerService } from '../../money/ledger/index.ts';
import { chargeReward, type PromoChecks, type PromoViewer } from './promo-checks.ts';
import {
  changeClaim,
  claimedOrderNos,
  findOpenClaim,
  insertClaim,
  listMemberRecords,
  type ClaimRow,
} from './promo-claims.repository.ts';
import { PROMO_ERRORS } from './promo.errors.ts';
import { lockMember, type PromotionRow } from './promo.repository.ts';
import { budgetAllows, depositBonus, localized, rewardTurnover } from './promo.rules.ts';
import { claimView, tiersView } from './promo.views.ts';

/** How far back the claim screen looks for a member's deposits. */
const DEPOSIT_LIST_LIMIT = 20;

/** Who decides a claim's payment, and what else their transaction writes. */
export type ClaimDecider = {
  actor: LedgerActor;
  reviewedBy: string;
  /** Runs in the paying transaction after the claim is paid: the operator's log row. */
  alongside?: (transaction: Transaction) => Promise<void>;
};

function withinClaimWindow(
  order: { decidedAt: Date | null; createdAt: Date },
  rules: DepositBonusRules,
  now: Date,
): boolean {
  const credited = order.decidedAt ?? order.createdAt;
  return now.getTime() - credited.getTime() <= rules.claimWithinHours * 3_600_000;
}

/**
 * Claims: the deposit bonus of a credited deposit (after joining when the rules ask), paid at
 * once or left for review, and apply promotions left for review; the member's records of
 * claims and exchanges; and the payment of a claim, keyed by its id, that a review also uses.
 */
export class PromoClaimService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #now: () => Date;
  readonly #checks: PromoChecks;

  constructor(options: {
    db: Database;
    ledger: LedgerService;
    now: () => Date;
    checks: PromoChecks;
  }) {
    this.#db = options.db;
    this.#ledger = options.ledger;
    this.#now = options.now;
    this.#checks = options.checks;
  }

  async rechargeRewards(viewer: PromoViewer, id: bigint) {
    const { brand, memberId } = viewer;
    const promotion = await this.#checks.visiblePromotion(brand, id);
    if (promotion.kind !== 'deposit_bonus') throw appError(PROMO_ERRORS, 'promotion_not_found');
    const rules = PROMOTION_RULE_SCHEMAS.deposit_bonus.parse(promotion.rules);
    const currency = brandCurrency(brand);
    const open = await findOpenClaim(this.#db, promotion.id, memberId);
    const joined = open?.status === 'joined';
    const orders = await listMemberCreditedOrders(this.#db, {
      brandCode: brand.config.code,
      memberId,
      since: promotion.startsAt,
      limit: DEPOSIT_LIST_LIMIT,
    });
    const claimed = await claimedOrderNos(
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
    const promotion = await this.#checks.visiblePromotion(viewer.brand, id);
    return this.#checks.memberState(promotion, viewer.memberId);
  }

  /** Joins a deposit bonus that asks for it; joining again answers the same state. */
  async join(viewer: PromoViewer, id: bigint): Promise<PromotionMemberState> {
    const promotion = await this.#checks.livePromotion(viewer.brand, id);
    if (promotion.kind !== 'deposit_bonus') throw appError(PROMO_ERRORS, 'promotion_not_found');
    await this.#checks.assertEligible(promotion, viewer.memberId);
    await this.#checks.assertBelowLimit(this.#db, promotion, viewer.memberId);
    const open = await findOpenClaim(this.#db, promotion.id, viewer.memberId);
    if (open?.status === 'pending') throw appError(PROMO_ERRORS, 'promo_claim_pending');
    if (!open) {
      try {
        await insertClaim(this.#db, {
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
    return this.#checks.memberState(promotion, viewer.memberId);
  }

  /** Claims the bonus of one credited deposit: paid at once or left for review per rules. */
  async applyDeposit(
    viewer: PromoViewer,
    language: Language,
    id: bigint,
    orderNo: string,
  ): Promise<PromotionClaim> {
    const { brand, memberId } = viewer;
    const promotion = await this.#checks.livePromotion(brand, id);
    if (promotion.kind !== 'deposit_bonus') throw appError(PROMO_ERRORS, 'promotion_not_found');
    await this.#checks.assertEligible(promotion, memberId);
    const rules = PROMOTION_RULE_SCHEMAS.deposit_bonus.parse(promotion.rules);
    const currency = brandCurrency(brand);
    const order = await findMemberOrder(this.#db, brand.config.code, memberId, orderNo);
    if (!order || order.status !== 'confirmed' || order.currency !== currency) {
      throw appError(PROMO_ERRORS, 'promo_deposit_not_found');
    }
    const already = await claimedOrderNos(this.#db, promotion.id, [orderNo]);
    if (already.has(orderNo)) throw appError(PROMO_ERRORS, 'promo_deposit_claimed');
    const open = await findOpenClaim(this.#db, promotion.id, memberId);
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
    await this.#checks.assertBelowLimit(this.#db, promotion, memberId);
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
        ? await changeClaim(this.#db, open.id, ['joined'], change)
        : await insertClaim(this.#db, {
            brandCode: brand.config.code,
            promotionId: promotion.id,
            memberId,
            currency,
            ...change,
          });
    } catch (error) {
      if (uniqueViolation(error) !== null) {
        const claimed = await claimedOrderNos(this.#db, promotion.id, [orderNo]);
        throw appError(
          PROMO_ERRORS,
          claimed.has(orderNo) ? 'promo_deposit_claimed' : 'promo_claim_pending',
        );
      }
      throw error;
    }
    if (!claim) {
      // The joined claim was used a moment ago by a concurrent claim of this member.
      const claimed = await claimedOrderNos(this.#db, promotion.id, [orderNo]);
      throw appError(
        PROMO_ERRORS,
        claimed.has(orderNo) ? 'promo_deposit_claimed' : 'promo_join_required',
      );
    }
    if (rules.autoApprove) {
      try {
        claim = await this.payClaim(brand, promotion, claim, bonus, {
          actor: { type: 'system', id: 'auto' },
          reviewedBy: 'system',
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'promo_budget_exhausted') {
          await changeClaim(this.#db, claim.id, ['pending'], {
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
    const promotion = await this.#checks.livePromotion(brand, id);
    if (promotion.kind !== 'apply') throw appError(PROMO_ERRORS, 'promotion_not_found');
    await this.#checks.assertEligible(promotion, memberId);
    await this.#checks.assertBelowLimit(this.#db, promotion, memberId);
    try {
      const claim = await insertClaim(this.#db, {
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
    const { rows, total } = await listMemberRecords(
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
  async payClaim(
    brand: Brand,
    promotion: PromotionRow,
    claim: ClaimRow,
    rewardMinor: bigint,
    decider: ClaimDecider,
    note?: string,
  ): Promise<ClaimRow> {
    const currency = brandCurrency(brand);
    const viewer = { brand, memberId: claim.memberId };
    let paid: ClaimRow | undefined;
    const settle = async (transaction: Transaction, entryId: bigint) => {
      await lockMember(transaction, claim.memberId);
      await this.#checks.assertBelowLimit(transaction, promotion, claim.memberId);
      const turnover = await chargeReward(transaction, promotion, viewer, rewardMinor);
      paid = await changeClaim(transaction, claim.id, ['pending'], {
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
}
