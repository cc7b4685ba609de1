import { and, asc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { memberExclusions } from './exclusion.schema.ts';

export type ExclusionRow = typeof memberExclusions.$inferSelect;

/** The member's exclusion in force (not ended), its row locked when `lock`. */
export async function findLiveExclusion(
  executor: Executor,
  memberId: bigint,
  lock = false,
): Promise<ExclusionRow | undefined> {
  const query = executor
    .select()
    .from(memberExclusions)
    .where(and(eq(memberExclusions.memberId, memberId), isNull(memberExclusions.endedAt)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function insertExclusion(
  executor: Executor,
  row: typeof memberExclusions.$inferInsert,
): Promise<ExclusionRow> {
  const rows = await executor.insert(memberExclusions).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('exclusion: not written');
  return inserted;
}

export async function markEnded(executor: Executor, id: bigint, at: Date): Promise<void> {
  await executor
    .update(memberExclusions)
    .set({ endedAt: at })
    .where(and(eq(memberExclusions.id, id), isNull(memberExclusions.endedAt)));
}

export async function markEndRequested(
  executor: Executor,
  id: bigint,
  at: Date,
  endableAt: Date,
): Promise<void> {
  await executor
    .update(memberExclusions)
    .set({ endRequestedAt: at, endableAt })
    .where(and(eq(memberExclusions.id, id), sql`${memberExclusions.endRequestedAt} is null`));
}

/** Whether the member is under a time-out or self-exclusion now (no promotion, message or bet). */
export async function isExcluded(executor: Executor, memberId: bigint): Promise<boolean> {
  return (await findLiveExclusion(executor, memberId)) !== undefined;
}

/** Exclusions the member asked to end whose end has come, oldest first. */
export async function dueToEnd(
  executor: Executor,
  now: Date,
  limit: number,
): Promise<ExclusionRow[]> {
  return executor
    .select()
    .from(memberExclusions)
    .where(and(isNull(memberExclusions.endedAt), lte(memberExclusions.endableAt, now)))
    .orderBy(asc(memberExclusions.endableAt))
    .limit(limit);
}

/**
 * A boolean expression for another module's statement (the message centre): true while the
 * member (`memberId`, bigint SQL) has a time-out or self-exclusion in force.
 */
export function liveExclusionSql(memberId: SQL): SQL {
  return sql`exists (select 1 from ${memberExclusions}
    where ${memberExclusions.memberId} = ${memberId} and ${memberExclusions.endedAt} is null)`;
}
