import { adminMembersExportEndpoint, type AdminMemberRow } from '@lobby/contracts';
import { fromDecimalString, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import { brandFilter, type OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { exportLog, type ActionRecorder } from '../../identity/operator/index.ts';
import { brandCurrency, type BrandRegistry } from '../../platform/brand/index.ts';
import {
  searchMemberBatch,
  searchMembers,
  type MemberSearchFilter,
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
};

const instant = (text: string | undefined) => (text ? new Date(text) : undefined);

/** Finds members for the back office, within the operator's brands. */
export class MemberSearchService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #operators: ActionRecorder;

  constructor(options: { db: Database; brands: BrandRegistry; operators: ActionRecorder }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#operators = options.operators;
  }

  async search(
    operator: OperatorIdentity,
    query: MemberSearchQuery & { page: number; pageSize: number },
  ): Promise<{ items: AdminMemberRow[]; total: number }> {
    const { rows, total } = await searchMembers(
      this.#db,
      this.#filter(operator, query),
      { by: query.sort, order: query.order },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return { items: rows.map((row) => this.#view(row)), total };
  }

  /**
   * The members of the search's filter as CSV, within the operator's brands, in member id order
   * (`order` its direction; see searchMemberBatch for why not the list's sort).
   */
  exportCsv(
    operator: OperatorIdentity,
    query: MemberSearchQuery,
    ip: string,
  ): CsvExport<AdminMemberRow> {
    const filter = this.#filter(operator, query);
    return {
      name: 'members',
      columns: csvColumns(adminMembersExportEndpoint.columns, {
        id: (row) => row.id,
        brand: (row) => row.brand,
        username: (row) => row.username,
        status: (row) => row.status,
        phone: (row) => row.phone,
        email: (row) => row.email,
        real_name: (row) => row.realName,
        vip_level: (row) => row.vipLevel,
        balance: (row) => row.balance,
        currency: (row) => row.currency,
        invite_code: (row) => row.inviteCode,
        referrer: (row) => row.referrer,
        register_ip: (row) => row.registerIp,
        register_device_no: (row) => row.registerDeviceNo,
        last_login_ip: (row) => row.lastLoginIp,
        registered_at: (row) => row.registeredAt,
        last_login_at: (row) => row.lastLoginAt,
      }),
      read: async (after, limit) =>
        (
          await searchMemberBatch(this.#db, filter, {
            order: query.order,
            afterId: after ? BigInt(after.id) : undefined,
            limit,
          })
        ).map((row) => this.#view(row)),
      log: exportLog(this.#operators, this.#db, operator, { list: 'members', filter: query, ip }),
    };
  }

  #filter(operator: OperatorIdentity, query: MemberSearchQuery): MemberSearchFilter {
    const brands = brandFilter(operator, query.brand || undefined);
    return {
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
    };
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
