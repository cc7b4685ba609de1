import { and, asc, eq, gt, inArray, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import { uploads } from '../../identity/upload/index.ts';
import { feedbackTickets } from './feedback.schema.ts';

/** The purpose whose unattached files the clean-up removes; no other purpose is touched. */
const FEEDBACK_PURPOSE = 'feedback';

export type CleanupCandidate = { id: string; memberId: bigint | null; createdAt: Date };

/**
 * The conditions of an upload the clean-up may delete: a feedback image older than the age
 * limit (by the database clock) that no ticket of its member names. Only the member's own
 * tickets are searched: a ticket can only name its member's uploads (the feedback service
 * checks it), and the member's tickets are found through their index.
 */
function unattachedFeedbackUpload(executor: Executor, ageSeconds: number): SQL {
  const condition = and(
    eq(uploads.purpose, FEEDBACK_PURPOSE),
    lt(uploads.createdAt, sql`now() - ${ageSeconds}::int * interval '1 second'`),
    notExists(
      executor
        .select({ one: sql`1` })
        .from(feedbackTickets)
        .where(
          and(
            eq(feedbackTickets.memberId, uploads.memberId),
            sql`${feedbackTickets.imageIds} @> jsonb_build_array(${uploads.id})`,
          ),
        ),
    ),
  );
  if (!condition) throw new Error('unattachedFeedbackUpload: empty condition');
  return condition;
}

/**
 * A batch of uploads to clean up, oldest first, after the position `after` (keyset paging, so a
 * run always moves forward even when some candidate could not be deleted).
 */
export async function findUnattachedFeedbackUploads(
  executor: Executor,
  filter: {
    ageSeconds: number;
    limit: number;
    after?: { createdAt: Date; id: string } | undefined;
  },
): Promise<CleanupCandidate[]> {
  const after = filter.after
    ? or(
        gt(uploads.createdAt, filter.after.createdAt),
        and(eq(uploads.createdAt, filter.after.createdAt), gt(uploads.id, filter.after.id)),
      )
    : undefined;
  return executor
    .select({ id: uploads.id, memberId: uploads.memberId, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(unattachedFeedbackUpload(executor, filter.ageSeconds), after))
    .orderBy(asc(uploads.createdAt), asc(uploads.id))
    .limit(filter.limit);
}

/**
 * Takes the member's row lock until the transaction ends. Creating a feedback ticket holds the
 * same lock while it checks and attaches the member's uploads, so a deletion under it either
 * sees the new ticket or makes the ticket's check refuse the deleted image.
 */
export async function lockUploadOwner(executor: Executor, memberId: bigint): Promise<void> {
  await executor
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
}

/** Deletes those of `ids` that still qualify for the clean-up; answers the ids deleted. */
export async function deleteUnattachedFeedbackUploads(
  executor: Executor,
  ids: readonly string[],
  ageSeconds: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .delete(uploads)
    .where(and(inArray(uploads.id, [...ids]), unattachedFeedbackUpload(executor, ageSeconds)))
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}
