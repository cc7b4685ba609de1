import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { queryRows } from '../../../db/client.ts';
import { gamePlayers, platformIdsInMaintenance } from '../games/index.ts';
import { gameTransfers } from './transfer.schema.ts';
import { ledgerAccounts } from '../../money/ledger/index.ts';

export type TransferRow = typeof gameTransfers.$inferSelect;
export type NewTransferRow = typeof gameTransfers.$inferInsert;

/** Inserts an order; a unique index refusing it (key, order number, one in transit) throws. */
export async function insertTransfer(
  executor: Executor,
  row: NewTransferRow,
): Promise<TransferRow> {
  const rows = await executor.insert(gameTransfers).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into game_transfers returned no row');
  return inserted;
}

export async function findTransferById(
  executor: Executor,
  id: bigint,
): Promise<TransferRow | null> {
  const rows = await executor.select().from(gameTransfers).where(eq(gameTransfers.id, id));
  return rows[0] ?? null;
}

export async function findTransferByKey(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  idempotencyKey: string,
): Promise<TransferRow | null> {
  const rows = await executor
    .select()
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.brandCode, brandCode),
        eq(gameTransfers.memberId, memberId),
        eq(gameTransfers.idempotencyKey, idempotencyKey),
      ),
    );
  return rows[0] ?? null;
}

/** The orders one recycle made, by platform. */
export async function listRecycleTransfers(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  recycleBatch: string,
): Promise<TransferRow[]> {
  return executor
    .select()
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.brandCode, brandCode),
        eq(gameTransfers.memberId, memberId),
        eq(gameTransfers.recycleBatch, recycleBatch),
      ),
    );
}

/** Platform ids with an order of the member still in transit. */
export async function platformsInTransit(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
): Promise<Set<number>> {
  const rows = await executor
    .select({ platformId: gameTransfers.platformId })
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.brandCode, brandCode),
        eq(gameTransfers.memberId, memberId),
        eq(gameTransfers.status, 'in_transit'),
      ),
    );
  return new Set(rows.map((row) => row.platformId));
}

