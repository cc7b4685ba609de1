import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { loginThrottles } from './auth.schema.ts';

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
