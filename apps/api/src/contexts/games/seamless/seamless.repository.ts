import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { MovementPart, MovementRelations } from '../../money/ledger/index.ts';
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

const placeholder = (name: string) => sql.placeholder(name);

/** The transaction's row as an INSERT ... SELECT from the movement's new entry, built once. */
const ROW_WITH_ENTRY = ({
  entry,
}: MovementRelations): SQL => sql`st_row as (insert into seamless_transactions
      (platform_id, transaction_id, kind, brand_code, member_id, round_id, game_code, currency,
       amount_minor, related_transaction_id, request_hash, ledger_entry_id)
    select ${placeholder('st_platform')}::integer, ${placeholder('st_transaction')}::text,
           ${placeholder('st_kind')}::text, ${placeholder('st_brand')}::text,
           ${placeholder('st_member')}::bigint, ${placeholder('st_round')}::text,
           ${placeholder('st_game')}::text, ${placeholder('st_currency')}::text,
           ${placeholder('st_amount')}::bigint, ${placeholder('st_related')}::text,
           ${placeholder('st_hash')}::text, ${entry}.id
    from ${entry})`;

/**
 * The transaction's row written in the ledger's own statement, beside its entry
 * (LedgerService's `insert` part). A plain insert: when the platform's id is taken meanwhile
 * (a tombstone, a concurrent copy) the unique index fails the whole statement, and nothing
 * moves.
 */
export function transactionRowWithEntry(
  row: NewSeamlessTransactionRow,
): MovementPart<typeof ROW_WITH_ENTRY> {
  return {
    name: 'st',
    build: ROW_WITH_ENTRY,
    values: {
      st_platform: row.platformId,
      st_transaction: row.transactionId,
      st_kind: row.kind,
      st_brand: row.brandCode,
      st_member: String(row.memberId),
      st_round: row.roundId,
      st_game: row.gameCode ?? null,
      st_currency: row.currency,
      st_amount: String(row.amountMinor),
      st_related: row.relatedTransactionId ?? null,
      st_hash: row.requestHash,
    },
  };
}

/** 'round_not_found' unless the member holds a debit in the round (hasHeldDebitInRound). */
const HELD_DEBIT_GUARD = sql`case when exists (
    select 1 from seamless_transactions
    where platform_id = ${placeholder('sh_platform')}::integer
      and round_id = ${placeholder('sh_round')}::text
      and member_id = ${placeholder('sh_member')}::bigint
      and brand_code = ${placeholder('sh_brand')}::text
      and kind = 'debit' and not rolled_back)
  then null else 'round_not_found' end`;

/**
 * A credit's check in the ledger's own statement (LedgerService.postIf): the member of the brand
 * holds a debit in the platform's round that is not rolled back; else 'round_not_found'.
 */
export function heldDebitGuard(
  platformId: number,
  roundId: string,
  memberId: bigint,
  brandCode: string,
): MovementPart<SQL> {
  return {
    name: 'sh',
    build: HELD_DEBIT_GUARD,
    values: {
      sh_platform: platformId,
      sh_round: roundId,
      sh_member: String(memberId),
      sh_brand: brandCode,
    },
  };
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

/**
 * A member's stakes (debits not rolled back) and payouts (credits) on seamless platforms since
 * `since`, in minor units: what their loss and wager limits count, as the money moves.
 */
export async function seamlessPlaySince(
  executor: Executor,
  memberId: bigint,
  since: Date,
): Promise<{ stakes: bigint; payouts: bigint }> {
  const rows = await executor
    .select({
      stakes: sql<string>`coalesce(sum(${seamlessTransactions.amountMinor}) filter (where ${seamlessTransactions.kind} = 'debit' and not ${seamlessTransactions.rolledBack}), 0)::text`,
      payouts: sql<string>`coalesce(sum(${seamlessTransactions.amountMinor}) filter (where ${seamlessTransactions.kind} = 'credit'), 0)::text`,
    })
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.memberId, memberId),
        sql`${seamlessTransactions.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return { stakes: BigInt(rows[0]?.stakes ?? '0'), payouts: BigInt(rows[0]?.payouts ?? '0') };
}
