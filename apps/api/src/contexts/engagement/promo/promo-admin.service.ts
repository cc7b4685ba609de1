import {
  PROMOTION_RULE_SCHEMAS,
  type AdminBanner,
  type AdminGift,
  type AdminPromotion,
  type PromotionEligibility,
  type PromotionKind,
} from '@lobby/contracts';
import { fromDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { type Brand, type BrandRegistry, brandCurrency } from '../../platform/brand/index.ts';
import {
  changes,
  omit,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import {
  deleteBanner,
  findBanner,
  insertBanner,
  listBanners,
  updateBanner,
  type BannerRow,
} from './promo-banners.repository.ts';
import {
  deleteUnexchangedGift,
  findGift,
  insertGift,
  listGifts,
  updateGift,
} from './promo-gifts.repository.ts';
import { renderMarkdown } from '../../platform/markdown/index.ts';
import { PROMO_ERRORS } from './promo.errors.ts';
import {
  findPromotion,
  insertPromotion,
  listBrandPromotions,
  updatePromotion,
  type PromotionChange,
  type PromotionRow,
} from './promo.repository.ts';
import { adminBannerView, adminGiftView, adminPromotionView } from './promo.views.ts';

/** Fields a log row leaves out of a record: its id is the target, who and when are the row's. */
const UNLOGGED = ['id', 'updatedAt', 'updatedBy'];

/** Where an operator's change came from, for the action log. */
export type ActionContext = { ip: string; reason?: string | undefined };
type Localized = Partial<Record<string, string>>;

/** The brand an operator names, known to the registry (unknown_site otherwise). */
export function operatorBrand(brands: BrandRegistry, code: string): Brand {
  const brand = brands.get(code);
  if (!brand) throw commonError('unknown_site');
  return brand;
}

/** An operator's decimal amount in minor units of the currency (validation otherwise). */
export function amountOf(text: string, currency: CurrencyCode): bigint {
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
  return parsed.data;
}

function assertWindow(window: { startsAt: Date; endsAt: Date | null }): void {
  if (window.endsAt !== null && window.endsAt <= window.startsAt) {
    throw appError(PROMO_ERRORS, 'promo_rules_invalid', [{ path: 'endsAt', code: 'before_start' }]);
  }
}

/** What an operator sets on a promotion: all of it at creation, any of it in an update. */
type PromotionSettings = {
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
};

/**
 * What operators manage: promotions (texts, window, rules per kind, eligibility, budget,
 * limits and status), the gifts of gift promotions, and the home banners and popups. Every
 * change writes its action-log row in its own transaction.
 */
export class PromoAdminService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #brands: BrandRegistry;

  constructor(options: { db: Database; operators: OperatorService; brands: BrandRegistry }) {
    this.#db = options.db;
    this.#operators = options.operators;
    this.#brands = options.brands;
  }

  #brand(code: string): Brand {
    return operatorBrand(this.#brands, code);
  }

  async operatorPromotions(
    brandCode: string,
    filter: { status?: PromotionRow['status'] | undefined; kind?: PromotionKind | undefined } = {},
  ): Promise<AdminPromotion[]> {
    const brand = this.#brand(brandCode);
    const rows = await listBrandPromotions(this.#db, brandCode, filter);
    return rows.map((row) => adminPromotionView(row, brandCurrency(brand)));
  }

  async createPromotion(
    operator: OperatorIdentity,
    input: PromotionSettings & {
      brand: string;
      kind: PromotionKind;
      status: PromotionRow['status'];
    },
    context: ActionContext,
  ): Promise<AdminPromotion> {
    const brand = this.#brand(input.brand);
    const currency = brandCurrency(brand);
    const rules = validRules(input.kind, input.rules ?? {});
    return this.#db.transaction(async (transaction) => {
      const row = await insertPromotion(transaction, {
        brandCode: input.brand,
        kind: input.kind,
        status: input.status,
        category: input.category,
        title: input.title,
        summary: input.summary ?? {},
        body: input.body ?? {},
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
      const view = adminPromotionView(row, currency);
      await this.#operators.record(transaction, operator, {
        action: 'promotion_create',
        brandCode: row.brandCode,
        targetType: 'promotion',
        targetId: row.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          kind: row.kind,
          status: row.status,
          title: row.title,
          before: null,
          after: omit(view, UNLOGGED),
        },
        ip: context.ip,
      });
      return view;
    });
  }

  async updatePromotion(
    operator: OperatorIdentity,
    id: string,
    input: { [Key in keyof PromotionSettings]?: PromotionSettings[Key] | undefined },
    context: ActionContext,
  ): Promise<AdminPromotion> {
    const before = await findPromotion(this.#db, BigInt(id));
    if (!before) throw appError(PROMO_ERRORS, 'promotion_not_found');
    const brand = this.#brand(before.brandCode);
    const currency = brandCurrency(brand);
    const change: PromotionChange = { updatedBy: operator.username };
    if (input.category !== undefined) change.category = input.category;
    if (input.title !== undefined) change.title = input.title;
    if (input.summary !== undefined) change.summary = input.summary;
    if (input.body !== undefined) change.body = input.body;
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
      const row = await updatePromotion(transaction, before.id, change);
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
          ...changes(
            adminPromotionView(before, currency),
            adminPromotionView(row, currency),
            UNLOGGED,
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
      const before = await findPromotion(transaction, BigInt(id));
      if (!before) throw appError(PROMO_ERRORS, 'promotion_not_found');
      const after = await updatePromotion(transaction, before.id, {
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
        details: {
          from: before.status,
          to: status,
          ...changes({ status: before.status }, { status: after.status }),
        },
        ip: context.ip,
      });
      return after;
    });
    return adminPromotionView(row, brandCurrency(this.#brand(row.brandCode)));
  }

  async operatorGifts(promotionId: string): Promise<AdminGift[]> {
    const promotion = await findPromotion(this.#db, BigInt(promotionId));
    if (!promotion) throw appError(PROMO_ERRORS, 'promotion_not_found');
    const currency = brandCurrency(this.#brand(promotion.brandCode));
    return (await listGifts(this.#db, promotion.id, false)).map((gift) =>
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
    const promotion = await findPromotion(this.#db, BigInt(promotionId));
    if (!promotion || promotion.kind !== 'gift') {
      throw appError(PROMO_ERRORS, 'promotion_not_found');
    }
    const currency = brandCurrency(this.#brand(promotion.brandCode));
    const rewardMinor = input.reward === undefined ? 0n : amountOf(input.reward, currency);
    if (input.kind === 'cash' && rewardMinor <= 0n) {
      throw appError(PROMO_ERRORS, 'promo_rules_invalid', [{ path: 'reward', code: 'too_small' }]);
    }
    return this.#db.transaction(async (transaction) => {
      const gift = await insertGift(transaction, {
        brandCode: promotion.brandCode,
        promotionId: promotion.id,
        kind: input.kind,
        name: input.name,
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
        details: {
          promotionId: promotion.id.toString(),
          kind: gift.kind,
          name: gift.name,
          before: null,
          after: adminGiftView(gift, currency),
        },
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
    const before = await findGift(this.#db, BigInt(id));
    if (!before) throw appError(PROMO_ERRORS, 'gift_not_found');
    const currency = brandCurrency(this.#brand(before.brandCode));
    const change: Parameters<typeof updateGift>[2] = {};
    if (input.name !== undefined) change.name = input.name;
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
          : await updateGift(transaction, before.id, change);
      if (!gift) throw appError(PROMO_ERRORS, 'gift_not_found');
      await this.#operators.record(transaction, operator, {
        action: 'promotion_gift_update',
        brandCode: gift.brandCode,
        targetType: 'promotion_gift',
        targetId: gift.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          changed: Object.keys(change),
          ...changes(adminGiftView(before, currency), adminGiftView(gift, currency)),
        },
        ip: context.ip,
      });
      return adminGiftView(gift, currency);
    });
  }

  /**
   * Removes a gift: deleted when no exchange points at it, otherwise taken off the list
   * (active false) so the members' exchange records keep their gift.
   */
  async deleteGift(
    operator: OperatorIdentity,
    id: string,
    context: ActionContext,
  ): Promise<{ deleted: boolean; deactivated: boolean }> {
    return this.#db.transaction(async (transaction) => {
      const before = await findGift(transaction, BigInt(id));
      if (!before) throw appError(PROMO_ERRORS, 'gift_not_found');
      const currency = brandCurrency(this.#brand(before.brandCode));
      const deleted = await deleteUnexchangedGift(transaction, before.id);
      const after = deleted ? null : await updateGift(transaction, before.id, { active: false });
      await this.#operators.record(transaction, operator, {
        action: 'promotion_gift_delete',
        brandCode: before.brandCode,
        targetType: 'promotion_gift',
        targetId: before.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          promotionId: before.promotionId.toString(),
          deleted,
          before: adminGiftView(before, currency),
          after: after ? adminGiftView(after, currency) : null,
        },
        ip: context.ip,
      });
      return { deleted, deactivated: !deleted };
    });
  }

  /** A promotion body's Markdown as the member site shows it (the same renderer). */
  previewMarkdown(brandCode: string, markdown: string): { html: string } {
    this.#brand(brandCode);
    return { html: renderMarkdown(markdown) };
  }

  async operatorBanners(brandCode: string): Promise<AdminBanner[]> {
    this.#brand(brandCode);
    return (await listBanners(this.#db, brandCode)).map(adminBannerView);
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
    this.#brand(input.brand);
    return this.#db.transaction(async (transaction) => {
      const row = await insertBanner(transaction, {
        brandCode: input.brand,
        placement: input.placement,
        title: input.title,
        body: input.body ?? {},
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
        details: {
          placement: row.placement,
          title: row.title,
          before: null,
          after: omit(adminBannerView(row), UNLOGGED),
        },
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
    const change: Parameters<typeof updateBanner>[2] = { updatedBy: operator.username };
    if (input.title !== undefined) change.title = input.title;
    if (input.body !== undefined) change.body = input.body;
    if (input.imageUrl !== undefined) change.imageUrl = input.imageUrl;
    if (input.linkUrl !== undefined) change.linkUrl = input.linkUrl;
    if (input.sort !== undefined) change.sort = input.sort;
    if (input.active !== undefined) change.active = input.active;
    if (input.startsAt !== undefined) {
      change.startsAt = input.startsAt ? new Date(input.startsAt) : null;
    }
    if (input.endsAt !== undefined) change.endsAt = input.endsAt ? new Date(input.endsAt) : null;
    return this.#db.transaction(async (transaction) => {
      const before = await findBanner(transaction, BigInt(id));
      const row = before && (await updateBanner(transaction, before.id, change));
      if (!before || !row) throw appError(PROMO_ERRORS, 'banner_not_found');
      await this.#operators.record(transaction, operator, {
        action: 'promo_banner_update',
        brandCode: row.brandCode,
        targetType: 'promo_banner',
        targetId: row.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          changed: Object.keys(change).filter((key) => key !== 'updatedBy'),
          ...changes(adminBannerView(before), adminBannerView(row), UNLOGGED),
        },
        ip: context.ip,
      });
      return adminBannerView(row);
    });
  }

  async deleteBanner(operator: OperatorIdentity, id: string, context: ActionContext) {
    return this.#db.transaction(async (transaction) => {
      const before = await findBanner(transaction, BigInt(id));
      if (!before) throw appError(PROMO_ERRORS, 'banner_not_found');
      const deleted = await deleteBanner(transaction, before.id);
      await this.#operators.record(transaction, operator, {
        action: 'promo_banner_delete',
        brandCode: before.brandCode,
        targetType: 'promo_banner',
        targetId: before.id.toString(),
        details: {
          placement: before.placement,
          title: before.title,
          before: omit(adminBannerView(before), UNLOGGED),
          after: null,
        },
        ip: context.ip,
      });
      return { deleted };
    });
  }
}
