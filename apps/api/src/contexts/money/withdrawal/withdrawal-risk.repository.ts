import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';
import { members, memberSessions } from '../../identity/member/index.ts';
import { payoutAccounts } from '../payout/index.ts';
import { withdrawalOrders } from './withdrawal.schema.ts';

/**
 * The reads behind a withdrawal's risk signals, each one query for a whole page of orders. They
 * read the member, session and payout account tables those modules export (read only).
 */

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** For each order: whether an earlier withdrawal of the member was paid, and their last one. */
export async function earlierWithdrawals(
  executor: Executor,
  orderIds: readonly bigint[],
): Promise<Map<bigint, { paidBefore: boolean; lastWithdrawalAt: Date | null }>> {
  const result = new Map<bigint, { paidBefore: boolean; lastWithdrawalAt: Date | null }>();
  if (orderIds.length === 0) return result;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: bigint | string;
    paid_before: boolean;
    last_at: Date | string | null;
  }>(
    executor,
    sql`select o.id,
        exists (select 1 from ${withdrawalOrders} e where e.member_id = o.member_id
          and e.brand_code = o.brand_code and e.status = 'approved'
          and e.created_at < o.created_at) as paid_before,
        (select max(e.created_at) from ${withdrawalOrders} e where e.member_id = o.member_id
          and e.brand_code = o.brand_code and e.status <> 'rejected'
          and e.created_at < o.created_at) as last_at
      from ${withdrawalOrders} o where o.id in (${ids})`,
  );
  for (const row of rows) {
    result.set(BigInt(row.id), {
      paidBefore: row.paid_before,
      lastWithdrawalAt: row.last_at === null ? null : asDate(row.last_at),
    });
  }
  return result;
}

export type LinkedCounts = {
  total: number;
  byDevice: number;
  byIp: number;
  byPayoutAccount: number;
};

/**
 * For each member: how many other members of their brand share a device id (registration or
 * any session), an address (registration, last login or any session) or a payout account number
 * (live or deleted) with them.
 */
export async function linkedAccountCounts(
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Map<bigint, LinkedCounts>> {
  const result = new Map<bigint, LinkedCounts>();
  if (memberIds.length === 0) return result;
  const ids = sql.join(
    memberIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await queryRows<{
    member_id: bigint | string;
    total: number;
    by_device: number;
    by_ip: number;
    by_account: number;
  }>(
    executor,
    sql`with me as (select id as member_id, brand_code from ${members} where id in (${ids})),
      idents as (
        select me.member_id, me.brand_code, 'ip' as kind, m.register_ip as value
          from me join ${members} m on m.id = me.member_id where m.register_ip is not null
        union select me.member_id, me.brand_code, 'ip', m.last_login_ip
          from me join ${members} m on m.id = me.member_id where m.last_login_ip is not null
        union select me.member_id, me.brand_code, 'ip', s.ip
          from me join ${memberSessions} s on s.member_id = me.member_id where s.ip is not null
        union select me.member_id, me.brand_code, 'device', m.register_device_no
          from me join ${members} m on m.id = me.member_id
          where m.register_device_no is not null and m.register_device_no <> ''
        union select me.member_id, me.brand_code, 'device', s.device_no
          from me join ${memberSessions} s on s.member_id = me.member_id
          where s.device_no is not null and s.device_no <> ''
        union select me.member_id, me.brand_code, 'account', p.account_number
          from me join ${payoutAccounts} p on p.member_id = me.member_id
      ),
      others as (
        select i.member_id, i.kind, m2.id as other from idents i join ${members} m2
          on i.kind = 'ip' and m2.brand_code = i.brand_code and m2.id <> i.member_id
          and (m2.register_ip = i.value or m2.last_login_ip = i.value)
        union select i.member_id, i.kind, m2.id from idents i join ${members} m2
          on i.kind = 'device' and m2.brand_code = i.brand_code and m2.id <> i.member_id
          and m2.register_device_no = i.value
        union select i.member_id, i.kind, s2.member_id from idents i join ${memberSessions} s2
          on i.kind = 'ip' and s2.brand_code = i.brand_code and s2.member_id <> i.member_id
          and s2.ip = i.value
        union select i.member_id, i.kind, s2.member_id from idents i join ${memberSessions} s2
          on i.kind = 'device' and s2.brand_code = i.brand_code and s2.member_id <> i.member_id
          and s2.device_no = i.value
        union select i.member_id, i.kind, p2.member_id from idents i join ${payoutAccounts} p2
          on i.kind = 'account' and p2.brand_code = i.brand_code
          and p2.member_id <> i.member_id and p2.account_number = i.value
      )
      select member_id,
        count(distinct other)::int as total,
        (count(distinct other) filter (where kind = 'device'))::int as by_device,
        (count(distinct other) filter (where kind = 'ip'))::int as by_ip,
        (count(distinct other) filter (where kind = 'account'))::int as by_account
      from others group by member_id`,
  );
  for (const row of rows) {
    result.set(BigInt(row.member_id), {
      total: Number(row.total),
      byDevice: Number(row.by_device),
      byIp: Number(row.by_ip),
      byPayoutAccount: Number(row.by_account),
    });
  }
  return result;
}

export type SessionAt = { sessionAt: Date; ip: string | null; deviceNo: string | null };

/** For each point: the member's session opened last at or before that moment (their login). */
export async function sessionsAt(
  executor: Executor,
  points: readonly { key: string; memberId: bigint; at: Date }[],
): Promise<Map<string, SessionAt>> {
  const result = new Map<string, SessionAt>();
  if (points.length === 0) return result;
  const values = sql.join(
    points.map(
      (point) =>
        sql`(${point.key}::text, ${point.memberId}::bigint, ${point.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{
    key: string;
    created_at: Date | string;
    ip: string | null;
    device_no: string | null;
  }>(
    executor,
    sql`with p(key, member_id, at) as (values ${values})
      select p.key, s.created_at, s.ip, s.device_no from p
      join lateral (select s.created_at, s.ip, s.device_no from ${memberSessions} s
        where s.member_id = p.member_id and s.created_at <= p.at
        order by s.created_at desc, s.id desc limit 1) s on true`,
  );
  for (const row of rows) {
    result.set(row.key, {
      sessionAt: asDate(row.created_at),
      ip: row.ip,
      deviceNo: row.device_no === '' ? null : row.device_no,
    });
  }
  return result;
}
