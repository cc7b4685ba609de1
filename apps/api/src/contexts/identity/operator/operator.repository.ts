import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { inBrands } from '../../../db/brand-of.ts';
import type { Database, Executor } from '../../../db/client.ts';
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

/**
 * Holds off every other writer of operator accounts (and a second re-keying) until the
 * transaction ends; readers go on.
 */
export async function lockOperators(executor: Executor): Promise<void> {
  await executor.execute(sql`lock table ${operators} in share row exclusive mode`);
}

/** Every operator with a sealed TOTP secret, enrolled or being enrolled, in id order. */
export async function findSealedTotpSecrets(
  executor: Executor,
): Promise<
  { id: bigint; username: string; totpSecret: string | null; totpPendingSecret: string | null }[]
> {
  return executor
    .select({
      id: operators.id,
      username: operators.username,
      totpSecret: operators.totpSecret,
      totpPendingSecret: operators.totpPendingSecret,
    })
    .from(operators)
    .where(sql`${operators.totpSecret} is not null or ${operators.totpPendingSecret} is not null`)
    .orderBy(operators.id);
}

/** Replaces an operator's sealed secrets (the same secrets sealed under another key). */
export async function setSealedTotpSecrets(
  executor: Executor,
  operatorId: bigint,
  sealed: { totpSecret: string | null; totpPendingSecret: string | null },
): Promise<void> {
  await executor.update(operators).set(sealed).where(eq(operators.id, operatorId));
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
function operatorSessionQuery(db: Database) {
  return db
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
        eq(operatorSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(operatorSessions.revokedAt),
        eq(operators.disabled, false),
      ),
    )
    .prepare('operator_session');
}

/** The session query of each database, prepared once: every operator request reads it. */
const operatorSessionQueries = new WeakMap<Database, ReturnType<typeof operatorSessionQuery>>();

/** A live session by token hash, with its operator, role and clocks (by the token's index). */
export async function findOperatorSession(db: Database, tokenHash: string) {
  let query = operatorSessionQueries.get(db);
  if (!query) {
    query = operatorSessionQuery(db);
    operatorSessionQueries.set(db, query);
  }
  const row = (await query.execute({ tokenHash }))[0];
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

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The action-log row (insertOperatorAction) as INSERT ... SELECT ... FROM `from`, for a
 * statement that makes the change itself (a ledger movement's insert part): the row's fields
 * are placeholders (`oa_*`, filled by operatorActionValues) and `details` a jsonb expression
 * over `from`, merged over the action's own details. Built once by its caller.
 */
export function operatorActionInsertSql(from: SQL, details: SQL): SQL {
  return sql`insert into operator_actions
      (operator_id, action, brand_code, target_type, target_id, reason, details, ip)
    select ${placeholder('oa_operator')}::bigint, ${placeholder('oa_action')}::text,
           ${placeholder('oa_brand')}::text, ${placeholder('oa_target_type')}::text,
           ${placeholder('oa_target_id')}::text, ${placeholder('oa_reason')}::text,
           ${placeholder('oa_details')}::jsonb || ${details}, ${placeholder('oa_ip')}::text
    from ${from}`;
}

/** The placeholder values of operatorActionInsertSql for one row. */
export function operatorActionValues(
  action: typeof operatorActions.$inferInsert,
): Record<string, unknown> {
  return {
    oa_operator: String(action.operatorId),
    oa_action: action.action,
    oa_brand: action.brandCode ?? null,
    oa_target_type: action.targetType ?? null,
    oa_target_id: action.targetId ?? null,
    oa_reason: action.reason ?? null,
    oa_details: JSON.stringify(action.details ?? {}),
    oa_ip: action.ip ?? null,
  };
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

/** Operators not disabled, with their brands and a custom role's permissions, by username. */
export async function listActiveOperatorsWithRoles(executor: Executor): Promise<
  {
    id: bigint;
    username: string;
    role: string;
    allBrands: boolean;
    brands: string[];
    customPermissions: string[] | null;
  }[]
> {
  return executor
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      allBrands: operators.allBrands,
      brands: operators.brands,
      customPermissions: operatorRoles.permissions,
    })
    .from(operators)
    .leftJoin(operatorRoles, eq(operatorRoles.key, operators.role))
    .where(eq(operators.disabled, false))
    .orderBy(operators.username);
}
