import { and, eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * The INSERT ... SELECT of a transaction's row beside its ledger entry, in the ledger's own
 * statement (LedgerService.post's `alongside`): `entry` names the relation of the new entry's
 * id. A plain insert: when the platform's id is taken meanwhile (a tombstone, a concurrent
 * copy) the unique index fails the whole statement, and nothing moves.
 */
export function insertTransactionWithEntry(row: NewSeamlessTransactionRow): (entry: SQL) => SQL {
  return (entry) => sql`insert into seamless_transactions
      (platform_id, transaction_id, kind, brand_code, member_id, round_id, game_code, currency,
       amount_minor, related_transaction_id, request_hash, ledger_entry_id)
    select ${row.platformId}::integer, ${row.transactionId}::text, ${row.kind}::text,
           ${row.brandCode}::text, ${row.memberId}::bigint, ${row.roundId}::text,
           ${row.gameCode ?? null}::text, ${row.currency}::text, ${row.amountMinor}::bigint,
           ${row.relatedTransactionId ?? null}::text, ${row.requestHash}::text, ${entry}.id
    from ${entry}`;
}

/**
 * Whether the member of the brand has a debit in the platform's round that still holds (not
 * rolled back). A held debit also proves the member exists in that brand.
 */
export async function hasHeldDebitInRound(
  executor: Executor,
  platformId: number,
  roundId: string,
  memberId: bigint,
  brandCode: string,
): Promise<boolean> {
  const rows = await executor
    .select({ id: seamlessTransactions.id })
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.platformId, platformId),
        eq(seamlessTransactions.roundId, roundId),
        eq(seamlessTransactions.memberId, memberId),
        eq(seamlessTransactions.brandCode, brandCode),
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
