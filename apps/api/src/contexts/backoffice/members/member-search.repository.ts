import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';

/**
 * The member search of the back office, over the member, VIP and ledger tables, written in SQL
 * because it joins three modules' tables and sorts on any of them. Every value is a parameter.
 */

export type MemberSearchFilter = {
  /** Brands the operator may see, or the one asked for; null: every brand. */
  brands: readonly string[] | null;
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  vipLevel?: number | undefined;
  agent?: string | undefined;
  registeredFrom?: Date | undefined;
  registeredTo?: Date | undefined;
  lastLoginFrom?: Date | undefined;
  lastLoginTo?: Date | undefined;
  /** Minimum centre wallet balance in minor units, per currency. */
  balanceAboveMinor?: ReadonlyMap<string, bigint> | undefined;
};

export type MemberSearchSort = 'registeredAt' | 'lastLoginAt' | 'balance' | 'username';

export type MemberSearchRow = {
  id: string;
  brand_code: string;
  username: string;
  status: 'active' | 'disabled';
  phone_area_code: string | null;
  phone: string | null;
  email: string | null;
  real_name: string | null;
  vip_level: number;
  balance_minor: string;
  currency: string;
  invite_code: string;
  referrer: string | null;
  register_ip: string | null;
  register_device_no: string | null;
  last_login_ip: string | null;
  created_at: Date | string;
  last_login_at: Date | string | null;
};

const SORT_COLUMNS: Record<MemberSearchSort, SQL> = {
  registeredAt: sql`m.created_at`,
  lastLoginAt: sql`m.last_login_at`,
  balance: sql`coalesce(w.balance_minor, 0)`,
  username: sql`m.username_key`,
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function conditions(filter: MemberSearchFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.brands !== null) {
    if (filter.brands.length === 0) return [sql`false`];
    where.push(
      sql`m.brand_code in (${sql.join(
        filter.brands.map((brand) => sql`${brand}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.q) {
    const q = filter.q;
    const like = likePattern(q);
    const any: SQL[] = [
      sql`m.username_key like ${likePattern(q.toLowerCase())}`,
      sql`m.phone like ${like}`,
      sql`m.email ilike ${like}`,
      sql`m.real_name ilike ${like}`,
      sql`m.invite_code = ${q}`,
      sql`m.register_ip = ${q}`,
      sql`m.last_login_ip = ${q}`,
      sql`m.previous_login_ip = ${q}`,
      sql`m.register_device_no = ${q}`,
    ];
    if (/^[1-9]\d{0,17}$/.test(q)) any.push(sql`m.id = ${BigInt(q)}`);
    where.push(sql`(${sql.join(any, sql` or `)})`);
  }
  if (filter.status) where.push(sql`m.status = ${filter.status}`);
  if (filter.vipLevel !== undefined) where.push(sql`coalesce(v.level, 0) = ${filter.vipLevel}`);
  if (filter.agent) where.push(sql`r.username_key = ${filter.agent.toLowerCase()}`);
  if (filter.registeredFrom) where.push(sql`m.created_at >= ${filter.registeredFrom}`);
  if (filter.registeredTo) where.push(sql`m.created_at < ${filter.registeredTo}`);
  if (filter.lastLoginFrom) where.push(sql`m.last_login_at >= ${filter.lastLoginFrom}`);
  if (filter.lastLoginTo) where.push(sql`m.last_login_at < ${filter.lastLoginTo}`);
  if (filter.balanceAboveMinor) {
    const perCurrency = [...filter.balanceAboveMinor].map(
      ([currency, minor]) =>
        sql`(coalesce(w.currency, ${currency}) = ${currency} and coalesce(w.balance_minor, 0) >= ${minor})`,
    );
    where.push(sql`(${sql.join(perCurrency, sql` or `)})`);
  }
  return where;
}

const FROM = sql`from members m
  left join member_vips v on v.member_id = m.id
  left join members r on r.id = m.referrer_member_id
  left join ledger_accounts w
    on w.member_id = m.id and w.kind = 'member_wallet' and w.ref = '' and w.shard = 0`;

const COLUMNS = sql`m.id::text as id, m.brand_code, m.username, m.status, m.phone_area_code,
  m.phone, m.email, m.real_name, coalesce(v.level, 0)::int as vip_level,
  coalesce(w.balance_minor, 0)::text as balance_minor, w.currency, m.invite_code,
  r.username as referrer, m.register_ip, m.register_device_no, m.last_login_ip,
  m.created_at, m.last_login_at`;

/**
 * The next `limit` members of the filter after member `afterId`, by id (an export's batch): the
 * id never changes, so members whose balance or last login change meanwhile are neither
 * skipped nor repeated, as a sort on those columns would.
 */
export async function searchMemberBatch(
  executor: Executor,
  filter: MemberSearchFilter,
  keyset: { order: 'asc' | 'desc'; afterId: bigint | undefined; limit: number },
): Promise<MemberSearchRow[]> {
  const where = conditions(filter);
  if (keyset.afterId !== undefined) {
    where.push(
      keyset.order === 'asc' ? sql`m.id > ${keyset.afterId}` : sql`m.id < ${keyset.afterId}`,
    );
  }
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const direction = keyset.order === 'asc' ? sql`asc` : sql`desc`;
  return queryRows<MemberSearchRow>(
    executor,
    sql`select ${COLUMNS} ${FROM} ${whereSql} order by m.id ${direction} limit ${keyset.limit}`,
  );
}

export async function searchMembers(
  executor: Executor,
  filter: MemberSearchFilter,
  sort: { by: MemberSearchSort; order: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: MemberSearchRow[]; total: number }> {
  const where = conditions(filter);
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const direction = sort.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<MemberSearchRow>(
    executor,
    sql`select ${COLUMNS} ${FROM} ${whereSql}
        order by ${SORT_COLUMNS[sort.by]} ${direction} nulls last, m.id ${direction}
        offset ${page.offset} limit ${page.limit}`,
  );
  const [counted] = await queryRows<{ total: number }>(
    executor,
    sql`select count(*)::int as total ${FROM} ${whereSql}`,
  );
  return { rows, total: Number(counted?.total ?? 0) };
}
