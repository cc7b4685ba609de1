import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/** A restriction row is in force until its expiry, if it has one. */
const inForce = sql`(${memberRestrictions.expiresAt} is null or ${memberRestrictions.expiresAt} > now())`;

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
      and(
        eq(memberRestrictions.memberId, memberId),
        inArray(memberRestrictions.kind, [...kinds]),
        inForce,
      ),
    );
  return rows.map((row) => row.kind);
}

/**
 * A text expression over the brand's member (by primary key) and their restrictions (by
 * theirs): 'member_not_found', 'member_disabled', the answer of the first rule whose kind is in
 * force, or null. For the money gate in a statement that moves money (restriction.ts).
 */
export function memberGateSql(
  member: { brandCode: SQL; memberId: SQL },
  rules: readonly (readonly [RestrictionKind, string])[],
): SQL {
  const refusals = rules.map(
    ([kind, answer]) => sql`when exists (select 1 from ${memberRestrictions}
        where ${memberRestrictions.memberId} = ${members.id} and ${memberRestrictions.kind} = ${sql.raw(`'${kind}'`)}
          and ${inForce})
      then ${sql.raw(`'${answer}'`)}`,
  );
  return sql`nullif(coalesce((select case
      when ${members.status} <> 'active' then 'member_disabled'
      ${sql.join(refusals, sql` `)}
      else '' end
    from ${members}
    where ${members.brandCode} = ${member.brandCode} and ${members.id} = ${member.memberId}),
    'member_not_found'), '')`;
}

/**
 * Puts a restriction in force; false when it already was (the first one's details stay). A row
 * of the kind whose expiry has passed is replaced.
 */
export async function insertRestriction(
  executor: Executor,
  row: typeof memberRestrictions.$inferInsert,
): Promise<boolean> {
  const rows = await executor
    .insert(memberRestrictions)
    .values(row)
    .onConflictDoUpdate({
      target: [memberRestrictions.memberId, memberRestrictions.kind],
      set: {
        reason: sql`excluded.reason`,
        operatorId: sql`excluded.operator_id`,
        operatorUsername: sql`excluded.operator_username`,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${memberRestrictions.expiresAt} is not null and ${memberRestrictions.expiresAt} <= now()`,
    })
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
