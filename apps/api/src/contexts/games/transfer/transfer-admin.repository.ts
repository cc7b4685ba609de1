import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { brandCodeOf, inBrands } from '../../../db/brand-of.ts';
import { members } from '../../identity/member/index.ts';
import { operators } from '../../identity/operator/index.ts';
import { gameTransferQueries, gameTransfers } from './transfer.schema.ts';
import type { TransferRow } from './transfer.repository.ts';

/** The status-query history of transfers, and the back office's reads of transfers. */

export type TransferQueryRow = typeof gameTransferQueries.$inferSelect & {
  operatorName: string | null;
};
export type NewTransferQueryRow = typeof gameTransferQueries.$inferInsert;
export type AdminTransferRow = TransferRow & { username: string };

export async function insertTransferQuery(
  executor: Executor,
  row: NewTransferQueryRow,
): Promise<bigint> {
  const rows = await executor
    .insert(gameTransferQueries)
    .values(row)
    .returning({ id: gameTransferQueries.id });
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into game_transfer_queries returned no row');
  return inserted.id;
}

function selectQueries(executor: Executor) {
  return executor
    .select({ query: gameTransferQueries, operatorName: operators.username })
    .from(gameTransferQueries)
    .leftJoin(operators, eq(operators.id, gameTransferQueries.operatorId));
}

type SelectedQuery = {
  query: typeof gameTransferQueries.$inferSelect;
  operatorName: string | null;
};

const toQueryRow = (row: SelectedQuery): TransferQueryRow => ({
  ...row.query,
  operatorName: row.operatorName,
});

export async function findTransferQuery(
  executor: Executor,
  id: bigint,
): Promise<TransferQueryRow | null> {
  const rows = await selectQueries(executor).where(eq(gameTransferQueries.id, id));
  return rows[0] ? toQueryRow(rows[0]) : null;
}

/** A transfer's status queries, newest first. */
export async function listTransferQueries(
  executor: Executor,
  transferId: bigint,
  limit: number,
): Promise<TransferQueryRow[]> {
  const rows = await selectQueries(executor)
    .where(eq(gameTransferQueries.transferId, transferId))
    .orderBy(desc(gameTransferQueries.id))
    .limit(limit);
  return rows.map(toQueryRow);
}

/** The last status query and the number of queries of each of these transfers. */
export async function querySummaries(
  executor: Executor,
  transferIds: readonly bigint[],
): Promise<Map<bigint, { last: TransferQueryRow; total: number }>> {
  const summaries = new Map<bigint, { last: TransferQueryRow; total: number }>();
  if (transferIds.length === 0) return summaries;
  const ids = [...transferIds];
  const totals = await executor
    .select({ transferId: gameTransferQueries.transferId, total: count() })
    .from(gameTransferQueries)
    .where(inArray(gameTransferQueries.transferId, ids))
    .groupBy(gameTransferQueries.transferId);
  const lastIds = await executor
    .select({ id: sql<string>`max(${gameTransferQueries.id})::text` })
    .from(gameTransferQueries)
    .where(inArray(gameTransferQueries.transferId, ids))
    .groupBy(gameTransferQueries.transferId);
  if (lastIds.length === 0) return summaries;
  const lasts = await selectQueries(executor).where(
    inArray(
      gameTransferQueries.id,
      lastIds.map((row) => BigInt(row.id)),
    ),
  );
  const totalOf = new Map(totals.map((row) => [row.transferId, Number(row.total)]));
  for (const row of lasts) {
    const last = toQueryRow(row);
    summaries.set(last.transferId, { last, total: totalOf.get(last.transferId) ?? 1 });
  }
  return summaries;
}

function selectTransfers(executor: Executor) {
  return executor
    .select({ transfer: gameTransfers, username: members.username })
    .from(gameTransfers)
    .innerJoin(members, eq(members.id, gameTransfers.memberId));
}

export async function findAdminTransfer(
  executor: Executor,
  id: bigint,
): Promise<AdminTransferRow | null> {
  const rows = await selectTransfers(executor).where(eq(gameTransfers.id, id));
  const row = rows[0];
  return row ? { ...row.transfer, username: row.username } : null;
}

export function brandOfTransfer(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, gameTransfers, gameTransfers.brandCode, gameTransfers.id, id);
}

export type TransferExceptionFilter = {
  windowStart: Date;
  brands: readonly string[] | null;
  platformId?: number | undefined;
  direction?: 'in' | 'out' | undefined;
  createdBefore?: Date | undefined;
  usernameKey?: string | undefined;
};

/**
 * Transfer exceptions: in transit and made before `windowStart` (past the status-query
 * window), or described by the platform as another order.
 */
function exceptionsWhere(filter: TransferExceptionFilter): SQL | undefined {
  return and(
    eq(gameTransfers.status, 'in_transit'),
    or(
      lte(gameTransfers.createdAt, filter.windowStart),
      eq(gameTransfers.lastError, 'status_mismatch'),
    ),
    inBrands(gameTransfers.brandCode, filter.brands),
    filter.platformId === undefined ? undefined : eq(gameTransfers.platformId, filter.platformId),
    filter.direction === undefined ? undefined : eq(gameTransfers.direction, filter.direction),
    filter.createdBefore === undefined
      ? undefined
      : lte(gameTransfers.createdAt, filter.createdBefore),
    filter.usernameKey === undefined ? undefined : eq(members.usernameKey, filter.usernameKey),
  );
}

/** A page of transfer exceptions, oldest first. */
export async function listTransferExceptions(
  executor: Executor,
  filter: TransferExceptionFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminTransferRow[]; total: number }> {
  const where = exceptionsWhere(filter);
  const rows = await selectTransfers(executor)
    .where(where)
    .orderBy(asc(gameTransfers.createdAt), asc(gameTransfers.id))
    .offset(page.offset)
    .limit(page.limit);
  const totals = await executor
    .select({ total: count() })
    .from(gameTransfers)
    .innerJoin(members, eq(members.id, gameTransfers.memberId))
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.transfer, username: row.username })),
    total: Number(totals[0]?.total ?? 0),
  };
}

/**
 * A CSV export's keyset batch of transfer exceptions: oldest first by id (a key that never
 * changes), after `afterId`. A transfer settled meanwhile simply leaves the later batches.
 */
export async function transferExceptionBatch(
  executor: Executor,
  filter: TransferExceptionFilter,
  afterId: bigint | undefined,
  limit: number,
): Promise<AdminTransferRow[]> {
  const rows = await selectTransfers(executor)
    .where(
      and(
        exceptionsWhere(filter),
        afterId === undefined ? undefined : gt(gameTransfers.id, afterId),
      ),
    )
    .orderBy(asc(gameTransfers.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.transfer, username: row.username }));
}
