import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import { chainTransfers, coinAddresses, depositChannels, depositOrders } from './deposit.schema.ts';
import { brandCodeOf } from '../../../db/brand-of.ts';

export type ChannelRow = typeof depositChannels.$inferSelect;
export type NewChannelRow = typeof depositChannels.$inferInsert;
export type OrderRow = typeof depositOrders.$inferSelect;
export type NewOrderRow = typeof depositOrders.$inferInsert;
export type OrderStatus = OrderRow['status'];

/** Statuses from which an order can still be confirmed, rejected or noticed. */
export const OPEN_STATUSES: OrderStatus[] = ['pending', 'submitted'];

// ---------------------------------------------------------------------------------------------
// Channels.

/** Inserts a channel unless the brand has one of that code; true when inserted. */
export async function insertChannelIfAbsent(
  executor: Executor,
  channel: NewChannelRow,
): Promise<boolean> {
  const rows = await executor
    .insert(depositChannels)
    .values(channel)
    .onConflictDoNothing()
    .returning({ id: depositChannels.id });
  return rows.length > 0;
}

export async function listEnabledChannels(
  executor: Executor,
  brandCode: string,
): Promise<ChannelRow[]> {
  return executor
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.brandCode, brandCode), eq(depositChannels.enabled, true)))
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
}

export async function findChannel(
  executor: Executor,
  brandCode: string,
  code: string,
): Promise<ChannelRow | undefined> {
  const rows = await executor
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.brandCode, brandCode), eq(depositChannels.code, code)));
  return rows[0];
}

/** The brand's first channel of a type, enabled or not (money already sent must still land). */
export async function findChannelOfType(
  executor: Executor,
  brandCode: string,
  type: ChannelRow['type'],
): Promise<ChannelRow | undefined> {
  const rows = await executor
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.brandCode, brandCode), eq(depositChannels.type, type)))
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id))
    .limit(1);
  return rows[0];
}

/** The online channel whose gateway merchant id this is, on any brand. */
export async function findOnlineChannelByMerchant(
  executor: Executor,
  merchantId: string,
): Promise<ChannelRow | undefined> {
  const rows = await executor
    .select()
    .from(depositChannels)
    .where(
      and(
        eq(depositChannels.type, 'online'),
        sql`${depositChannels.settings}->>'merchantId' = ${merchantId}`,
      ),
    )
    .limit(1);
  return rows[0];
}

// ---------------------------------------------------------------------------------------------
// Orders.

/** Inserts an order unless its member already used the key (or, rarely, its number is taken). */
export async function insertOrderIfNew(
  executor: Executor,
  order: NewOrderRow,
): Promise<OrderRow | null> {
  const rows = await executor.insert(depositOrders).values(order).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findOrderByKey(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const rows = await executor
    .select()
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.brandCode, brandCode),
        eq(depositOrders.memberId, memberId),
        eq(depositOrders.idempotencyKey, idempotencyKey),
      ),
    );
  return rows[0];
}

export async function findOrderByNo(
  executor: Executor,
  orderNo: string,
): Promise<OrderRow | undefined> {
  const rows = await executor
    .select()
    .from(depositOrders)
    .where(eq(depositOrders.orderNo, orderNo));
  return rows[0];
}

export async function findMemberOrder(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  orderNo: string,
): Promise<OrderRow | undefined> {
  const rows = await executor
    .select()
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.brandCode, brandCode),
        eq(depositOrders.memberId, memberId),
        eq(depositOrders.orderNo, orderNo),
      ),
    );
  return rows[0];
}

