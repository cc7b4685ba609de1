import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LimitKind, LimitPeriod } from '@lobby/contracts';
import type { Executor } from '../../../db/client.ts';
import { memberLimits, memberPlaySettings, memberPlayTime } from './limits.schema.ts';
import type { StoredLimit } from './limits.rules.ts';

const columns = {
  kind: memberLimits.kind,
  period: memberLimits.period,
  amount: memberLimits.amount,
  pendingAmount: memberLimits.pendingAmount,
  pendingAt: memberLimits.pendingAt,
};

/** The member's limits, in a stable order. */
export async function findLimits(executor: Executor, memberId: bigint): Promise<StoredLimit[]> {
  return executor
    .select(columns)
    .from(memberLimits)
    .where(eq(memberLimits.memberId, memberId))
    .orderBy(memberLimits.kind, memberLimits.period);
}

/**
 * The member's limits of `kinds`, their rows locked to the end of the transaction: two money
 * movements of one member that a limit counts run one after the other, each counting the other.
 */
export async function lockLimits(
  executor: Executor,
  memberId: bigint,
  kinds: readonly LimitKind[],
): Promise<StoredLimit[]> {
  return executor
    .select(columns)
    .from(memberLimits)
    .where(and(eq(memberLimits.memberId, memberId), inArray(memberLimits.kind, [...kinds])))
    .for('update');
}

/** Sets the limit in force (a first or a lower one), clearing any pending change. */
export async function putLimit(
  executor: Executor,
  memberId: bigint,
  key: { kind: LimitKind; period: LimitPeriod },
  amount: bigint,
): Promise<void> {
  await executor
    .insert(memberLimits)
    .values({ memberId, ...key, amount })
    .onConflictDoUpdate({
      target: [memberLimits.memberId, memberLimits.kind, memberLimits.period],
      set: { amount, pendingAmount: null, pendingAt: null, updatedAt: sql`now()` },
    });
}

/** Records a raise (amount) or a removal (null) waiting since `at`. */
export async function putPending(
  executor: Executor,
  memberId: bigint,
  key: { kind: LimitKind; period: LimitPeriod },
  pendingAmount: bigint | null,
  at: Date,
): Promise<void> {
  await executor
    .update(memberLimits)
    .set({ pendingAmount, pendingAt: at, updatedAt: sql`now()` })
    .where(limitKey(memberId, key));
}

export async function clearPending(
  executor: Executor,
  memberId: bigint,
  key: { kind: LimitKind; period: LimitPeriod },
): Promise<void> {
  await executor
    .update(memberLimits)
    .set({ pendingAmount: null, pendingAt: null, updatedAt: sql`now()` })
    .where(limitKey(memberId, key));
}

export async function deleteLimit(
  executor: Executor,
  memberId: bigint,
  key: { kind: LimitKind; period: LimitPeriod },
): Promise<void> {
  await executor.delete(memberLimits).where(limitKey(memberId, key));
}

function limitKey(memberId: bigint, key: { kind: LimitKind; period: LimitPeriod }): SQL {
  return and(
    eq(memberLimits.memberId, memberId),
    eq(memberLimits.kind, key.kind),
    eq(memberLimits.period, key.period),
  ) as SQL;
}

/**
 * A text expression for a statement that stakes money (a seamless debit's guard): 'limits' when
 * the member has a loss or wager limit (the stake then goes the counted way), else null.
 */
export function stakeLimitsSql(memberId: SQL): SQL {
  return sql`(select 'limits' from ${memberLimits}
    where ${memberLimits.memberId} = ${memberId} and ${memberLimits.kind} in ('loss', 'wager')
    limit 1)`;
}

/** Seconds the member played on a day of the brand's calendar. */
export async function playSeconds(
  executor: Executor,
  memberId: bigint,
  day: string,
): Promise<number> {
  const rows = await executor
    .select({ seconds: memberPlayTime.seconds })
    .from(memberPlayTime)
    .where(and(eq(memberPlayTime.memberId, memberId), eq(memberPlayTime.day, day)));
  return rows[0]?.seconds ?? 0;
}

/**
 * Adds the time since the member was last seen in a game (at most `capSeconds`, so a gap in the
 * heartbeats is not counted as play) to the day's play time; answers the day's total.
 */
export async function addPlayTime(
  executor: Executor,
  memberId: bigint,
  day: string,
  at: Date,
  capSeconds: number,
): Promise<number> {
  const rows = await executor
    .insert(memberPlayTime)
    .values({ memberId, day, seconds: 0, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [memberPlayTime.memberId, memberPlayTime.day],
      set: {
        seconds: sql`${memberPlayTime.seconds} + least(${capSeconds}, greatest(0,
          extract(epoch from (${at.toISOString()}::timestamptz - ${memberPlayTime.lastSeenAt}))::int))`,
        lastSeenAt: sql`greatest(${memberPlayTime.lastSeenAt}, ${at.toISOString()}::timestamptz)`,
      },
    })
    .returning({ seconds: memberPlayTime.seconds });
  return rows[0]?.seconds ?? 0;
}

export async function findPlaySettings(
  executor: Executor,
  memberId: bigint,
): Promise<{ realityCheckMinutes: number | null } | undefined> {
  const rows = await executor
    .select({ realityCheckMinutes: memberPlaySettings.realityCheckMinutes })
    .from(memberPlaySettings)
    .where(eq(memberPlaySettings.memberId, memberId));
  return rows[0];
}

export async function putPlaySettings(
  executor: Executor,
  memberId: bigint,
  realityCheckMinutes: number | null,
): Promise<void> {
  await executor
    .insert(memberPlaySettings)
    .values({ memberId, realityCheckMinutes })
    .onConflictDoUpdate({
      target: memberPlaySettings.memberId,
      set: { realityCheckMinutes, updatedAt: sql`now()` },
    });
}