export async function hasTransferInTransit(
  executor: Executor,
  memberId: bigint,
  platformId: number,
): Promise<boolean> {
  const rows = await executor
    .select({ id: gameTransfers.id })
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.memberId, memberId),
        eq(gameTransfers.platformId, platformId),
        eq(gameTransfers.status, 'in_transit'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** sumInTransit as a scalar subquery (text), for a read that joins it in one round trip. */
export function inTransitSql(member: { brandCode: SQL; memberId: SQL; currency: SQL }): SQL {
  return sql`(select coalesce(sum(${gameTransfers.amountMinor}), 0)::text from ${gameTransfers}
    where ${gameTransfers.brandCode} = ${member.brandCode} and ${gameTransfers.memberId} = ${member.memberId}
      and ${gameTransfers.currency} = ${member.currency} and ${gameTransfers.status} = 'in_transit')`;
}

/** What the member's orders in transit hold, in one currency (to or from any platform). */
export async function sumInTransit(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: string,
): Promise<bigint> {
  const rows = await queryRows<{ total: string }>(
    executor,
    sql`select coalesce(sum(amount_minor), 0)::text as total from game_transfers
        where brand_code = ${brandCode} and member_id = ${memberId}
          and currency = ${currency} and status = 'in_transit'`,
  );
  return BigInt(rows[0]?.total ?? '0');
}

/**
 * Moves an order in transit to its final state, with the ledger entry that settled it. Only an
 * order still in transit moves: the answer is false when it was final already.
 */
export async function finishTransfer(
  executor: Executor,
  id: bigint,
  outcome: {
    status: 'success' | 'failed';
    reason: string | null;
    finalEntryId: bigint;
    finishedAt: Date;
  },
): Promise<boolean> {
  const rows = await executor
    .update(gameTransfers)
    .set({
      status: outcome.status,
      reason: outcome.reason,
      finalEntryId: outcome.finalEntryId,
      finishedAt: outcome.finishedAt,
      nextCheckAt: null,
    })
    .where(and(eq(gameTransfers.id, id), eq(gameTransfers.status, 'in_transit')))
    .returning({ id: gameTransfers.id });
  return rows.length > 0;
}

/** Notes why the outcome is still unknown and when to ask again (orders in transit only). */
export async function rescheduleTransfer(
  executor: Executor,
  id: bigint,
  next: { nextCheckAt: Date; lastError: string },
): Promise<void> {
  await executor
    .update(gameTransfers)
    .set({ nextCheckAt: next.nextCheckAt, lastError: next.lastError })
    .where(and(eq(gameTransfers.id, id), eq(gameTransfers.status, 'in_transit')));
}

/**
 * Claims up to `limit` orders in transit whose status query is due, oldest due first: each gets
 * one more attempt and is pushed to `leaseUntil`, in one statement, so a second node (or a second
 * run) claiming at the same time skips them; a claim left by a crash expires with its lease.
 * `memberIds` narrows the claim to some members' orders (the runbook, and tests sharing a
 * database with others).
 */
export async function claimDueTransfers(
  executor: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
  memberIds?: readonly bigint[],
): Promise<TransferRow[]> {
  const ofMembers =
    memberIds === undefined
      ? sql``
      : sql` and member_id in (${sql.join(
          memberIds.length > 0 ? memberIds.map((id) => sql`${id}`) : [sql`null`],
          sql`, `,
        )})`;
  const claimed = await queryRows<{ id: bigint }>(
    executor,
    sql`update game_transfers set check_attempts = check_attempts + 1,
          next_check_at = ${leaseUntil.toISOString()}::timestamptz
        where id in (
          select id from game_transfers
          where status = 'in_transit' and next_check_at <= ${now.toISOString()}::timestamptz${ofMembers}
          order by next_check_at, id
          limit ${limit}
          for update skip locked)
        returning id`,
  );
  if (claimed.length === 0) return [];
  return executor
    .select()
    .from(gameTransfers)
    .where(
      inArray(
        gameTransfers.id,
        claimed.map((row) => BigInt(row.id)),
      ),
    )
    .orderBy(asc(gameTransfers.id));
}

export type InTransitFigures = {
  brandCode: string;
  platformId: number;
  orders: number;
  /** Seconds since the oldest of them was created. */
  oldestAgeSeconds: number;
  /** How long the most overdue status query has waited for the reconciliation sweep (0: none). */
  reconciliationLagSeconds: number;
};

/**
 * The orders in transit by brand and platform (the node's metrics, decision 0024), on the
 * database's clock. Reads the partial index of orders in transit only: a handful in normal times.
 */
export async function inTransitFigures(executor: Executor): Promise<InTransitFigures[]> {
  return queryRows<InTransitFigures>(
    executor,
    sql`select brand_code as "brandCode", platform_id as "platformId", count(*)::int as orders,
          extract(epoch from now() - min(created_at))::float8 as "oldestAgeSeconds",
          extract(epoch from greatest(now() - min(next_check_at), interval '0'))::float8
            as "reconciliationLagSeconds"
        from game_transfers where status = 'in_transit'
        group by brand_code, platform_id`,
  );
}

/** How many of these members' orders are still in transit (tests and the runbook). */
export async function countInTransitOf(executor: Executor, memberIds: bigint[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const rows = await executor
    .select({ total: count() })
    .from(gameTransfers)
    .where(and(eq(gameTransfers.status, 'in_transit'), inArray(gameTransfers.memberId, memberIds)));
  return rows[0]?.total ?? 0;
}

/** A page of the member's orders: those in transit first, then newest first. */
export async function listMemberTransfers(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  page: { limit: number; offset: number },
): Promise<{ rows: TransferRow[]; total: number }> {
  const where = and(eq(gameTransfers.brandCode, brandCode), eq(gameTransfers.memberId, memberId));
  const rows = await executor
    .select()
    .from(gameTransfers)
    .where(where)
    .orderBy(
      desc(sql`${gameTransfers.status} = 'in_transit'`),
      desc(gameTransfers.createdAt),
      desc(gameTransfers.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const totals = await executor.select({ total: count() }).from(gameTransfers).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The platforms where the member has a player account (the platform was told of them). */
export async function playerPlatforms(
  executor: Executor,
  memberId: bigint,
): Promise<Map<number, string>> {
  const rows = await executor
    .select({ platformId: gamePlayers.platformId, player: gamePlayers.player })
    .from(gamePlayers)
    .where(eq(gamePlayers.memberId, memberId));
  return new Map(rows.map((row) => [row.platformId, row.player]));
}

/** Platform ids the operator put in maintenance for the brand's members (every brand's or its own). */
export async function platformsInMaintenance(
  executor: Executor,
  brandCode: string,
): Promise<Set<number>> {
  return platformIdsInMaintenance(executor, brandCode);
}

/**
 * What the ledger believes each platform holds for the member (the member_platform accounts,
 * by platform id), in one currency.
 */
export async function platformBooks(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: string,
): Promise<Map<number, bigint>> {
  const rows = await executor
    .select({ ref: ledgerAccounts.ref, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.brandCode, brandCode),
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.kind, 'member_platform'),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  const books = new Map<number, bigint>();
  for (const row of rows) {
    const platformId = Number(row.ref);
    books.set(platformId, (books.get(platformId) ?? 0n) + row.balanceMinor);
  }
  return books;
}
