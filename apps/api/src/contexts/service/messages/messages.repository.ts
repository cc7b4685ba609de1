import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import { liveExclusionSql } from '../../protection/exclusion/index.ts';
import { memberMessages, memberMessageStates } from './messages.schema.ts';
import { brandCodeOf } from '../../../db/brand-of.ts';

export type MessageRow = typeof memberMessages.$inferSelect;
export type NewMessageRow = typeof memberMessages.$inferInsert;
export type MessageCategory = MessageRow['category'];

/** Whose messages: a member of a brand. */
export type Viewer = { brandCode: string; memberId: bigint };

export type ViewerMessageRow = MessageRow & { readAt: Date | null };

/**
 * The messages a member sees: the brand's, not withdrawn, to this member or broadcast since the
 * member registered, and not deleted by this member. Used with the member's state row joined.
 * The registration time is read in SQL so that the comparison keeps the database's precision.
 * No broadcast (the brand's marketing) reaches a member under a time-out or self-exclusion
 * (issue 15); messages to the member alone (their withdrawals, support) still do.
 */
function visibleTo(viewer: Viewer): SQL {
  return and(
    eq(memberMessages.brandCode, viewer.brandCode),
    isNull(memberMessages.withdrawnAt),
    or(
      eq(memberMessages.memberId, viewer.memberId),
      and(
        isNull(memberMessages.memberId),
        sql`${memberMessages.createdAt} >= (select ${members.createdAt} from ${members} where ${members.id} = ${viewer.memberId} and ${members.brandCode} = ${viewer.brandCode})`,
        sql`not ${liveExclusionSql(sql`${viewer.memberId}::bigint`)}`,
      ),
    ),
    isNull(memberMessageStates.deletedAt),
  ) as SQL;
}

const stateOfViewer = (viewer: Viewer): SQL =>
  and(
    eq(memberMessageStates.messageId, memberMessages.id),
    eq(memberMessageStates.memberId, viewer.memberId),
  ) as SQL;

/** A page of the member's messages, newest first, and how many match in all. */
export async function listVisibleMessages(
  executor: Executor,
  viewer: Viewer,
  filter: { category: MessageCategory | undefined; limit: number; offset: number },
): Promise<{ rows: ViewerMessageRow[]; total: number }> {
  const where = and(
    visibleTo(viewer),
    filter.category ? eq(memberMessages.category, filter.category) : undefined,
  );
  const rows = await executor
    .select({ message: memberMessages, readAt: memberMessageStates.readAt })
    .from(memberMessages)
    .leftJoin(memberMessageStates, stateOfViewer(viewer))
    .where(where)
    .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const totals = await executor
    .select({ total: count() })
    .from(memberMessages)
    .leftJoin(memberMessageStates, stateOfViewer(viewer))
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.message, readAt: row.readAt })),
    total: totals[0]?.total ?? 0,
  };
}

/** The member's visible messages among these ids. */
export async function findVisibleMessages(
  executor: Executor,
  viewer: Viewer,
  ids: bigint[],
): Promise<ViewerMessageRow[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ message: memberMessages, readAt: memberMessageStates.readAt })
    .from(memberMessages)
    .leftJoin(memberMessageStates, stateOfViewer(viewer))
    .where(and(visibleTo(viewer), inArray(memberMessages.id, ids)));
  return rows.map((row) => ({ ...row.message, readAt: row.readAt }));
}

export async function countUnreadMessages(executor: Executor, viewer: Viewer): Promise<number> {
  const rows = await executor
    .select({ unread: count() })
    .from(memberMessages)
    .leftJoin(memberMessageStates, stateOfViewer(viewer))
    .where(and(visibleTo(viewer), isNull(memberMessageStates.readAt)));
  return rows[0]?.unread ?? 0;
}