/** A page of a member's orders, newest first, and how many there are in all. */
export async function listMemberOrders(
  executor: Executor,
  filter: {
    brandCode: string;
    memberId: bigint;
    status: OrderStatus | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    eq(depositOrders.brandCode, filter.brandCode),
    eq(depositOrders.memberId, filter.memberId),
    filter.status ? eq(depositOrders.status, filter.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    executor
      .select()
      .from(depositOrders)
      .where(where)
      .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
      .limit(filter.limit)
      .offset(filter.offset),
    executor.select({ total: count() }).from(depositOrders).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** Adds to an order's details (jsonb merge), keeping what is there. */
function mergedDetails(patch: Record<string, unknown>) {
  return sql`${depositOrders.details} || ${JSON.stringify(patch)}::jsonb`;
}

/** Records a transfer notice on an open order; null when the order is no longer open. */
export async function markOrderSubmitted(
  executor: Executor,
  orderId: bigint,
  detailsPatch: Record<string, unknown>,
): Promise<OrderRow | null> {
  const rows = await executor
    .update(depositOrders)
    .set({ status: 'submitted', details: mergedDetails(detailsPatch), updatedAt: sql`now()` })
    .where(and(eq(depositOrders.id, orderId), inArray(depositOrders.status, OPEN_STATUSES)))
    .returning();
  return rows[0] ?? null;
}

/**
 * Confirms an open order, with the ledger entry that credited it; null when the order is not
 * open any more. The status test and the write are one statement: of two deciders racing, the
 * second finds nothing to update (PostgreSQL re-reads the row once the first commits).
 */
export async function markOrderConfirmed(
  executor: Executor,
  change: {
    orderId: bigint;
    ledgerEntryId: bigint;
    decidedBy: string;
    amountMinor: bigint;
    coinAmountMinor?: bigint | undefined;
    rate?: string | undefined;
    reason?: string | undefined;
    detailsPatch: Record<string, unknown>;
  },
): Promise<OrderRow | null> {
  const rows = await executor
    .update(depositOrders)
    .set({
      status: 'confirmed',
      ledgerEntryId: change.ledgerEntryId,
      decidedBy: change.decidedBy,
      decidedAt: sql`now()`,
      amountMinor: change.amountMinor,
      ...(change.coinAmountMinor === undefined ? {} : { coinAmountMinor: change.coinAmountMinor }),
      ...(change.rate === undefined ? {} : { rate: change.rate }),
      ...(change.reason === undefined ? {} : { reason: change.reason }),
      details: mergedDetails(change.detailsPatch),
      updatedAt: sql`now()`,
    })
    .where(and(eq(depositOrders.id, change.orderId), inArray(depositOrders.status, OPEN_STATUSES)))
    .returning();
  return rows[0] ?? null;
}

/** Rejects an open order; null when it is not open any more. */
export async function markOrderRejected(
  executor: Executor,
  change: { orderId: bigint; decidedBy: string; reason: string },
): Promise<OrderRow | null> {
  const rows = await executor
    .update(depositOrders)
    .set({
      status: 'rejected',
      reason: change.reason,
      decidedBy: change.decidedBy,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(depositOrders.id, change.orderId), inArray(depositOrders.status, OPEN_STATUSES)))
    .returning();
  return rows[0] ?? null;
}

export async function findMemberUsername(
  executor: Executor,
  memberId: bigint,
): Promise<string | undefined> {
  const rows = await executor
    .select({ username: members.username })
    .from(members)
    .where(eq(members.id, memberId));
  return rows[0]?.username;
}

/** The oldest open USDT order of a member that expects exactly this coin amount. */
export async function findOpenCoinOrder(
  executor: Executor,
  match: { brandCode: string; memberId: bigint; protocol: number; coinAmountMinor: bigint },
): Promise<OrderRow | undefined> {
  const rows = await executor
    .select()
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.brandCode, match.brandCode),
        eq(depositOrders.memberId, match.memberId),
        eq(depositOrders.channelType, 'usdt'),
        inArray(depositOrders.status, OPEN_STATUSES),
        eq(depositOrders.coinAmountMinor, match.coinAmountMinor),
        sql`${depositOrders.details}->>'protocol' = ${String(match.protocol)}`,
      ),
    )
    .orderBy(asc(depositOrders.createdAt), asc(depositOrders.id))
    .limit(1);
  return rows[0];
}

// ---------------------------------------------------------------------------------------------
// Coin addresses and the (sandbox) chain.

