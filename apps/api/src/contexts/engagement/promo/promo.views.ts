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
  type PromotionClaim,
  type PromotionEligibility,
  type PromotionRulesView,
  type PromotionSummary,
} from '@lobby/contracts';
import { toDecimalString, type CurrencyCode } from '@lobby/money';
import { type Brand, brandCurrency } from '../../platform/brand/index.ts';
import type { BannerRow } from './promo-banners.repository.ts';
import type { ClaimRow, ClaimWithNames } from './promo-claims.repository.ts';
import type { ExchangeRow, ExchangeWithNames, GiftRow } from './promo-gifts.repository.ts';
import type { PromotionRow } from './promo.repository.ts';
import { localized } from './promo.rules.ts';

/**
 * Rows as the contracts answer them: members read texts in their language and amounts in the
 * brand's currency; operators read every language and the stored settings.
 */

export function summaryView(row: PromotionRow, brand: Brand, language: Language): PromotionSummary {
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

export function bannerView(row: BannerRow, brand: Brand, language: Language): PromoBanner {
  return {
    id: row.id.toString(),
    title: localized(row.title, language, brand.config.language),
    body: localized(row.body, language, brand.config.language),
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
  };
}

export function tiersView(rules: DepositBonusRules, currency: CurrencyCode) {
  return [...rules.tiers]
    .sort((left, right) => left.minDepositMinor - right.minDepositMinor)
    .map((tier) => ({
      minDeposit: toDecimalString(BigInt(tier.minDepositMinor), currency),
      percent: tier.percent,
      maxBonus: toDecimalString(BigInt(tier.maxBonusMinor), currency),
    }));
}

export function rulesView(promotion: PromotionRow, currency: CurrencyCode): PromotionRulesView {
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

export function giftView(gift: GiftRow, brand: Brand, language: Language, exchanged: number): Gift {
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

export function exchangeView(
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

export function claimView(
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

export function adminPromotionView(row: PromotionRow, currency: CurrencyCode): AdminPromotion {
  return {
    id: row.id.toString(),
    brand: row.brandCode,
    kind: row.kind,
    category: row.category,
    title: row.title,
    summary: row.summary,
    body: row.body,
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

export function adminGiftView(gift: GiftRow, currency: CurrencyCode): AdminGift {
  return {
    id: gift.id.toString(),
    promotionId: gift.promotionId.toString(),
    kind: gift.kind,
    name: gift.name,
    imageUrl: gift.imageUrl,
    turnoverCost: toDecimalString(gift.turnoverCostMinor, currency),
    reward: toDecimalString(gift.rewardMinor, currency),
    stock: gift.stock,
    perMemberLimit: gift.perMemberLimit,
    sort: gift.sort,
    active: gift.active,
  };
}

export function adminBannerView(row: BannerRow): AdminBanner {
  return {
    id: row.id.toString(),
    brand: row.brandCode,
    placement: row.placement,
    title: row.title,
    body: row.body,
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

export function adminClaimView(row: ClaimWithNames, brand: Brand): AdminClaim {
  const currency = brandCurrency(brand);
  return {
    ...claimView(row, { title: row.title } as PromotionRow, brand, brand.config.language),
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

export function adminExchangeView(row: ExchangeWithNames, brand: Brand): AdminExchange {
  const language = brand.config.language;
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
