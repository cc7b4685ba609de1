import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { inBrands } from '../../../db/brand-of.ts';
import type { Executor } from '../../../db/client.ts';
import {
  operatorActions,
  operatorRecoveryCodes,
  operatorRoles,
  operators,
  operatorSessions,
} from './operator.schema.ts';

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
  session: { operatorId: bigint; tokenHash: string; ip: string; totpPending: boolean },
): Promise<void> {
  await executor.insert(operatorSessions).values(session);
}

/** Sets a secret being enrolled (sealed), replacing one an earlier setup left. */
export async function setPendingTotpSecret(
  executor: Executor,
  operatorId: bigint,
  sealed: string,
): Promise<void> {
  await executor
    .update(operators)
    .set({ totpPendingSecret: sealed })
    .where(eq(operators.id, operatorId));
}

/**
 * Turns TOTP on with the pending secret, the step of the code that confirmed it, and fresh
 * recovery codes (earlier ones are deleted); the operator's enrolment-only sessions become full.
 */
export async function enableTotp(
  executor: Executor,
  operatorId: bigint,
  change: { sealed: string; step: number; recoveryCodeHashes: string[] },
): Promise<void> {
  await executor
    .update(operators)
    .set({
      totpSecret: change.sealed,
      totpPendingSecret: null,
      totpEnabledAt: sql`now()`,
      totpLastStep: change.step,
    })
    .where(eq(operators.id, operatorId));
  await executor
    .delete(operatorRecoveryCodes)
    .where(eq(operatorRecoveryCodes.operatorId, operatorId));
  await executor
    .insert(operatorRecoveryCodes)
    .values(change.recoveryCodeHashes.map((codeHash) => ({ operatorId, codeHash })));
  await executor
    .update(operatorSessions)
    .set({ totpPending: false })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}

/**
 * Records an accepted TOTP step, only if it is later than the last one: false when another
 * login took this step first (two logins racing with one code).
 */
export async function acceptTotpStep(
  executor: Executor,
  operatorId: bigint,
  step: number,
): Promise<boolean> {
  const rows = await executor
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(eq(operators.id, operatorId), sql`coalesce(${operators.totpLastStep}, -1) < ${step}`),
    )
    .returning({ id: operators.id });
  return rows.length > 0;
}

/** Uses up an unused recovery code of the operator; false when there is none such. */
export async function useRecoveryCode(
  executor: Executor,
  operatorId: bigint,
  codeHash: string,
): Promise<boolean> {
  const rows = await executor
    .update(operatorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(operatorRecoveryCodes.operatorId, operatorId),
        eq(operatorRecoveryCodes.codeHash, codeHash),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return rows.length > 0;
}

/** The operator of a session, for enrolment. */
export async function findOperatorById(
  executor: Executor,
  id: bigint,
): Promise<OperatorRow | undefined> {
  const rows = await executor.select().from(operators).where(eq(operators.id, id));
  return rows[0];
}

/** The usernames of these operator ids (those that exist). */
export async function operatorUsernames(
  executor: Executor,
  ids: readonly bigint[],
): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(inArray(operators.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.username]));
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
      totpPending: operatorSessions.totpPending,
      idleSeconds: sql<number>`extract(epoch from now() - ${operatorSessions.lastSeenAt})::float8`,
      ageSeconds: sql<number>`extract(epoch from now() - ${operatorSessions.createdAt})::float8`,
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
  return row
    ? { ...row, idleSeconds: Number(row.idleSeconds), ageSeconds: Number(row.ageSeconds) }
    : undefined;
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
    operator?: string | undefined;
    action?: string | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
    beforeId?: bigint | undefined;
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
  if (filter.operator)
    conditions.push(sql`lower(${operators.username}) = ${filter.operator.toLowerCase()}`);
  if (filter.action) conditions.push(eq(operatorActions.action, filter.action));
  if (filter.from) conditions.push(gte(operatorActions.createdAt, filter.from));
  if (filter.to) conditions.push(lt(operatorActions.createdAt, filter.to));
  if (filter.beforeId !== undefined) conditions.push(lt(operatorActions.id, filter.beforeId));
  const rows = await executor
    .select({ action: operatorActions, operatorUsername: operators.username })
    .from(operatorActions)
    .innerJoin(operators, eq(operators.id, operatorActions.operatorId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(operatorActions.id))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row.action, operatorUsername: row.operatorUsername }));
}
