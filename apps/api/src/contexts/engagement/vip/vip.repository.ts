import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { memberVips, vipLevels, vipRewards } from './vip.schema.ts';
import { members } from '../../identity/member/index.ts';

export type VipLevelRow = typeof vipLevels.$inferSelect;
export type NewVipLevelRow = typeof vipLevels.$inferInsert;
export type VipRewardRow = typeof vipRewards.$inferSelect;
export type NewVipRewardRow = typeof vipRewards.$inferInsert;
export type VipLevelChange = Partial<
  Pick<
    VipLevelRow,
    | 'depositThresholdMinor'
    | 'turnoverThresholdMinor'
    | 'upgradeBonusMinor'
    | 'monthlyBonusMinor'
    | 'rebateRatesBp'
    | 'withdrawDailyCount'
    | 'withdrawDailyMaxMinor'
    | 'bonusTurnoverMultiplierPercent'
  >
>;

/** Any advisory-lock key distinct from the others of the app (help seeding, migrations, ...). */
const VIP_SEED_LOCK_KEY = 7_311_040_016n;

/** A member's VIP level; a member without a row is at level 0. Other modules read it here. */
export async function vipLevelOf(executor: Executor, memberId: bigint): Promise<number> {
  const [row] = await executor
    .select({ level: memberVips.level })
    .from(memberVips)
    .where(eq(memberVips.memberId, memberId));
  return row?.level ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Levels.

/** The brand's levels, ascending. */
export async function listLevels(executor: Executor, brandCode: string): Promise<VipLevelRow[]> {
  return executor
    .select()
    .from(vipLevels)
    .where(eq(vipLevels.brandCode, brandCode))
    .orderBy(asc(vipLevels.level));
}

/** Like listLevels, with the rows locked until the transaction ends (operator changes). */
export async function lockLevels(executor: Executor, brandCode: string): Promise<VipLevelRow[]> {
  return executor
    .select()
    .from(vipLevels)
    .where(eq(vipLevels.brandCode, brandCode))
    .orderBy(asc(vipLevels.level))
    .for('update');
}

/** One seeding at a time across nodes; released when the transaction ends. */
export async function lockVipSeeding(executor: Executor): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(${VIP_SEED_LOCK_KEY.toString()}::bigint)`,
  );
}

/** Inserts the levels the brand lacks; levels it has keep their (operator's) values. */
export async function insertLevelsIfAbsent(
  executor: Executor,
  rows: NewVipLevelRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await executor
    .insert(vipLevels)
    .values(rows)
    .onConflictDoNothing({ target: [vipLevels.brandCode, vipLevels.level] })
    .returning({ level: vipLevels.level });
  return inserted.length;
}

export async function updateLevel(
  executor: Executor,
  brandCode: string,
  level: number,
  change: VipLevelChange,
  updatedBy: string,
): Promise<VipLevelRow | undefined> {
  const rows = await executor
    .update(vipLevels)
    .set({ ...change, updatedBy, updatedAt: sql`now()` })
    .where(and(eq(vipLevels.brandCode, brandCode), eq(vipLevels.level, level)))
    .returning();
  return rows[0];
}

// ---------------------------------------------------------------------------------------------
// Members' levels.

/**
 * Raises a member's level to `level`, never lowers it (levels only go up): of two concurrent
 * upgrades the higher level stays.
 */
export async function raiseMemberLevel(
  executor: Executor,
  input: { brandCode: string; memberId: bigint; level: number },
): Promise<void> {
  await executor
    .insert(memberVips)
    .values({ memberId: input.memberId, brandCode: input.brandCode, level: input.level })
    .onConflictDoUpdate({
      target: memberVips.memberId,
      set: { level: input.level, reachedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: sql`${memberVips.level} < ${input.level}`,
    });
}

/** The brand's members at level 1 or above and without a monthly bonus in `period`. */
export async function membersOwedMonthly(
  executor: Executor,
  brandCode: string,
  period: string,
): Promise<{ memberId: bigint; level: number }[]> {
  return executor
    .select({ memberId: memberVips.memberId, level: memberVips.level })
    .from(memberVips)
    .leftJoin(
      vipRewards,
      and(
        eq(vipRewards.memberId, memberVips.memberId),
        eq(vipRewards.kind, 'monthly'),
        eq(vipRewards.period, period),
      ),
    )
    .where(
      and(eq(memberVips.brandCode, brandCode), gte(memberVips.level, 1), isNull(vipRewards.id)),
    )
    .orderBy(asc(memberVips.memberId));
}

/** Every member of the brand: the operator's "re-evaluate everyone" run. */
export async function brandMemberIds(executor: Executor, brandCode: string): Promise<bigint[]> {
  const rows = await executor
    .select({ id: members.id })
    .from(members)
    .where(eq(members.brandCode, brandCode))
    .orderBy(asc(members.id));
  return rows.map((row) => row.id);
}

/** Members' levels by id (absent: level 0). */
export async function levelsOfMembers(
  executor: Executor,
  memberIds: bigint[],
): Promise<Map<bigint, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await executor
    .select({ memberId: memberVips.memberId, level: memberVips.level })
    .from(memberVips)
    .where(inArray(memberVips.memberId, memberIds));
  return new Map(rows.map((row) => [row.memberId, row.level]));
}

// ---------------------------------------------------------------------------------------------
// Rewards.

/** Records a reward; the unique key (member, kind, level, period) refuses a second one. */
export async function insertReward(
  executor: Executor,
  row: NewVipRewardRow,
): Promise<VipRewardRow | undefined> {
  const rows = await executor
    .insert(vipRewards)
    .values(row)
    .onConflictDoNothing({
      target: [vipRewards.memberId, vipRewards.kind, vipRewards.level, vipRewards.period],
    })
    .returning();
  return rows[0];
}

export async function findReward(
  executor: Executor,
  key: { memberId: bigint; kind: VipRewardRow['kind']; level: number; period: string },
): Promise<VipRewardRow | undefined> {
  const rows = await executor
    .select()
    .from(vipRewards)
    .where(
      and(
        eq(vipRewards.memberId, key.memberId),
        eq(vipRewards.kind, key.kind),
        eq(vipRewards.level, key.level),
        eq(vipRewards.period, key.period),
      ),
    );
  return rows[0];
}

/** The member's newest rewards. */
export async function listMemberRewards(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  limit: number,
): Promise<VipRewardRow[]> {
  return executor
    .select()
    .from(vipRewards)
    .where(and(eq(vipRewards.memberId, memberId), eq(vipRewards.brandCode, brandCode)))
    .orderBy(desc(vipRewards.createdAt), desc(vipRewards.id))
    .limit(limit);
}

/** A page of a brand's rewards for operators, newest first, with the member's username. */
export async function listRewardsForOperator(
  executor: Executor,
  filter: { brandCode: string; username?: string | undefined; kind?: VipRewardRow['kind'] },
  page: { limit: number; offset: number },
): Promise<{ rows: (VipRewardRow & { username: string })[]; total: number }> {
  const where = and(
    eq(vipRewards.brandCode, filter.brandCode),
    filter.username === undefined
      ? undefined
      : eq(members.usernameKey, filter.username.toLowerCase()),
    filter.kind === undefined ? undefined : eq(vipRewards.kind, filter.kind),
  );
  const [rows, totals] = await Promise.all([
    executor
      .select({ reward: vipRewards, username: members.username })
      .from(vipRewards)
      .innerJoin(members, eq(members.id, vipRewards.memberId))
      .where(where)
      .orderBy(desc(vipRewards.createdAt), desc(vipRewards.id))
      .limit(page.limit)
      .offset(page.offset),
    executor
      .select({ total: count() })
      .from(vipRewards)
      .innerJoin(members, eq(members.id, vipRewards.memberId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.reward, username: row.username })),
    total: totals[0]?.total ?? 0,
  };
}

/** The brand's newest reward of a kind (the last period its job paid), if any. */
export async function latestRewardOfKind(
  executor: Executor,
  brandCode: string,
  kind: VipRewardRow['kind'],
): Promise<VipRewardRow | undefined> {
  const rows = await executor
    .select()
    .from(vipRewards)
    .where(and(eq(vipRewards.brandCode, brandCode), eq(vipRewards.kind, kind)))
    .orderBy(desc(vipRewards.createdAt), desc(vipRewards.id))
    .limit(1);
  return rows[0];
}
