import { and, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { payoutAccounts } from '../payout/index.ts';
import { withdrawalOrders } from './withdrawal.schema.ts';
import { brandCodeOf } from '../../../db/brand-of.ts';

export type WithdrawalOrderRow = typeof withdrawalOrders.$inferSelect;
export type NewWithdrawalOrderRow = typeof withdrawalOrders.$inferInsert;
export type WithdrawalStatus = WithdrawalOrderRow['status'];

export async function insertOrder(
  executor: Executor,
  row: NewWithdrawalOrderRow,
): Promise<WithdrawalOrderRow> {
  const rows = await executor.insert(withdrawalOrders).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into withdrawal_orders returned no row');
  return inserted;
}

export async function findOrderByKey(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  idempotencyKey: string,
): Promise<WithdrawalOrderRow | undefined> {
  const rows = await executor
    .select()
    .from(withdrawalOrders)
    .where(
      and(
        eq(withdrawalOrders.brandCode, brandCode),
        eq(withdrawalOrders.memberId, memberId),
        eq(withdrawalOrders.idempotencyKey, idempotencyKey),
      ),
    );
  return rows[0];
}

export async function findOrderByNo(
  executor: Executor,
  orderNo: string,
): Promise<WithdrawalOrderRow | undefined> {
  const rows = await executor
    .select()
    .from(withdrawalOrders)
    .where(eq(withdrawalOrders.orderNo, orderNo));
  return rows[0];
}

/** The member's withdrawal requests since a time, rejected ones not counted. */
export async function countOrdersSince(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  since: Date,
): Promise<number> {
  const rows = await executor
    .select({ total: count() })
    .from(withdrawalOrders)
    .where(
      and(
        eq(withdrawalOrders.brandCode, brandCode),
        eq(withdrawalOrders.memberId, memberId),
        gte(withdrawalOrders.createdAt, since),
        ne(withdrawalOrders.status, 'rejected'),
      ),
    );
  return rows[0]?.total ?? 0;
}

/** A page of the member's orders, newest first, and how many there are in all. */
export async function listMemberOrders(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  page: { limit: number; offset: number },
): Promise<{ rows: WithdrawalOrderRow[]; total: number }> {
  const where = and(
    eq(withdrawalOrders.brandCode, brandCode),
    eq(withdrawalOrders.memberId, memberId),
  );
  const rows = await executor
    .select()
    .from(withdrawalOrders)
    .where(where)
    .orderBy(desc(withdrawalOrders.createdAt), desc(withdrawalOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  const totals = await executor.select({ total: count() }).from(withdrawalOrders).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * Moves a pending order to its decision; undefined when it is no longer pending. The condition
 * on the status makes an approval and a rejection that race end with exactly one of them.
 */
export async function decideOrder(
  executor: Executor,
  id: bigint,
  decision: {
    status: Exclude<WithdrawalStatus, 'pending'>;
    decisionEntryId: bigint;
    reason: string | null;
    decidedBy: string;
  },
): Promise<WithdrawalOrderRow | undefined> {
  const rows = await executor
    .update(withdrawalOrders)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(withdrawalOrders.id, id), eq(withdrawalOrders.status, 'pending')))
    .returning();
  return rows[0];
}

/** The sum of a member's orders since an instant (rejected ones aside), for the daily amount. */
export async function sumOrdersSince(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  since: Date,
): Promise<bigint> {
  const rows = await executor
    .select({ total: sql<string>`coalesce(sum(${withdrawalOrders.amountMinor}), 0)::text` })
    .from(withdrawalOrders)
    .where(
      and(
        eq(withdrawalOrders.brandCode, brandCode),
        eq(withdrawalOrders.memberId, memberId),
        gte(withdrawalOrders.createdAt, since),
        ne(withdrawalOrders.status, 'rejected'),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

/** The brand of withdrawalOrders row `orderNo`, or null when there is none (the operator guard's rule). */
export function withdrawalOrderBrand(executor: Executor, orderNo: string): Promise<string | null> {
  return brandCodeOf(
    executor,
    withdrawalOrders,
    withdrawalOrders.brandCode,
    withdrawalOrders.orderNo,
    orderNo,
  );
}

/** How many of a member's withdrawals wait for a decision. */
export async function countPendingMemberOrders(
  executor: Executor,
  memberId: bigint,
): Promise<number> {
  const rows = await executor
    .select({ total: count() })
    .from(withdrawalOrders)
    .where(and(eq(withdrawalOrders.memberId, memberId), eq(withdrawalOrders.status, 'pending')));
  return Number(rows[0]?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Figures for the node's metrics (decision 0024): small, bounded reads on withdrawal_orders_status.

export type WithdrawalOrderCount = {
  brandCode: string;
  /** The payout account's type: bank, alipay, virtual. */
  channel: string;
  status: string;
  orders: number;
};

async function withdrawalOrderCounts(
  executor: Executor,
  where: SQL | undefined,
): Promise<WithdrawalOrderCount[]> {
  return executor
    .select({
      brandCode: withdrawalOrders.brandCode,
      channel: payoutAccounts.type,
      status: withdrawalOrders.status,
      orders: sql<number>`count(*)::int`,
    })
    .from(withdrawalOrders)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawalOrders.payoutAccountId))
    .where(where)
    .groupBy(withdrawalOrders.brandCode, payoutAccounts.type, withdrawalOrders.status);
}

/**
 * Orders created since `since`, by brand, payout type and status now. The brands and every
 * status are named so the (brand, status, created_at) index is read by range, not the table.
 */
export async function withdrawalOrderCountsSince(
  executor: Executor,
  brandCodes: readonly string[],
  since: Date,
): Promise<WithdrawalOrderCount[]> {
  if (brandCodes.length === 0) return [];
  return withdrawalOrderCounts(
    executor,
    and(
      inArray(withdrawalOrders.brandCode, [...brandCodes]),
      inArray(withdrawalOrders.status, withdrawalOrders.status.enumValues),
      gte(withdrawalOrders.createdAt, since),
    ),
  );
}

/** Orders awaiting a decision (pending), of any age: the cashiers' queue. */
export async function openWithdrawalOrderCounts(
  executor: Executor,
  brandCodes: readonly string[],
): Promise<WithdrawalOrderCount[]> {
  if (brandCodes.length === 0) return [];
  return withdrawalOrderCounts(
    executor,
    and(
      inArray(withdrawalOrders.brandCode, [...brandCodes]),
      eq(withdrawalOrders.status, 'pending'),
    ),
  );
}