/** Marks these messages read for the member; a message read before keeps its first time. */
export async function markMessagesRead(
  executor: Executor,
  memberId: bigint,
  messageIds: bigint[],
): Promise<void> {
  if (messageIds.length === 0) return;
  await executor
    .insert(memberMessageStates)
    .values(messageIds.map((messageId) => ({ messageId, memberId, readAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [memberMessageStates.messageId, memberMessageStates.memberId],
      set: { readAt: sql`coalesce(${memberMessageStates.readAt}, now())` },
    });
}

/** Marks every unread message the member sees read, in one statement. */
export async function markAllMessagesRead(executor: Executor, viewer: Viewer): Promise<void> {
  const unread = executor
    .select({
      messageId: memberMessages.id,
      memberId: sql<bigint>`${viewer.memberId}::bigint`.as('member_id'),
      readAt: sql<Date>`now()`.as('read_at'),
      deletedAt: sql<Date | null>`null::timestamptz`.as('deleted_at'),
    })
    .from(memberMessages)
    .leftJoin(memberMessageStates, stateOfViewer(viewer))
    .where(and(visibleTo(viewer), isNull(memberMessageStates.readAt)));
  await executor
    .insert(memberMessageStates)
    .select(unread)
    .onConflictDoUpdate({
      target: [memberMessageStates.messageId, memberMessageStates.memberId],
      set: { readAt: sql`coalesce(${memberMessageStates.readAt}, now())` },
    });
}

/** Deletes these messages for the member alone (a broadcast stays for everyone else). */
export async function markMessagesDeleted(
  executor: Executor,
  memberId: bigint,
  messageIds: bigint[],
): Promise<void> {
  if (messageIds.length === 0) return;
  await executor
    .insert(memberMessageStates)
    .values(messageIds.map((messageId) => ({ messageId, memberId, deletedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [memberMessageStates.messageId, memberMessageStates.memberId],
      set: { deletedAt: sql`coalesce(${memberMessageStates.deletedAt}, now())` },
    });
}

export async function insertMessage(executor: Executor, row: NewMessageRow): Promise<MessageRow> {
  const rows = await executor.insert(memberMessages).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into member_messages returned no row');
  return inserted;
}

export type SentMessageRow = MessageRow & { username: string | null; readCount: number };

const readCountOf = sql<number>`(select count(*) from ${memberMessageStates} where ${memberMessageStates.messageId} = ${memberMessages.id} and ${memberMessageStates.readAt} is not null)::int`;

/** A brand's messages for operators, newest first, with their read counts. */
export async function listSentMessages(
  executor: Executor,
  filter: { brandCode: string; memberId: bigint | undefined; limit: number; offset: number },
): Promise<{ rows: SentMessageRow[]; total: number }> {
  const where = and(
    eq(memberMessages.brandCode, filter.brandCode),
    filter.memberId === undefined ? undefined : eq(memberMessages.memberId, filter.memberId),
  );
  const rows = await executor
    .select({ message: memberMessages, username: members.username, readCount: readCountOf })
    .from(memberMessages)
    .leftJoin(members, eq(members.id, memberMessages.memberId))
    .where(where)
    .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const totals = await executor.select({ total: count() }).from(memberMessages).where(where);
  return {
    rows: rows.map((row) => ({
      ...row.message,
      username: row.username,
      readCount: Number(row.readCount),
    })),
    total: totals[0]?.total ?? 0,
  };
}

export async function findSentMessage(
  executor: Executor,
  id: bigint,
): Promise<SentMessageRow | undefined> {
  const rows = await executor
    .select({ message: memberMessages, username: members.username, readCount: readCountOf })
    .from(memberMessages)
    .leftJoin(members, eq(members.id, memberMessages.memberId))
    .where(eq(memberMessages.id, id));
  const row = rows[0];
  return row && { ...row.message, username: row.username, readCount: Number(row.readCount) };
}

/** Withdraws a message; one withdrawn before keeps its first time. */
export async function withdrawMessage(executor: Executor, id: bigint): Promise<void> {
  await executor
    .update(memberMessages)
    .set({ withdrawnAt: sql`coalesce(${memberMessages.withdrawnAt}, now())` })
    .where(eq(memberMessages.id, id));
}

/** The brand of memberMessages row `id`, or null when there is none (the operator guard's rule). */
export function messageBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, memberMessages, memberMessages.brandCode, memberMessages.id, id);
}
