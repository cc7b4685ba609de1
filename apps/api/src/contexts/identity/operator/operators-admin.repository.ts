import { and, asc, count, eq, gt, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  operatorRecoveryCodes,
  operatorRoles,
  operators,
  operatorSessions,
} from './operator.schema.ts';

export type OperatorAccountRow = typeof operators.$inferSelect & {
  sessions: number;
  lastLoginAt: Date | null;
};

// Written out in full: inside a subquery drizzle would name the columns without their tables.
const liveSessions = sql<number>`(select count(*)::int from operator_sessions s
  where s.operator_id = "operators"."id" and s.revoked_at is null)`;
const lastLogin = sql<Date | null>`(select max(s.created_at) from operator_sessions s
  where s.operator_id = "operators"."id")`;

function toAccount(row: {
  operator: typeof operators.$inferSelect;
  sessions: unknown;
  lastLoginAt: unknown;
}): OperatorAccountRow {
  const last = row.lastLoginAt;
  return {
    ...row.operator,
    sessions: Number(row.sessions),
    lastLoginAt: last === null || last === undefined ? null : new Date(last as string | Date),
  };
}

type AccountFilter = {
  q?: string | undefined;
  role?: string | undefined;
  disabled?: boolean | undefined;
};

function accountConditions(filter: AccountFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(ilike(operators.username, pattern));
  }
  if (filter.role) conditions.push(eq(operators.role, filter.role));
  if (filter.disabled !== undefined) conditions.push(eq(operators.disabled, filter.disabled));
  return conditions;
}

/** A page of operators by name, role and status, by name, with the total the filter selects. */
export async function listOperatorAccounts(
  executor: Executor,
  filter: AccountFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OperatorAccountRow[]; total: number }> {
  const conditions = accountConditions(filter);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await executor
    .select({ operator: operators, sessions: liveSessions, lastLoginAt: lastLogin })
    .from(operators)
    .where(where)
    .orderBy(asc(operators.username))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await executor.select({ total: count() }).from(operators).where(where);
  return { rows: rows.map(toAccount), total: Number(total?.total ?? 0) };
}

/** The next `limit` operators of the filter after `afterUsername`, by name (an export's batch). */
export async function operatorAccountBatch(
  executor: Executor,
  filter: AccountFilter,
  afterUsername: string | undefined,
  limit: number,
): Promise<OperatorAccountRow[]> {
  const conditions = accountConditions(filter);
  if (afterUsername !== undefined) conditions.push(gt(operators.username, afterUsername));
  const rows = await executor
    .select({ operator: operators, sessions: liveSessions, lastLoginAt: lastLogin })
    .from(operators)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(operators.username))
    .limit(limit);
  return rows.map(toAccount);
}

export async function findOperatorAccount(
  executor: Executor,
  id: bigint,
): Promise<OperatorAccountRow | undefined> {
  const rows = await executor
    .select({ operator: operators, sessions: liveSessions, lastLoginAt: lastLogin })
    .from(operators)
    .where(eq(operators.id, id));
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** Locks the operator's row for a change, so two super admins' edits do not interleave. */
export async function lockOperator(executor: Executor, id: bigint): Promise<boolean> {
  const rows = await executor
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.id, id))
    .for('update');
  return rows.length > 0;
}

export async function insertOperator(
  executor: Executor,
  operator: typeof operators.$inferInsert,
): Promise<bigint> {
  const rows = await executor.insert(operators).values(operator).returning({ id: operators.id });
  const row = rows[0];
  if (!row) throw new Error('insert into operators returned no row');
  return row.id;
}

export async function updateOperatorAccount(
  executor: Executor,
  id: bigint,
  change: Partial<
    Pick<
      typeof operators.$inferInsert,
      | 'role'
      | 'allBrands'
      | 'brands'
      | 'ipAllowList'
      | 'disabled'
      | 'totpSecret'
      | 'totpPendingSecret'
      | 'totpEnabledAt'
      | 'totpLastStep'
    >
  >,
): Promise<void> {
  await executor.update(operators).set(change).where(eq(operators.id, id));
}

/** Ends every live session of the operator; answers how many. */
export async function revokeOperatorSessions(executor: Executor, id: bigint): Promise<number> {
  const rows = await executor
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return rows.length;
}

export async function deleteRecoveryCodes(executor: Executor, id: bigint): Promise<void> {
  await executor.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
}

/** The custom roles, with how many operators hold each role (built-in ones included). */
export async function listCustomRoles(
  executor: Executor,
): Promise<{ key: string; permissions: string[] }[]> {
  return executor
    .select({ key: operatorRoles.key, permissions: operatorRoles.permissions })
    .from(operatorRoles)
    .orderBy(asc(operatorRoles.key));
}

export async function countOperatorsByRole(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor
    .select({ role: operators.role, total: count() })
    .from(operators)
    .groupBy(operators.role);
  return new Map(rows.map((row) => [row.role, Number(row.total)]));
}

export async function saveCustomRole(
  executor: Executor,
  key: string,
  permissions: string[],
): Promise<void> {
  await executor
    .insert(operatorRoles)
    .values({ key, permissions })
    .onConflictDoUpdate({ target: operatorRoles.key, set: { permissions } });
}
