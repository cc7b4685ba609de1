import type { AdminMemberRow } from '@lobby/contracts';
import { fromDecimalString, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { brandFilter, type OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { brandCurrency, type BrandRegistry } from '../../platform/brand/index.ts';
import {
  searchMembers,
  type MemberSearchRow,
  type MemberSearchSort,
} from './member-search.repository.ts';

export type MemberSearchQuery = {
  q?: string | undefined;
  brand?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  vipLevel?: number | undefined;
  agent?: string | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
  lastLoginFrom?: string | undefined;
  lastLoginTo?: string | undefined;
  balanceAbove?: string | undefined;
  sort: MemberSearchSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

const instant = (text: string | undefined) => (text ? new Date(text) : undefined);

/** Finds members for the back office, within the operator's brands. */
export class MemberSearchService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;

  constructor(options: { db: Database; brands: BrandRegistry }) {
    this.#db = options.db;
    this.#brands = options.brands;
  }

  async search(
    operator: OperatorIdentity,
    query: MemberSearchQuery,
  ): Promise<{ items: AdminMemberRow[]; total: number }> {
    const brands = brandFilter(operator, query.brand || undefined);
    const { rows, total } = await searchMembers(
      this.#db,
      {
        brands,
        q: query.q || undefined,
        status: query.status,
        vipLevel: query.vipLevel,
        agent: query.agent || undefined,
        registeredFrom: instant(query.registeredFrom),
        registeredTo: instant(query.registeredTo),
        lastLoginFrom: instant(query.lastLoginFrom),
        lastLoginTo: instant(query.lastLoginTo),
        balanceAboveMinor: query.balanceAbove
          ? this.#thresholds(brands, query.balanceAbove)
          : undefined,
      },
      { by: query.sort, order: query.order },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return { items: rows.map((row) => this.#view(row)), total };
  }

  /** The balance filter in minor units of each currency the searched brands hold. */
  #thresholds(brands: readonly string[] | null, amount: string): Map<string, bigint> {
    const searched = this.#brands
      .all()
      .filter((brand) => brands === null || brands.includes(brand.config.code));
    const thresholds = new Map<string, bigint>();
    for (const brand of searched) {
      const currency = brandCurrency(brand);
      thresholds.set(currency, fromDecimalString(amount, currency));
    }
    return thresholds;
  }

  #view(row: MemberSearchRow): AdminMemberRow {
    const brand = this.#brands.get(row.brand_code);
    const currency = (row.currency ?? (brand ? brandCurrency(brand) : 'CNY')) as CurrencyCode;
    return {
      id: row.id,
      brand: row.brand_code,
      username: row.username,
      status: row.status,
      phone: row.phone
        ? `${row.phone_area_code ? `+${row.phone_area_code} ` : ''}${row.phone}`
        : null,
      email: row.email,
      realName: row.real_name,
      vipLevel: Number(row.vip_level),
      balance: toDecimalString(BigInt(row.balance_minor), currency),
      currency,
      inviteCode: row.invite_code,
      referrer: row.referrer,
      registerIp: row.register_ip,
      registerDeviceNo: row.register_device_no,
      lastLoginIp: row.last_login_ip,
      registeredAt: new Date(row.created_at).toISOString(),
      lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    };
  }
}
