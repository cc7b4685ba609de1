import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { brandCodeOf, inBrands } from '../../../db/brand-of.ts';
import { operators } from '../../identity/operator/index.ts';
import { approvalRequests } from './approvals.schema.ts';

export type ApprovalRow = typeof approvalRequests.$inferSelect & {
  requestedByName: string;
  decidedByName: string | null;
};

const decider = sql<string | null>`(select o.username from operators o
  where o.id = "approval_requests"."decided_by")`;

function select(executor: Executor) {
  return executor
    .select({
      request: approvalRequests,
      requestedByName: operators.username,
      decidedByName: decider,
    })
    .from(approvalRequests)
    .innerJoin(operators, eq(operators.id, approvalRequests.requestedBy));
}

type Selected = {
  request: typeof approvalRequests.$inferSelect;
  requestedByName: string;
  decidedByName: unknown;
};

function toRow(row: Selected): ApprovalRow {
  return {
    ...row.request,
    requestedByName: row.requestedByName,
    decidedByName: (row.decidedByName as string | null) ?? null,
  };
}

export async function insertApprovalRequest(
  executor: Executor,
  request: typeof approvalRequests.$inferInsert,
): Promise<bigint> {
  const rows = await executor
    .insert(approvalRequests)
    .values(request)
    .returning({ id: approvalRequests.id });
  const row = rows[0];
  if (!row) throw new Error('insert into approval_requests returned no row');
  return row.id;
}

export async function findApprovalRequest(
  executor: Executor,
  id: bigint,
  options: { lock?: boolean } = {},
): Promise<ApprovalRow | undefined> {
  if (options.lock) {
    await executor
      .select({ id: approvalRequests.id })
      .from(approvalRequests)
      .where(eq(approvalRequests.id, id))
      .for('update');
  }
  const rows = await select(executor).where(eq(approvalRequests.id, id));
  return rows[0] ? toRow(rows[0]) : undefined;
}

/**
 * A request not yet decided for the same action (kind, target and, for adjustments, the
 * requester's idempotency key), so a repeat does not ask twice.
 */
export async function findPendingRequest(
  executor: Executor,
  brandCode: string,
  kind: ApprovalRow['kind'],
  target: string,
  idempotencyKey?: string,
): Promise<ApprovalRow | undefined> {
  const rows = await select(executor).where(
    and(
      eq(approvalRequests.brandCode, brandCode),
      eq(approvalRequests.kind, kind),
      eq(approvalRequests.target, target),
      inArray(approvalRequests.status, ['pending', 'approving']),
      idempotencyKey === undefined
        ? undefined
        : sql`${approvalRequests.payload}->>'idempotencyKey' = ${idempotencyKey}`,
    ),
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** The requests not yet decided of a kind for any of these targets. */
export async function findPendingRequests(
  executor: Executor,
  kind: ApprovalRow['kind'],
  targets: readonly string[],
): Promise<ApprovalRow[]> {
  if (targets.length === 0) return [];
  const rows = await select(executor)
    .where(
      and(
        eq(approvalRequests.kind, kind),
        inArray(approvalRequests.target, [...targets]),
        inArray(approvalRequests.status, ['pending', 'approving']),
      ),
    )
    .orderBy(asc(approvalRequests.id));
  return rows.map(toRow);
}

export async function decideApprovalRequest(
  executor: Executor,
  id: bigint,
  decision: {
    status: 'approved' | 'rejected';
    decidedBy: bigint;
    note: string | null;
    result: Record<string, unknown> | null;
  },
): Promise<void> {
  await executor
    .update(approvalRequests)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: sql`now()`,
      decisionNote: decision.note,
      result: decision.result,
    })
    .where(
      and(eq(approvalRequests.id, id), inArray(approvalRequests.status, ['pending', 'approving'])),
    );
}

/**
 * Claims a request for an approver (`approving`, so no rejection can come between the action and
 * its record); with null, hands it back to `pending` after the action failed. True when changed.
 */
export async function markApproving(
  executor: Executor,
  id: bigint,
  approver: bigint | null,
): Promise<boolean> {
  const rows = await executor
    .update(approvalRequests)
    .set(
      approver === null
        ? { status: 'pending', decidedBy: null }
        : { status: 'approving', decidedBy: approver },
    )
    .where(
      and(
        eq(approvalRequests.id, id),
        approver === null
          ? eq(approvalRequests.status, 'approving')
          : inArray(approvalRequests.status, ['pending', 'approving']),
      ),
    )
    .returning({ id: approvalRequests.id });
  return rows.length > 0;
}

export function brandOfApprovalRequest(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(
    executor,
    approvalRequests,
    approvalRequests.brandCode,
    approvalRequests.id,
    id,
  );
}

/** A page of requests: pending ones oldest first (a queue), decided ones newest first. */
export async function listApprovalRequests(
  executor: Executor,
  filter: {
    status: ApprovalRow['status'];
    brands: readonly string[] | null;
    kind?: ApprovalRow['kind'] | undefined;
  },
  page: { offset: number; limit: number },
): Promise<{ rows: ApprovalRow[]; total: number }> {
  const where = and(
    eq(approvalRequests.status, filter.status),
    inBrands(approvalRequests.brandCode, filter.brands),
    filter.kind ? eq(approvalRequests.kind, filter.kind) : undefined,
  );
  const order =
    filter.status === 'pending'
      ? [asc(approvalRequests.requestedAt), asc(approvalRequests.id)]
      : [desc(approvalRequests.decidedAt), desc(approvalRequests.id)];
  const rows = await select(executor)
    .where(where)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await executor.select({ total: count() }).from(approvalRequests).where(where);
  return { rows: rows.map(toRow), total: Number(total?.total ?? 0) };
}

/** The next `limit` requests of the filter after request `afterId`, by id (an export's batch). */
export async function approvalRequestBatch(
  executor: Executor,
  filter: {
    status: ApprovalRow['status'];
    brands: readonly string[] | null;
    kind?: ApprovalRow['kind'] | undefined;
  },
  keyset: { order: 'asc' | 'desc'; afterId: bigint | undefined; limit: number },
): Promise<ApprovalRow[]> {
  const after = keyset.afterId;
  const rows = await select(executor)
    .where(
      and(
        eq(approvalRequests.status, filter.status),
        inBrands(approvalRequests.brandCode, filter.brands),
        filter.kind ? eq(approvalRequests.kind, filter.kind) : undefined,
        after === undefined
          ? undefined
          : keyset.order === 'asc'
            ? gt(approvalRequests.id, after)
            : lt(approvalRequests.id, after),
      ),
    )
    .orderBy(keyset.order === 'asc' ? asc(approvalRequests.id) : desc(approvalRequests.id))
    .limit(keyset.limit);
  return rows.map(toRow);
}
