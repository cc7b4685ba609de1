import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { brandCodeOf, inBrands } from '../../../db/brand-of.ts';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import { operators } from '../../identity/operator/index.ts';
import { kycSubmissions } from './kyc.schema.ts';

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type KycSubmissionStatus = KycSubmissionRow['status'];

/** A submission as shown: the row with its member's username and the operators' usernames. */
export type KycSubmissionView = KycSubmissionRow & {
  username: string;
  claimedByName: string | null;
  decidedByName: string | null;
};

const claimer = alias(operators, 'kyc_claimer');
const decider = alias(operators, 'kyc_decider');

function selectViews(executor: Executor) {
  return executor
    .select({
      row: kycSubmissions,
      username: members.username,
      claimedByName: claimer.username,
      decidedByName: decider.username,
    })
    .from(kycSubmissions)
    .innerJoin(members, eq(members.id, kycSubmissions.memberId))
    .leftJoin(claimer, eq(claimer.id, kycSubmissions.claimedBy))
    .leftJoin(decider, eq(decider.id, kycSubmissions.decidedBy));
}

type ViewRecord = {
  row: KycSubmissionRow;
  username: string;
  claimedByName: string | null;
  decidedByName: string | null;
};

function toView(record: ViewRecord): KycSubmissionView {
  return {
    ...record.row,
    username: record.username,
    claimedByName: record.claimedByName,
    decidedByName: record.decidedByName,
  };
}

/** What a member's level is made of; null when the member is not of this brand. */
export async function findKycFacts(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
): Promise<{ contactVerified: boolean; documentsApproved: boolean } | null> {
  const [member] = await executor
    .select({ phone: members.phone, email: members.email })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.brandCode, brandCode)));
  if (!member) return null;
  const approved = await executor
    .select({ id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.memberId, memberId), eq(kycSubmissions.status, 'approved')))
    .limit(1);
  return {
    contactVerified: member.phone !== null || member.email !== null,
    documentsApproved: approved.length > 0,
  };
}

/** The member's latest submission, or null. */
export async function findLatestSubmission(
  executor: Executor,
  memberId: bigint,
): Promise<KycSubmissionView | null> {
  const rows = await selectViews(executor)
    .where(eq(kycSubmissions.memberId, memberId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

/** The member's submissions, newest first. */
export async function listMemberSubmissions(
  executor: Executor,
  memberId: bigint,
  limit: number,
): Promise<KycSubmissionView[]> {
  const rows = await selectViews(executor)
    .where(eq(kycSubmissions.memberId, memberId))
    .orderBy(desc(kycSubmissions.id))
    .limit(limit);
  return rows.map(toView);
}

export async function findSubmission(
  executor: Executor,
  id: bigint,
): Promise<KycSubmissionView | null> {
  const rows = await selectViews(executor).where(eq(kycSubmissions.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

/** The brand of a submission, or null: the operator guard's brand rule. */
export function submissionBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, kycSubmissions, kycSubmissions.brandCode, kycSubmissions.id, id);
}

/**
 * Inserts a pending submission; null when one already waits for the member (the partial unique
 * index `kyc_submissions_one_pending` decides two racing requests).
 */
export async function insertPendingSubmission(
  executor: Executor,
  values: {
    brandCode: string;
    memberId: bigint;
    idFrontUploadId: string;
    idBackUploadId: string;
    selfieUploadId: string;
  },
): Promise<KycSubmissionRow | null> {
  const rows = await executor
    .insert(kycSubmissions)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({
      target: kycSubmissions.memberId,
      where: sql`${kycSubmissions.status} = 'pending'`,
    })
    .returning();
  return rows[0] ?? null;
}

/** The queue: pending oldest first, decided newest first, in the brands given (null: all). */
export async function listSubmissions(
  executor: Executor,
  filter: {
    brands: readonly string[] | null;
    status: KycSubmissionStatus;
    afterId?: bigint;
    limit: number;
  },
): Promise<KycSubmissionView[]> {
  const oldestFirst = filter.status === 'pending';
  const conditions: (SQL | undefined)[] = [
    eq(kycSubmissions.status, filter.status),
    inBrands(kycSubmissions.brandCode, filter.brands),
  ];
  if (filter.afterId !== undefined) {
    conditions.push(
      oldestFirst ? gt(kycSubmissions.id, filter.afterId) : lt(kycSubmissions.id, filter.afterId),
    );
  }
  const rows = await selectViews(executor)
    .where(and(...conditions))
    .orderBy(oldestFirst ? asc(kycSubmissions.id) : desc(kycSubmissions.id))
    .limit(filter.limit);
  return rows.map(toView);
}

/** The submission's row, locked until the transaction ends. */
export async function lockSubmission(
  executor: Executor,
  id: bigint,
): Promise<KycSubmissionRow | null> {
  const rows = await executor
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, id))
    .for('update');
  return rows[0] ?? null;
}

export async function updateSubmission(
  executor: Executor,
  id: bigint,
  values: Partial<
    Pick<
      KycSubmissionRow,
      'status' | 'claimedBy' | 'claimedAt' | 'decidedBy' | 'decidedAt' | 'reason'
    >
  >,
): Promise<void> {
  await executor.update(kycSubmissions).set(values).where(eq(kycSubmissions.id, id));
}
