import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { seamlessTransactions } from './seamless.schema.ts';

export type SeamlessTransactionRow = typeof seamlessTransactions.$inferSelect;
export type NewSeamlessTransactionRow = typeof seamlessTransactions.$inferInsert;

/** The transaction a platform sent under this id, or a tombstone standing in its place. */
export async function findTransaction(
  executor: Executor,
  platformId: number,
  transactionId: string,
): Promise<SeamlessTransactionRow | undefined> {
  const rows = await executor
    .select()
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.platformId, platformId),
        eq(seamlessTransactions.transactionId, transactionId),
      ),
    );
  return rows[0];
}

/**
 * Records a transaction id unless the platform's id is taken; true when this call recorded it.
 * On PostgreSQL a concurrent writer of the same id makes this wait for its commit, so false
 * always means a committed row that the caller can read and answer from.
 */
export async function insertTransactionIfNew(
  executor: Executor,
  row: NewSeamlessTransactionRow,
): Promise<boolean> {
  const inserted = await executor
    .insert(seamlessTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: seamlessTransactions.id });
  return inserted.length > 0;
}

/** Whether the member has a debit in the platform's round that still holds (not rolled back). */
export async function hasHeldDebitInRound(
  executor: Executor,
  platformId: number,
  roundId: string,
  memberId: bigint,
): Promise<boolean> {
  const rows = await executor
    .select({ id: seamlessTransactions.id })
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.platformId, platformId),
        eq(seamlessTransactions.roundId, roundId),
        eq(seamlessTransactions.memberId, memberId),
        eq(seamlessTransactions.kind, 'debit'),
        eq(seamlessTransactions.rolledBack, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Marks a debit rolled back by `rollbackTransactionId`, unless it already is; true when this call
 * marked it. The row lock makes a second, different rollback of the same debit wait and then
 * find it marked, so a debit is reversed at most once.
 */
export async function markDebitRolledBack(
  executor: Executor,
  platformId: number,
  debitTransactionId: string,
  rollbackTransactionId: string,
): Promise<boolean> {
  const rows = await executor
    .update(seamlessTransactions)
    .set({ rolledBack: true, relatedTransactionId: rollbackTransactionId })
    .where(
      and(
        eq(seamlessTransactions.platformId, platformId),
        eq(seamlessTransactions.transactionId, debitTransactionId),
        eq(seamlessTransactions.kind, 'debit'),
        eq(seamlessTransactions.rolledBack, false),
      ),
    )
    .returning({ id: seamlessTransactions.id });
  return rows.length > 0;
}
