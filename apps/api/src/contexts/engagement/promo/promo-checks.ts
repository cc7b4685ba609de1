import type { PromotionEligibility, PromotionKind, PromotionMemberState } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { type Brand, brandCurrency } from '../../platform/brand/index.ts';
import { addTurnover } from '../../money/turnover/index.ts';
import { memberExcluded } from '../../protection/exclusion/index.ts';
import { vipLevelOf } from '../vip/index.ts';
import { countMemberClaims, findOpenClaim } from './promo-claims.repository.ts';
import { PROMO_ERRORS } from './promo.errors.ts';
import {
  chargeBudget,
  findPromotion,
  listLiveOfKind,
  memberRegisteredAt,
  type PromotionRow,
} from './promo.repository.ts';
import { rewardTurnover } from './promo.rules.ts';

/** The member calling, in their brand. */
export type PromoViewer = { brand: Brand; memberId: bigint };

/**
 * What the member-side services share: the promotion a member may see or use, whether they may
 * take part, the per-member limit, and their state in a promotion.
 */
export class PromoChecks {
  readonly #db: Database;
  readonly #now: () => Date;

  constructor(options: { db: Database; now: () => Date }) {
    this.#db = options.db;
    this.#now = options.now;
  }

  async visiblePromotion(brand: Brand, id: bigint): Promise<PromotionRow> {
    const promotion = await findPromotion(this.#db, id);
    // Members see active promotions only (ended ones by their id too, as history: no).
    if (!promotion || promotion.brandCode !== brand.config.code || promotion.status !== 'active') {
      throw appError(PROMO_ERRORS, 'promotion_not_found');
    }
    return promotion;
  }

  async livePromotion(brand: Brand, id: bigint): Promise<PromotionRow> {
    const promotion = await this.visiblePromotion(brand, id);
    const now = this.#now();
    if (promotion.startsAt > now || (promotion.endsAt !== null && promotion.endsAt <= now)) {
      throw appError(PROMO_ERRORS, 'promotion_not_live');
    }
    return promotion;
  }

  async liveOfKind(brand: Brand, kind: PromotionKind): Promise<PromotionRow> {
    const rows = await listLiveOfKind(this.#db, brand.config.code, kind, this.#now());
    const first = rows[0];
    if (!first) throw appError(PROMO_ERRORS, 'promotion_not_found');
    return first;
  }

  async isEligible(promotion: PromotionRow, memberId: bigint): Promise<boolean> {
    // No promotion reaches a member under a time-out or self-exclusion (issue 15, point 4).
    if (await memberExcluded(this.#db, memberId)) return false;
    const eligibility = promotion.eligibility as PromotionEligibility;
    if (eligibility.newMembersWithinDays !== undefined) {
      const member = await memberRegisteredAt(this.#db, memberId);
      const since = this.#now().getTime() - eligibility.newMembersWithinDays * 86_400_000;
      if (!member || member.createdAt.getTime() < since) return false;
    }
    if (eligibility.minVipLevel !== undefined && eligibility.minVipLevel > 0) {
      if ((await vipLevelOf(this.#db, memberId)) < eligibility.minVipLevel) return false;
    }
    return true;
  }

  async assertEligible(promotion: PromotionRow, memberId: bigint): Promise<void> {
    if (!(await this.isEligible(promotion, memberId))) {
      throw appError(PROMO_ERRORS, 'promo_not_eligible');
    }
  }

  async assertBelowLimit(
    executor: Executor,
    promotion: PromotionRow,
    memberId: bigint,
  ): Promise<void> {
    if (promotion.perMemberLimit === null) return;
    const paid = await countMemberClaims(executor, promotion.id, memberId, ['paid']);
    if (paid >= promotion.perMemberLimit) throw appError(PROMO_ERRORS, 'promo_limit_reached');
  }

  async memberState(promotion: PromotionRow, memberId: bigint): Promise<PromotionMemberState> {
    const [eligible, open, paid] = await Promise.all([
      this.isEligible(promotion, memberId),
      findOpenClaim(this.#db, promotion.id, memberId),
      countMemberClaims(this.#db, promotion.id, memberId, ['paid']),
    ]);
    return {
      eligible,
      joined: open?.status === 'joined',
      pending: open?.status === 'pending' ? 1 : 0,
      paid,
      limitReached: promotion.perMemberLimit !== null && paid >= promotion.perMemberLimit,
    };
  }
}

/**
 * In the paying transaction: the budget charge (refused past the budget) and the turnover
 * requirement the reward adds. Returns that turnover.
 */
export async function chargeReward(
  transaction: Executor,
  promotion: PromotionRow,
  viewer: PromoViewer,
  rewardMinor: bigint,
): Promise<bigint> {
  if (!(await chargeBudget(transaction, promotion.id, rewardMinor))) {
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
