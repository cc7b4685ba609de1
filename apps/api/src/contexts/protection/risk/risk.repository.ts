import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { RiskAlertStatus, RiskDetails, RiskRule } from '@lobby/contracts';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import { operators } from '../../identity/operator/index.ts';
import { riskAlertNotes, riskAlerts, riskDepositFailures } from './risk.schema.ts';

/** The risk module's SQL: alerts, their notes and the failed deposits the rule counts. */

export type AlertRow = typeof riskAlerts.$inferSelect;

/** An alert with the names the queue shows beside it. */
export type AlertView = AlertRow & {
  username: string;
  claimedByName: string | null;
  resolvedByName: string | null;
  notesCount: number;
};

/** Records a failed deposit attempt once (by its key); answers the member's count since `since`. */
export async function recordDepositFailure(
  executor: Executor,
  failure: { failureKey: string; brandCode: string; memberId: bigint },
  since: Date,
): Promise<number> {
  await executor.insert(riskDepositFailures).values(failure).onConflictDoNothing();
  const rows = await executor
    .select({ n: count() })
    .from(riskDepositFailures)
    .where(
      and(
        eq(riskDepositFailures.memberId, failure.memberId),
        gte(riskDepositFailures.createdAt, since),
      ),
    );
  return rows[0]?.n ?? 0;
}

/**
 * Opens an alert for the member and rule, or counts the hit on the open one (the latest
 * figures replace the earlier). Answers the alert and whether it is new.
 */
export async function upsertOpenAlert(
  executor: Executor,
  hit: {
    brandCode: string;
    memberId: bigint;
    rule: RiskRule;
    details: RiskDetails;
    withdrawalOrderNo?: string | null;
  },
): Promise<{ alert: AlertRow; created: boolean }> {
  const rows = await executor
    .insert(riskAlerts)
    .values({ ...hit, withdrawalOrderNo: hit.withdrawalOrderNo ?? null })
    .onConflictDoUpdate({
      target: [riskAlerts.memberId, riskAlerts.rule],
      targetWhere: sql`${riskAlerts.status} = 'open'`,
      set: {
        hits: sql`${riskAlerts.hits} + 1`,
        lastHitAt: sql`now()`,
        details: sql`excluded.details`,
        withdrawalOrderNo: sql`coalesce(excluded.withdrawal_order_no, ${riskAlerts.withdrawalOrderNo})`,
      },
    })
    .returning();
  const alert = rows[0];
  if (!alert) throw new Error('risk alert: upsert returned no row');
  return { alert, created: alert.hits === 1 };
}

/** Marks that the alert's withdrawal was put on hold. */
export async function markWithdrawalHeld(
  executor: Executor,
  alertId: bigint,
  orderNo: string,
): Promise<void> {
  await executor
    .update(riskAlerts)
    .set({ withdrawalHeld: true, withdrawalOrderNo: orderNo })
    .where(eq(riskAlerts.id, alertId));
}

const claimer = aliasedTable(operators, 'risk_claimer');
const resolver = aliasedTable(operators, 'risk_resolver');

function viewQuery(executor: Executor) {
  return executor
    .select({
      alert: riskAlerts,
      username: members.username,
      claimedByName: claimer.username,
      resolvedByName: resolver.username,
      notesCount: sql<number>`(select count(*)::int from ${riskAlertNotes}
        where ${riskAlertNotes.alertId} = ${riskAlerts.id})`,
    })
    .from(riskAlerts)
    .innerJoin(members, eq(members.id, riskAlerts.memberId))
    .leftJoin(claimer, eq(claimer.id, riskAlerts.claimedBy))
    .leftJoin(resolver, eq(resolver.id, riskAlerts.resolvedBy));
}

type Selected = {
  alert: AlertRow;
  username: string;
  claimedByName: string | null;
  resolvedByName: string | null;
  notesCount: number;
};

const toView = (row: Selected): AlertView => ({
  ...row.alert,
  username: row.username,
  claimedByName: row.claimedByName,
  resolvedByName: row.resolvedByName,
  notesCount: Number(row.notesCount),
});

export type AlertFilter = {
  /** null: every brand. */
  brands: readonly string[] | null;
  status: RiskAlertStatus;
  rule?: RiskRule | undefined;
  memberId?: bigint | undefined;
  username?: string | undefined;
  claim?: 'mine' | 'unclaimed' | 'claimed' | undefined;
  operatorId: bigint;
};

