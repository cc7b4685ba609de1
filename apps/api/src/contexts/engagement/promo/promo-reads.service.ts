import type { Language, PromotionDetail } from '@lobby/contracts';
import { dayOf } from '@lobby/time';
import type { Database } from '../../../db/client.ts';
import { type Brand, brandCurrency } from '../../platform/brand/index.ts';
import { renderMarkdown } from '../../platform/markdown/index.ts';
import { liveBanners } from './promo-banners.repository.ts';
import type { PromoChecks } from './promo-checks.ts';
import { countPendingClaimsOfMember } from './promo-claims.repository.ts';
import { listSignDays } from './promo-sign-in.repository.ts';
import { listLiveOfKind, listLivePromotions, liveCategories } from './promo.repository.ts';
import { localized } from './promo.rules.ts';
import { bannerView, rulesView, summaryView } from './promo.views.ts';

/** Labels of the usual category tabs; any other category shows its key. */
const CATEGORY_LABELS: Record<string, Record<Language, string>> = {
  new: { 'zh-CN': '新人专享', 'zh-TW': '新人專享', en: 'New members' },
  deposit: { 'zh-CN': '充值优惠', 'zh-TW': '儲值優惠', en: 'Deposit' },
  daily: { 'zh-CN': '日常活动', 'zh-TW': '日常活動', en: 'Daily' },
  vip: { 'zh-CN': 'VIP 专属', 'zh-TW': 'VIP 專屬', en: 'VIP' },
  gifts: { 'zh-CN': '豪礼兑换', 'zh-TW': '豪禮兌換', en: 'Gifts' },
  other: { 'zh-CN': '其他', 'zh-TW': '其他', en: 'Other' },
};

/**
 * What members and guests read: which entrances are live, the list and one promotion with its
 * rules, the home banners and popups, and the category tabs.
 */
export class PromoReadService {
  readonly #db: Database;
  readonly #now: () => Date;
  readonly #checks: PromoChecks;

  constructor(options: { db: Database; now: () => Date; checks: PromoChecks }) {
    this.#db = options.db;
    this.#now = options.now;
    this.#checks = options.checks;
  }

  async flags(brand: Brand, memberId: bigint | null) {
    const now = this.#now();
    const code = brand.config.code;
    const [signIn, gifts, bonuses] = await Promise.all([
      listLiveOfKind(this.#db, code, 'sign_in', now),
      listLiveOfKind(this.#db, code, 'gift', now),
      listLiveOfKind(this.#db, code, 'deposit_bonus', now),
    ]);
    let signedToday: boolean | null = null;
    let pendingClaims: number | null = null;
    if (memberId !== null) {
      const today = dayOf(now, brand.config.settings.timeZone);
      const first = signIn[0];
      signedToday = first
        ? (await listSignDays(this.#db, first.id, memberId, today)).some((row) => row.day === today)
        : false;
      pendingClaims = await countPendingClaimsOfMember(this.#db, code, memberId);
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
    const { rows, total } = await listLivePromotions(
      this.#db,
      { brandCode: brand.config.code, now: this.#now(), category: query.category },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return {
      items: rows.map((row) => summaryView(row, brand, language)),
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
    const promotion = await this.#checks.visiblePromotion(brand, id);
    return {
      ...summaryView(promotion, brand, language),
      html: renderMarkdown(localized(promotion.body, language, brand.config.language)),
      rules: rulesView(promotion, brandCurrency(brand)),
      member: memberId === null ? null : await this.#checks.memberState(promotion, memberId),
    };
  }

  async rules(brand: Brand, language: Language, id: bigint) {
    const promotion = await this.#checks.visiblePromotion(brand, id);
    return {
      id: promotion.id.toString(),
      html: renderMarkdown(localized(promotion.body, language, brand.config.language)),
      rules: rulesView(promotion, brandCurrency(brand)),
    };
  }

  async topCover(brand: Brand, language: Language) {
    const rows = await liveBanners(this.#db, brand.config.code, this.#now());
    return {
      banners: rows
        .filter((row) => row.placement === 'home_top')
        .map((row) => bannerView(row, brand, language)),
      notices: rows
        .filter((row) => row.placement === 'popup')
        .map((row) => bannerView(row, brand, language)),
    };
  }

  async secondNav(brand: Brand, language: Language) {
    const categories = await liveCategories(this.#db, brand.config.code, this.#now());
    return categories.map((entry) => ({
      category: entry.category,
      label: CATEGORY_LABELS[entry.category]?.[language] ?? entry.category,
      count: entry.count,
    }));
  }
}
