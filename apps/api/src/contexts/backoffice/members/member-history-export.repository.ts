import { and, desc, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';
import { depositOrders } from '../../money/deposit/index.ts';
import { withdrawalOrders } from '../../money/withdrawal/index.ts';
import { gameTransfers } from '../../games/transfer/index.ts';
import {
  depositWhere,
  rewardSources,
  selectDeposits,
  selectWithdrawals,
  transferWhere,
  withdrawalWhere,
  type DepositFilter,
  type DepositRow,
  type RewardFilter,
  type RewardRow,
  type TransferFilter,
  type TransferRow,
  type WithdrawalFilter,
  type WithdrawalRow,
} from './member-history.repository.ts';

/**
 * The keyset batches of the history tabs' CSV exports: the tab's filter, newest first on a key
 * that never changes (the order id; for rewards, which have no common id, the creation time,
 * kind and id), each batch after the last row of the one before, never an offset.
 */

export async function depositBatch(
  executor: Executor,
  filter: DepositFilter,
  afterId: bigint | undefined,
  limit: number,
): Promise<DepositRow[]> {
  const rows = await selectDeposits(executor)
    .where(
      and(depositWhere(filter), afterId === undefined ? undefined : lt(depositOrders.id, afterId)),
    )
    .orderBy(desc(depositOrders.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.order, channelName: row.channelName }));
}

export async function withdrawalBatch(
  executor: Executor,
  filter: WithdrawalFilter,
  afterId: bigint | undefined,
  limit: number,
): Promise<WithdrawalRow[]> {
  const rows = await selectWithdrawals(executor)
    .where(
      and(
        withdrawalWhere(filter),
        afterId === undefined ? undefined : lt(withdrawalOrders.id, afterId),
      ),
    )
    .orderBy(desc(withdrawalOrders.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.order, account: row.account }));
}

export async function transferBatch(
  executor: Executor,
  filter: TransferFilter,
  afterId: bigint | undefined,
  limit: number,
): Promise<TransferRow[]> {
  return executor
    .select()
    .from(gameTransfers)
    .where(
      and(transferWhere(filter), afterId === undefined ? undefined : lt(gameTransfers.id, afterId)),
    )
    .orderBy(desc(gameTransfers.id))
    .limit(limit);
}

/** Where a rewards batch ends: the creation time as PostgreSQL wrote it (microseconds). */
export type RewardCursor = { createdAt: string; kind: string; id: string };

/**
 * The rewards list's order (newest first, then kind, then id descending) as a keyset: a row's
 * creation time, kind and id never change.
 */
export async function rewardBatch(
  executor: Executor,
  filter: RewardFilter,
  after: RewardCursor | undefined,
  limit: number,
): Promise<(RewardRow & { cursor: RewardCursor })[]> {
  const sources = rewardSources(filter);
  if (sources.length === 0) return [];
  const union = sql.join(sources, sql` union all `);
  const keyset =
    after === undefined
      ? sql`true`
      : sql`(r.created_at < ${after.createdAt}::timestamptz
          or (r.created_at = ${after.createdAt}::timestamptz
            and (r.kind > ${after.kind} or (r.kind = ${after.kind} and r.id < ${after.id}))))`;
  const rows = await queryRows<RewardRow & { created_text: string }>(
    executor,
    sql`select r.*, r.created_at::text as created_text from (${union}) r
        where ${keyset}
        order by r.created_at desc, r.kind, r.id desc
        limit ${limit}`,
  );
  return rows.map(({ created_text: createdText, ...row }) => ({
    ...row,
    cursor: { createdAt: createdText, kind: row.kind, id: row.id },
  }));
}
