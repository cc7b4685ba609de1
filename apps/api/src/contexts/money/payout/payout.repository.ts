import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { payoutAccounts } from './payout.schema.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type NewPayoutAccountRow = typeof payoutAccounts.$inferInsert;
export type PayoutAccountKind = PayoutAccountRow['type'];

/**
 * Serialises changes to one member's payout accounts until the transaction ends, so that two
 * concurrent adds cannot both pass the count limit.
 */
export async function lockMemberPayoutAccounts(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${brandCode}:${memberId}`}, 0))`,
  );
}

/** The member's live (not deleted) accounts of one type, oldest first. */
export async function listLiveAccounts(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  type: PayoutAccountKind,
): Promise<PayoutAccountRow[]> {
  return executor
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.brandCode, brandCode),
        eq(payoutAccounts.memberId, memberId),
        eq(payoutAccounts.type, type),
        isNull(payoutAccounts.deletedAt),
      ),
    )
    .orderBy(asc(payoutAccounts.createdAt), asc(payoutAccounts.id));
}

export async function findLiveAccount(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  id: bigint,
): Promise<PayoutAccountRow | undefined> {
  const rows = await executor
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.id, id),
        eq(payoutAccounts.brandCode, brandCode),
        eq(payoutAccounts.memberId, memberId),
        isNull(payoutAccounts.deletedAt),
      ),
    );
  return rows[0];
}

/** Accounts by id, deleted ones included (orders keep pointing at them). */
export async function findAccountsByIds(
  executor: Executor,
  ids: bigint[],
): Promise<PayoutAccountRow[]> {
  if (ids.length === 0) return [];
  return executor.select().from(payoutAccounts).where(inArray(payoutAccounts.id, ids));
}

export async function insertAccount(
  executor: Executor,
  row: NewPayoutAccountRow,
): Promise<PayoutAccountRow> {
  const rows = await executor.insert(payoutAccounts).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into payout_accounts returned no row');
  return inserted;
}

/** How many payout accounts the member bound at or after `since`, deleted ones too. */
export async function countAccountsBoundSince(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  since: Date,
): Promise<number> {
  const rows = await executor
    .select({ n: count() })
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.brandCode, brandCode),
        eq(payoutAccounts.memberId, memberId),
        gte(payoutAccounts.createdAt, since),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** Marks a live account of the member deleted; false when there is none of the given types. */
export async function softDeleteAccount(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  id: bigint,
  types: PayoutAccountKind[],
): Promise<boolean> {
  const rows = await executor
    .update(payoutAccounts)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(payoutAccounts.id, id),
        eq(payoutAccounts.brandCode, brandCode),
        eq(payoutAccounts.memberId, memberId),
        inArray(payoutAccounts.type, types),
        isNull(payoutAccounts.deletedAt),
      ),
    )
    .returning({ id: payoutAccounts.id });
  return rows.length > 0;
}