export async function insertCoinAddressIfAbsent(
  executor: Executor,
  row: typeof coinAddresses.$inferInsert,
): Promise<void> {
  await executor.insert(coinAddresses).values(row).onConflictDoNothing();
}

export async function findCoinAddress(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  protocol: number,
): Promise<string | undefined> {
  const rows = await executor
    .select({ address: coinAddresses.address })
    .from(coinAddresses)
    .where(
      and(
        eq(coinAddresses.brandCode, brandCode),
        eq(coinAddresses.memberId, memberId),
        eq(coinAddresses.protocol, protocol),
      ),
    );
  return rows[0]?.address;
}

export async function insertChainTransfer(
  executor: Executor,
  row: typeof chainTransfers.$inferInsert,
): Promise<typeof chainTransfers.$inferSelect> {
  const rows = await executor.insert(chainTransfers).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into chain_transfers returned no row');
  return inserted;
}

/** Confirmations past which the sandbox chain stops counting: the transfer is final anyway. */
const CONFIRMATION_CEILING = 1_000;

/** One block of the sandbox chain: every transfer not yet credited gains a confirmation. */
export async function advanceChainTransfers(executor: Executor): Promise<number> {
  const rows = await executor
    .update(chainTransfers)
    .set({ confirmations: sql`${chainTransfers.confirmations} + 1` })
    .where(
      and(
        isNull(chainTransfers.depositOrderId),
        lt(chainTransfers.confirmations, CONFIRMATION_CEILING),
      ),
    )
    .returning({ id: chainTransfers.id });
  return rows.length;
}

export type UncreditedTransfer = typeof chainTransfers.$inferSelect & {
  brandCode: string;
  memberId: bigint;
};

/** Transfers to members' addresses that no order has taken yet, in id order after `afterId`. */
export async function listUncreditedTransfers(
  executor: Executor,
  afterId: bigint,
  limit: number,
): Promise<UncreditedTransfer[]> {
  const rows = await executor
    .select({
      transfer: chainTransfers,
      brandCode: coinAddresses.brandCode,
      memberId: coinAddresses.memberId,
    })
    .from(chainTransfers)
    .innerJoin(
      coinAddresses,
      and(
        eq(coinAddresses.address, chainTransfers.address),
        eq(coinAddresses.protocol, chainTransfers.protocol),
      ),
    )
    .where(and(isNull(chainTransfers.depositOrderId), gt(chainTransfers.id, afterId)))
    .orderBy(asc(chainTransfers.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.transfer, brandCode: row.brandCode, memberId: row.memberId }));
}

/** Ties a transfer to the order that took it, once; false when another run already did. */
export async function linkChainTransfer(
  executor: Executor,
  transferId: bigint,
  orderId: bigint,
): Promise<boolean> {
  const rows = await executor
    .update(chainTransfers)
    .set({ depositOrderId: orderId })
    .where(and(eq(chainTransfers.id, transferId), isNull(chainTransfers.depositOrderId)))
    .returning({ id: chainTransfers.id });
  return rows.length > 0;
}

export async function findChainTransfer(
  executor: Executor,
  txHash: string,
): Promise<typeof chainTransfers.$inferSelect | undefined> {
  const rows = await executor
    .select()
    .from(chainTransfers)
    .where(eq(chainTransfers.txHash, txHash));
  return rows[0];
}

// ---------------------------------------------------------------------------------------------
// Totals for the VIP module (read only).

/** A member's credited (confirmed) deposits in the currency, all time, in minor units. */
export async function sumConfirmedDeposits(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: string,
): Promise<bigint> {
  const rows = await executor
    .select({ total: sql<string>`coalesce(sum(${depositOrders.amountMinor}), 0)::text` })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.memberId, memberId),
        eq(depositOrders.brandCode, brandCode),
        eq(depositOrders.currency, currency),
        eq(depositOrders.status, 'confirmed'),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

/**
 * What a member's deposit limits count since `since`: every order opened since then that has
 * not failed (pending and submitted ones count until they are rejected or expire, so two orders
 * cannot pass a limit together), in minor units.
 */
