import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { memberRestrictions } from './restriction.schema.ts';
import { members } from './member.schema.ts';

export type RestrictionRow = typeof memberRestrictions.$inferSelect;
export type RestrictionKind = RestrictionRow['kind'];

/** Every restriction in force on a member. */
export async function findRestrictions(
  executor: Executor,
  memberId: bigint,
): Promise<RestrictionRow[]> {
  return executor
    .select()
    .from(memberRestrictions)
    .where(eq(memberRestrictions.memberId, memberId));
}

/** The kinds among `kinds` in force on a member: one primary-key lookup. */
export async function restrictionKindsOf(
  executor: Executor,
  memberId: bigint,
  kinds: readonly RestrictionKind[],
): Promise<RestrictionKind[]> {
  const rows = await executor
    .select({ kind: memberRestrictions.kind })
    .from(memberRestrictions)
    .where(
      and(eq(memberRestrictions.memberId, memberId), inArray(memberRestrictions.kind, [...kinds])),
    );
  return rows.map((row) => row.kind);
}

/**
 * A member's status and the kinds among `kinds` in force on them, in one read (the member by
 * primary key, the restrictions by theirs); undefined when the brand has no such member.
 */
export async function memberStatusAndRestrictions(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  kinds: readonly RestrictionKind[],
): Promise<{ status: 'active' | 'disabled'; kinds: RestrictionKind[] } | undefined> {
  const rows = await executor
    .select({
      status: members.status,
      kinds: sql<string | null>`(select string_agg(${memberRestrictions.kind}, ',')
        from ${memberRestrictions}
        where ${memberRestrictions.memberId} = ${members.id}
          and ${inArray(memberRestrictions.kind, [...kinds])})`,
    })
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.id, memberId)));
  const row = rows[0];
  if (!row) return undefined;
  return {
    status: row.status,
    kinds: row.kinds === null ? [] : (row.kinds.split(',') as RestrictionKind[]),
  };
}

/** Puts a restriction in force; false when it already was (the first one's details stay). */
export async function insertRestriction(
  executor: Executor,
  row: typeof memberRestrictions.$inferInsert,
): Promise<boolean> {
  const rows = await executor
    .insert(memberRestrictions)
    .values(row)
    .onConflictDoNothing()
    .returning({ kind: memberRestrictions.kind });
  return rows.length > 0;
}

/** Lifts a restriction; false when it was not in force. */
export async function deleteRestriction(
  executor: Executor,
  memberId: bigint,
  kind: RestrictionKind,
): Promise<boolean> {
  const rows = await executor
    .delete(memberRestrictions)
    .where(and(eq(memberRestrictions.memberId, memberId), eq(memberRestrictions.kind, kind)))
    .returning({ kind: memberRestrictions.kind });
  return rows.length > 0;
}
