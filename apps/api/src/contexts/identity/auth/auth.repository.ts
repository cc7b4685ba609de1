import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { loginThrottles, memberLogins } from './auth.schema.ts';

/** Seconds left on a lock of this username in this brand, or 0 when not locked. */
export async function lockedSecondsLeft(
  executor: Executor,
  brandCode: string,
  usernameKey: string,
): Promise<number> {
  const rows = await executor
    .select({
      seconds: sql<number>`greatest(0, extract(epoch from ${loginThrottles.lockedUntil} - now()))::float8`,
    })
    .from(loginThrottles)
    .where(
      and(eq(loginThrottles.brandCode, brandCode), eq(loginThrottles.usernameKey, usernameKey)),
    );
  return Math.ceil(Number(rows[0]?.seconds ?? 0));
}

/**
 * Counts a failed login in its window, atomically: a failure after the window has passed starts
 * a new window; reaching `attempts` locks for the window's length. Returns the lock's seconds
 * left (0 when not locked).
 */
export async function recordLoginFailure(
  executor: Executor,
  brandCode: string,
  usernameKey: string,
  attempts: number,
  windowMinutes: number,
): Promise<number> {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const expired = sql`${loginThrottles.windowStartedAt} < now() - ${window}`;
  const nextFailures = sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`;
  const rows = await executor
    .insert(loginThrottles)
    .values({
      brandCode,
      usernameKey,
      failures: 1,
      lockedUntil: attempts <= 1 ? sql`now() + ${window}` : null,
    })
    .onConflictDoUpdate({
      target: [loginThrottles.brandCode, loginThrottles.usernameKey],
      set: {
        failures: nextFailures,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottles.windowStartedAt} end`,
        lockedUntil: sql`case when ${nextFailures} >= ${attempts} then now() + ${window} else null end`,
      },
    })
    .returning({
      seconds: sql<number>`greatest(0, extract(epoch from ${loginThrottles.lockedUntil} - now()))::float8`,
    });
  return Math.ceil(Number(rows[0]?.seconds ?? 0));
}

export async function clearLoginFailures(
  executor: Executor,
  brandCode: string,
  usernameKey: string,
): Promise<void> {
  await executor
    .delete(loginThrottles)
    .where(
      and(eq(loginThrottles.brandCode, brandCode), eq(loginThrottles.usernameKey, usernameKey)),
    );
}

export type NewMemberLoginRow = typeof memberLogins.$inferInsert;
export type MemberLoginRow = typeof memberLogins.$inferSelect;

export async function insertMemberLogin(executor: Executor, row: NewMemberLoginRow): Promise<void> {
  await executor.insert(memberLogins).values(row);
}

/** A member's login attempts, newest first, and how many there are. */
export async function listMemberLogins(
  executor: Executor,
  memberId: bigint,
  page: { offset: number; limit: number },
): Promise<{ rows: MemberLoginRow[]; total: number }> {
  const rows = await executor
    .select()
    .from(memberLogins)
    .where(eq(memberLogins.memberId, memberId))
    .orderBy(desc(memberLogins.id))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await executor
    .select({ total: count() })
    .from(memberLogins)
    .where(eq(memberLogins.memberId, memberId));
  return { rows, total: Number(counted?.total ?? 0) };
}

/** A CSV export's keyset batch of a member's login attempts: newest first by id, before one. */
export async function memberLoginBatch(
  executor: Executor,
  memberId: bigint,
  beforeId: bigint | undefined,
  limit: number,
): Promise<MemberLoginRow[]> {
  return executor
    .select()
    .from(memberLogins)
    .where(
      and(
        eq(memberLogins.memberId, memberId),
        beforeId === undefined ? undefined : lt(memberLogins.id, beforeId),
      ),
    )
    .orderBy(desc(memberLogins.id))
    .limit(limit);
}
