import { and, asc, count, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { memberNotes, memberTags } from './member-record.schema.ts';

/** The member record's own tables: operators' notes and tags. */

export type MemberNoteRow = typeof memberNotes.$inferSelect;

export async function insertMemberNote(
  executor: Executor,
  note: typeof memberNotes.$inferInsert,
): Promise<MemberNoteRow> {
  const rows = await executor.insert(memberNotes).values(note).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into member_notes returned no row');
  return row;
}

/** A member's notes, newest first, and how many there are. */
export async function listMemberNotes(
  executor: Executor,
  memberId: bigint,
  page: { offset: number; limit: number },
): Promise<{ rows: MemberNoteRow[]; total: number }> {
  const rows = await executor
    .select()
    .from(memberNotes)
    .where(eq(memberNotes.memberId, memberId))
    .orderBy(desc(memberNotes.id))
    .offset(page.offset)
    .limit(page.limit);
  return { rows, total: await countMemberNotes(executor, memberId) };
}

/** Up to `limit` of a member's notes older than `beforeId` (all when none), newest first. */
export async function memberNoteBatch(
  executor: Executor,
  memberId: bigint,
  beforeId: bigint | undefined,
  limit: number,
): Promise<MemberNoteRow[]> {
  return executor
    .select()
    .from(memberNotes)
    .where(
      and(
        eq(memberNotes.memberId, memberId),
        beforeId === undefined ? undefined : lt(memberNotes.id, beforeId),
      ),
    )
    .orderBy(desc(memberNotes.id))
    .limit(limit);
}

export async function countMemberNotes(executor: Executor, memberId: bigint): Promise<number> {
  const rows = await executor
    .select({ total: count() })
    .from(memberNotes)
    .where(eq(memberNotes.memberId, memberId));
  return Number(rows[0]?.total ?? 0);
}

/** A member's tags in the order they were given. */
export async function findMemberTags(executor: Executor, memberId: bigint): Promise<string[]> {
  const rows = await executor
    .select({ tag: memberTags.tag })
    .from(memberTags)
    .where(eq(memberTags.memberId, memberId))
    .orderBy(asc(memberTags.position));
  return rows.map((row) => row.tag);
}

/** Replaces a member's tags with `tags` (call inside the transaction that logs the change). */
export async function replaceMemberTags(
  executor: Executor,
  member: { brandCode: string; memberId: bigint },
  tags: readonly string[],
): Promise<void> {
  await executor.delete(memberTags).where(eq(memberTags.memberId, member.memberId));
  if (tags.length === 0) return;
  await executor
    .insert(memberTags)
    .values(tags.map((tag, position) => ({ ...member, tag, position })));
}