export async function depositsCountedSince(
  executor: Executor,
  memberId: bigint,
  since: Date,
): Promise<bigint> {
  const rows = await executor
    .select({ total: sql<string>`coalesce(sum(${depositOrders.amountMinor}), 0)::text` })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.memberId, memberId),
        gte(depositOrders.createdAt, since),
        inArray(depositOrders.status, ['pending', 'submitted', 'confirmed']),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

/** Members with a deposit confirmed at or after `since`: whose deposit totals may have grown. */
export async function membersWithDepositsConfirmedSince(
  executor: Executor,
  since: Date,
): Promise<{ brandCode: string; memberId: bigint }[]> {
  return executor
    .selectDistinct({ brandCode: depositOrders.brandCode, memberId: depositOrders.memberId })
    .from(depositOrders)
    .where(and(eq(depositOrders.status, 'confirmed'), gte(depositOrders.decidedAt, since)));
}

// ---------------------------------------------------------------------------------------------
// Credited deposits for the promo module (read only).

/** A member's credited (confirmed) orders created at or after `since`, newest first. */
export async function listMemberCreditedOrders(
  executor: Executor,
  filter: { brandCode: string; memberId: bigint; since: Date; limit: number },
): Promise<OrderRow[]> {
  return executor
    .select()
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.brandCode, filter.brandCode),
        eq(depositOrders.memberId, filter.memberId),
        eq(depositOrders.status, 'confirmed'),
        gte(depositOrders.createdAt, filter.since),
      ),
    )
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
    .limit(filter.limit);
}

/** The brand of depositOrders row `orderNo`, or null when there is none (the operator guard's rule). */
export function depositOrderBrand(executor: Executor, orderNo: string): Promise<string | null> {
  return brandCodeOf(
    executor,
    depositOrders,
    depositOrders.brandCode,
    depositOrders.orderNo,
    orderNo,
  );
}

/** How many of a member's orders are still open (opened or submitted, not decided). */
export async function countOpenMemberOrders(executor: Executor, memberId: bigint): Promise<number> {
  const rows = await executor
    .select({ total: count() })
    .from(depositOrders)
    .where(and(eq(depositOrders.memberId, memberId), inArray(depositOrders.status, OPEN_STATUSES)));
  return Number(rows[0]?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Figures for the node's metrics (decision 0024): small, bounded reads on deposit_orders_status.

export type DepositOrderCount = {
  brandCode: string;
  /** The channel's type: bank, online, usdt. */
  channel: string;
  status: string;
  orders: number;
};

async function depositOrderCounts(
  executor: Executor,
  where: SQL | undefined,
): Promise<DepositOrderCount[]> {
  return executor
    .select({
      brandCode: depositOrders.brandCode,
      channel: depositOrders.channelType,
      status: depositOrders.status,
      orders: sql<number>`count(*)::int`,
    })
    .from(depositOrders)
    .where(where)
    .groupBy(depositOrders.brandCode, depositOrders.channelType, depositOrders.status);
}

/**
 * Orders created since `since`, by brand, channel type and status now. The brands and every
 * status are named so the (brand, status, created_at) index is read by range, not the table.
 */
export async function depositOrderCountsSince(
  executor: Executor,
  brandCodes: readonly string[],
  since: Date,
): Promise<DepositOrderCount[]> {
  if (brandCodes.length === 0) return [];
  return depositOrderCounts(
    executor,
    and(
      inArray(depositOrders.brandCode, [...brandCodes]),
      inArray(depositOrders.status, depositOrders.status.enumValues),
      gte(depositOrders.createdAt, since),
    ),
  );
}

/** Orders awaiting a decision (pending, submitted), of any age: the cashiers' queue. */
export async function openDepositOrderCounts(
  executor: Executor,
  brandCodes: readonly string[],
): Promise<DepositOrderCount[]> {
  if (brandCodes.length === 0) return [];
  return depositOrderCounts(
    executor,
    and(
      inArray(depositOrders.brandCode, [...brandCodes]),
      inArray(depositOrders.status, OPEN_STATUSES),
    ),
  );
}
