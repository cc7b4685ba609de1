import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import { feedbackTickets } from './feedback.schema.ts';
import { brandCodeOf } from '../../../db/brand-of.ts';

export type FeedbackRow = typeof feedbackTickets.$inferSelect;
export type NewFeedbackRow = typeof feedbackTickets.$inferInsert;
export type FeedbackStatusValue = FeedbackRow['status'];

export async function insertTicket(executor: Executor, row: NewFeedbackRow): Promise<FeedbackRow> {
  const rows = await executor.insert(feedbackTickets).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into feedback_tickets returned no row');
  return inserted;
}

/**
 * Takes the member's row lock for the rest of the transaction, so two tickets of one member are
 * created one after the other and the interval check sees the first.
 */
export async function lockMember(executor: Executor, memberId: bigint): Promise<void> {
  await executor
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
}

/** Seconds since the member's latest ticket by the database clock; null when there is none. */
export async function secondsSinceLatestTicket(
  executor: Executor,
  memberId: bigint,
): Promise<number | null> {
  const rows = await executor
    .select({
      seconds: sql<number>`extract(epoch from (now() - max(${feedbackTickets.createdAt})))::float8`,
    })
    .from(feedbackTickets)
    .where(eq(feedbackTickets.memberId, memberId));
  const seconds = rows[0]?.seconds;
  return seconds === null || seconds === undefined ? null : Number(seconds);
}

/** A page of the member's tickets, newest first, the total and the unseen replies. */
export async function listMemberTickets(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  page: { limit: number; offset: number },
): Promise<{ rows: FeedbackRow[]; total: number; unseenReplies: number }> {
  const where = and(
    eq(feedbackTickets.brandCode, brandCode),
    eq(feedbackTickets.memberId, memberId),
  );
  const rows = await executor
    .select()
    .from(feedbackTickets)
    .where(where)
    .orderBy(desc(feedbackTickets.createdAt), desc(feedbackTickets.id))
    .limit(page.limit)
    .offset(page.offset);
  const totals = await executor
    .select({
      total: count(),
      unseen: sql<number>`count(*) filter (where ${feedbackTickets.repliedAt} is not null and ${feedbackTickets.replySeenAt} is null)::int`,
    })
    .from(feedbackTickets)
    .where(where);
  return { rows, total: totals[0]?.total ?? 0, unseenReplies: Number(totals[0]?.unseen ?? 0) };
}

export async function findMemberTicket(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  id: bigint,
): Promise<FeedbackRow | undefined> {
  const rows = await executor
    .select()
    .from(feedbackTickets)
    .where(
      and(
        eq(feedbackTickets.id, id),
        eq(feedbackTickets.brandCode, brandCode),
        eq(feedbackTickets.memberId, memberId),
      ),
    );
  return rows[0];
}

/** Marks a reply seen; only the first opening after a reply writes. */
export async function markReplySeen(
  executor: Executor,
  id: bigint,
): Promise<FeedbackRow | undefined> {
  const rows = await executor
    .update(feedbackTickets)
    .set({ replySeenAt: sql`now()` })
    .where(
      and(
        eq(feedbackTickets.id, id),
        isNotNull(feedbackTickets.repliedAt),
        isNull(feedbackTickets.replySeenAt),
      ),
    )
    .returning();
  return rows[0];
}

export type AdminFeedbackRow = FeedbackRow & { username: string };

const adminColumns = {
  ticket: feedbackTickets,
  username: members.username,
};

function withUsername(row: { ticket: FeedbackRow; username: string }): AdminFeedbackRow {
  return { ...row.ticket, username: row.username };
}

/** A brand's tickets of one status: open oldest first (a queue), the others newest first. */
export async function listTicketsForOperators(
  executor: Executor,
  filter: { brandCode: string; status: FeedbackStatusValue; limit: number },
): Promise<AdminFeedbackRow[]> {
  const order =
    filter.status === 'open'
      ? [asc(feedbackTickets.createdAt), asc(feedbackTickets.id)]
      : [desc(feedbackTickets.createdAt), desc(feedbackTickets.id)];
  const rows = await executor
    .select(adminColumns)
    .from(feedbackTickets)
    .innerJoin(members, eq(members.id, feedbackTickets.memberId))
    .where(
      and(
        eq(feedbackTickets.brandCode, filter.brandCode),
        eq(feedbackTickets.status, filter.status),
      ),
    )
    .orderBy(...order)
    .limit(filter.limit);
  return rows.map(withUsername);
}

export async function findTicketForOperators(
  executor: Executor,
  id: bigint,
): Promise<AdminFeedbackRow | undefined> {
  const rows = await executor
    .select(adminColumns)
    .from(feedbackTickets)
    .innerJoin(members, eq(members.id, feedbackTickets.memberId))
    .where(eq(feedbackTickets.id, id));
  const row = rows[0];
  return row ? withUsername(row) : undefined;
}

/** Sets the reply unless the ticket is closed; a new reply is unseen again. */
export async function replyToTicket(
  executor: Executor,
  id: bigint,
  reply: { text: string; by: string },
): Promise<boolean> {
  const rows = await executor
    .update(feedbackTickets)
    .set({
      status: 'replied',
      reply: reply.text,
      repliedBy: reply.by,
      repliedAt: sql`now()`,
      replySeenAt: null,
    })
    .where(and(eq(feedbackTickets.id, id), sql`${feedbackTickets.status} <> 'closed'`))
    .returning({ id: feedbackTickets.id });
  return rows.length > 0;
}

/** Closes the ticket; false when it was closed already. */
export async function closeTicket(executor: Executor, id: bigint): Promise<boolean> {
  const rows = await executor
    .update(feedbackTickets)
    .set({ status: 'closed' })
    .where(and(eq(feedbackTickets.id, id), sql`${feedbackTickets.status} <> 'closed'`))
    .returning({ id: feedbackTickets.id });
  return rows.length > 0;
}

/** The brand of feedbackTickets row `id`, or null when there is none (the operator guard's rule). */
export function ticketBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, feedbackTickets, feedbackTickets.brandCode, feedbackTickets.id, id);
}
