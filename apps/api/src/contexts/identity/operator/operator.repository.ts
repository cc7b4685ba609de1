import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { inBrands } from '../../../db/brand-of.ts';
import type { Executor } from '../../../db/client.ts';
import { operatorActions, operatorRoles, operators, operatorSessions } from './operator.schema.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorActionRow = typeof operatorActions.$inferSelect;

export async function findOperatorByUsername(
  executor: Executor,
  username: string,
): Promise<OperatorRow | undefined> {
  const rows = await executor.select().from(operators).where(eq(operators.username, username));
  return rows[0];
}

export async function insertOperatorIfAbsent(
  executor: Executor,
  operator: {
    username: string;
    passwordHash: string;
    role: string;
    allBrands: boolean;
    brands?: string[];
  },
): Promise<boolean> {
  const rows = await executor
    .insert(operators)
    .values(operator)
    .onConflictDoNothing()
    .returning({ id: operators.id });
  return rows.length > 0;
}

export async function insertOperatorSession(
  executor: Executor,
  session: { operatorId: bigint; tokenHash: string; ip: string },
): Promise<void> {
  await executor.insert(operatorSessions).values(session);
}

/** The permissions of a custom role (operator_roles), or undefined when there is none. */
export async function findRolePermissions(
  executor: Executor,
  key: string,
): Promise<string[] | undefined> {
  const rows = await executor
    .select({ permissions: operatorRoles.permissions })
    .from(operatorRoles)
    .where(eq(operatorRoles.key, key));
  return rows[0]?.permissions;
}

/**
 * The live session of a token hash and its operator, with seconds since last activity and the
 * permissions of the operator's role when it is a custom one.
 */
export async function findOperatorSession(executor: Executor, tokenHash: string) {
  const rows = await executor
    .select({
      sessionId: operatorSessions.id,
      operator: operators,
      customPermissions: operatorRoles.permissions,
      idleSeconds: sql<number>`extract(epoch from now() - ${operatorSessions.lastSeenAt})::float8`,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .leftJoin(operatorRoles, eq(operatorRoles.key, operators.role))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        isNull(operatorSessions.revokedAt),
        eq(operators.disabled, false),
      ),
    );
  const row = rows[0];
  return row ? { ...row, idleSeconds: Number(row.idleSeconds) } : undefined;
}

export async function touchOperatorSession(executor: Executor, id: bigint): Promise<void> {
  await executor
    .update(operatorSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(operatorSessions.id, id));
}

export async function revokeOperatorSession(executor: Executor, id: bigint): Promise<void> {
  await executor
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(operatorSessions.id, id));
}

export async function insertOperatorAction(
  executor: Executor,
  action: typeof operatorActions.$inferInsert,
): Promise<void> {
  await executor.insert(operatorActions).values(action);
}

export async function listOperatorActions(
  executor: Executor,
  filter: {
    targetType?: string | undefined;
    targetId?: string | undefined;
    /** Only actions in these brands (null: every action, those of no brand included). */
    brands: readonly string[] | null;
    limit: number;
  },
): Promise<(OperatorActionRow & { operatorUsername: string })[]> {
  const conditions = [];
  const inScope = inBrands(operatorActions.brandCode, filter.brands);
  if (inScope) conditions.push(inScope);
  if (filter.targetType) conditions.push(eq(operatorActions.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(operatorActions.targetId, filter.targetId));
  const rows = await executor
    .select({ action: operatorActions, operatorUsername: operators.username })
    .from(operatorActions)
    .innerJoin(operators, eq(operators.id, operatorActions.operatorId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(operatorActions.id))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row.action, operatorUsername: row.operatorUsername }));
}
