import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';
import {
  reviewQueue,
  type ReviewQueueFilter,
  type ReviewQueueRow,
} from '../../../db/review-claims.ts';
import { members } from '../../identity/member/index.ts';
import { operators } from '../../identity/operator/index.ts';
import { depositOrderNotes, depositOrders } from './deposit.schema.ts';
import { OPEN_STATUSES, type OrderRow, type OrderStatus } from './deposit.repository.ts';

/**
 * The deposit queue's reads and the claims, holds and notes of orders in review (shared with
 * the withdrawal queue: db/review-claims.ts). A claim lasts while the order is open: one the
 * gateway or the chain confirmed under it is over (an operator's decision clears it).
 */

export type QueueRow = ReviewQueueRow<OrderRow>;

export type QueueFilter = ReviewQueueFilter & {
  status?: OrderStatus | undefined;
  channelType?: string | undefined;
};

export type { NoteRow } from '../../../db/review-claims.ts';

export const {
  listQueue,
  queueBatch,
  findQueueRow,
  lockOrderClaim,
  writeOrderClaim,
  insertOrderNote,
  listOrderNotes,
} = reviewQueue<OrderRow, QueueFilter>({
  orders: depositOrders,
  notes: depositOrderNotes,
  notesName: 'deposit_order_notes',
  members,
  operators,
  open: inArray(depositOrders.status, OPEN_STATUSES),
  isOpen: (order) => OPEN_STATUSES.includes(order.status),
  conditions: (filter) => [
    filter.status ? eq(depositOrders.status, filter.status) : undefined,
    filter.channelType ? eq(depositOrders.channelType, filter.channelType) : undefined,
  ],
});

/** A member's confirmed deposits, all time: how many and their sum, in one currency. */
export async function confirmedDepositTotals(
  executor: Executor,
  member: { brandCode: string; memberId: bigint; currency: string },
): Promise<{ count: number; totalMinor: bigint }> {
  const rows = await executor
    .select({
      count: count(),
      total: sql<string>`coalesce(sum(${depositOrders.amountMinor}), 0)::text`,
    })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.brandCode, member.brandCode),
        eq(depositOrders.memberId, member.memberId),
        eq(depositOrders.currency, member.currency),
        eq(depositOrders.status, 'confirmed'),
      ),
    );
  return { count: Number(rows[0]?.count ?? 0), totalMinor: BigInt(rows[0]?.total ?? '0') };
}

/** A window of a member's time: deposits confirmed in it, and their last deposit before its end. */
export type DepositWindow = {
  key: string;
  brandCode: string;
  memberId: bigint;
  currency: string;
  /** Null: since the beginning. */
  from: Date | null;
  to: Date;
};

/**
 * For each window, in one query: the confirmed deposits credited within it (from inclusive, to
 * exclusive), and when the member made their last confirmed deposit before its end (the
 * withdrawal risk signals).
 */
export async function depositsInWindows(
  executor: Executor,
  windows: readonly DepositWindow[],
): Promise<Map<string, { depositsMinor: bigint; lastDepositAt: Date | null }>> {
  const result = new Map<string, { depositsMinor: bigint; lastDepositAt: Date | null }>();
  if (windows.length === 0) return result;
  const values = sql.join(
    windows.map(
      (window) =>
        sql`(${window.key}::text, ${window.brandCode}::text, ${window.memberId}::bigint,
          ${window.currency}::text, ${window.from?.toISOString() ?? null}::timestamptz,
          ${window.to.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ key: string; deposits: string; last_at: Date | string | null }>(
    executor,
    sql`with w(key, brand_code, member_id, currency, from_at, to_at) as (values ${values})
      select w.key,
        coalesce(sum(d.amount_minor) filter (where d.decided_at < w.to_at
          and (w.from_at is null or d.decided_at >= w.from_at)), 0)::text as deposits,
        max(d.created_at) filter (where d.created_at < w.to_at) as last_at
      from w left join ${depositOrders} d on d.member_id = w.member_id
        and d.brand_code = w.brand_code and d.currency = w.currency and d.status = 'confirmed'
      group by w.key`,
  );
  for (const row of rows) {
    result.set(row.key, {
      depositsMinor: BigInt(row.deposits),
      lastDepositAt: row.last_at === null ? null : new Date(row.last_at),
    });
  }
  return result;
}