function conditions(filter: AlertFilter): (SQL | undefined)[] {
  return [
    filter.brands === null ? undefined : inArray(riskAlerts.brandCode, [...filter.brands]),
    eq(riskAlerts.status, filter.status),
    filter.rule ? eq(riskAlerts.rule, filter.rule) : undefined,
    filter.memberId ? eq(riskAlerts.memberId, filter.memberId) : undefined,
    filter.username ? sql`lower(${members.username}) = lower(${filter.username})` : undefined,
    filter.claim === 'mine' ? eq(riskAlerts.claimedBy, filter.operatorId) : undefined,
    filter.claim === 'unclaimed' ? isNull(riskAlerts.claimedBy) : undefined,
    filter.claim === 'claimed' ? isNotNull(riskAlerts.claimedBy) : undefined,
  ];
}

/** A page of alerts: open ones oldest first (a queue), resolved ones newest first. */
export async function listAlerts(
  executor: Executor,
  filter: AlertFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AlertView[]; total: number }> {
  if (filter.brands !== null && filter.brands.length === 0) return { rows: [], total: 0 };
  const where = and(...conditions(filter));
  const order =
    filter.status === 'open'
      ? [asc(riskAlerts.createdAt), asc(riskAlerts.id)]
      : [desc(riskAlerts.resolvedAt), desc(riskAlerts.id)];
  const rows = await viewQuery(executor)
    .where(where)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
  const totals = await executor
    .select({ n: count() })
    .from(riskAlerts)
    .innerJoin(members, eq(members.id, riskAlerts.memberId))
    .where(where);
  return { rows: rows.map(toView), total: totals[0]?.n ?? 0 };
}

export async function findAlert(executor: Executor, id: bigint): Promise<AlertView | undefined> {
  const rows = await viewQuery(executor).where(eq(riskAlerts.id, id));
  const row = rows[0];
  return row ? toView(row) : undefined;
}

/** The alert's row, locked for a change. */
export async function lockAlert(executor: Executor, id: bigint): Promise<AlertRow | undefined> {
  const rows = await executor.select().from(riskAlerts).where(eq(riskAlerts.id, id)).for('update');
  return rows[0];
}

export async function alertBrand(executor: Executor, id: bigint): Promise<string | null> {
  const rows = await executor
    .select({ brandCode: riskAlerts.brandCode })
    .from(riskAlerts)
    .where(eq(riskAlerts.id, id));
  return rows[0]?.brandCode ?? null;
}

export async function updateAlert(
  executor: Executor,
  id: bigint,
  change: Partial<
    Pick<AlertRow, 'claimedBy' | 'status' | 'resolvedBy' | 'resolution'> & {
      claimedNow: boolean;
      resolvedNow: boolean;
      frozenNow: boolean;
    }
  >,
): Promise<void> {
  const { claimedNow, resolvedNow, frozenNow, ...columns } = change;
  await executor
    .update(riskAlerts)
    .set({
      ...columns,
      ...(claimedNow ? { claimedAt: sql`now()` } : {}),
      ...(resolvedNow ? { resolvedAt: sql`now()` } : {}),
      ...(frozenNow ? { memberFrozenAt: sql`now()` } : {}),
    })
    .where(eq(riskAlerts.id, id));
}

export async function insertAlertNote(
  executor: Executor,
  note: { alertId: bigint; brandCode: string; operatorId: bigint; body: string },
): Promise<{ id: bigint; createdAt: Date }> {
  const rows = await executor
    .insert(riskAlertNotes)
    .values(note)
    .returning({ id: riskAlertNotes.id, createdAt: riskAlertNotes.createdAt });
  const row = rows[0];
  if (!row) throw new Error('risk alert note: insert returned no row');
  return row;
}

export async function listAlertNotes(executor: Executor, alertId: bigint) {
  return executor
    .select({
      id: riskAlertNotes.id,
      author: operators.username,
      body: riskAlertNotes.body,
      createdAt: riskAlertNotes.createdAt,
    })
    .from(riskAlertNotes)
    .innerJoin(operators, eq(operators.id, riskAlertNotes.operatorId))
    .where(eq(riskAlertNotes.alertId, alertId))
    .orderBy(asc(riskAlertNotes.createdAt), asc(riskAlertNotes.id));
}

/** The member's open alerts (the member 360). */
export async function openAlertsOf(executor: Executor, memberId: bigint): Promise<AlertView[]> {
  const rows = await viewQuery(executor)
    .where(and(eq(riskAlerts.memberId, memberId), eq(riskAlerts.status, 'open')))
    .orderBy(asc(riskAlerts.createdAt));
  return rows.map(toView);
}
