import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { gameBetRecords } from './bet-records.schema.ts';
import { members } from '../../identity/member/index.ts';

export type BetRecordRow = typeof gameBetRecords.$inferSelect;
export type NewBetRecordRow = Omit<typeof gameBetRecords.$inferInsert, 'syncedAt'>;

/**
 * Inserts the rounds not recorded yet and returns only those: a round already there (an
 * overlapping window, a second run, a concurrent run) is left as it is and not returned, so the
 * caller applies each round's effects once.
 */
export async function insertNewBetRecords(
  executor: Executor,
  rows: NewBetRecordRow[],
): Promise<
  {
    platformId: number;
    roundId: string;
    gameCode: string;
    brandCode: string;
    memberId: bigint;
    currency: string;
    betMinor: bigint;
    validBetMinor: bigint;
    payoutMinor: bigint;
    settledAt: Date;
  }[]
> {
  if (rows.length === 0) return [];
  // The unique index holds the settled time (the table is partitioned by it, decision 0029): a
  // round recorded before under another time is found here and left out.
  const recorded = await executor
    .select({ platformId: gameBetRecords.platformId, roundId: gameBetRecords.roundId })
    .from(gameBetRecords)
    .where(
      sql`(${gameBetRecords.platformId}, ${gameBetRecords.roundId}) in (${sql.join(
        rows.map((row) => sql`(${row.platformId}::integer, ${row.roundId}::text)`),
        sql`, `,
      )})`,
    );
  const known = new Set(recorded.map((row) => `${row.platformId}:${row.roundId}`));
  const fresh = rows.filter((row) => !known.has(`${row.platformId}:${row.roundId}`));
  if (fresh.length === 0) return [];
  return executor
    .insert(gameBetRecords)
    .values(fresh)
    .onConflictDoNothing({
      target: [gameBetRecords.platformId, gameBetRecords.roundId, gameBetRecords.settledAt],
    })
    .returning({
      platformId: gameBetRecords.platformId,
      roundId: gameBetRecords.roundId,
      gameCode: gameBetRecords.gameCode,
      brandCode: gameBetRecords.brandCode,
      memberId: gameBetRecords.memberId,
      currency: gameBetRecords.currency,
      betMinor: gameBetRecords.betMinor,
      validBetMinor: gameBetRecords.validBetMinor,
      payoutMinor: gameBetRecords.payoutMinor,
      settledAt: gameBetRecords.settledAt,
    });
}

/** Which of these members exist in the brand named with each: `${brandCode}:${memberId}`. */
export async function existingMembers(
  executor: Executor,
  candidates: { brandCode: string; memberId: bigint }[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const ids = [...new Set(candidates.map((candidate) => candidate.memberId))];
  const rows = await executor
    .select({ id: members.id, brandCode: members.brandCode })
    .from(members)
    .where(inArray(members.id, ids));
  return new Set(rows.map((row) => `${row.brandCode}:${row.id}`));
}

export type BetRecordFilter = {
  brandCode: string;
  memberId: bigint;
  currency: string;
  /** Settled at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  category?: number;
  platformId?: number;
};

function conditions(filter: BetRecordFilter): SQL | undefined {
  return and(
    eq(gameBetRecords.memberId, filter.memberId),
    eq(gameBetRecords.brandCode, filter.brandCode),
    eq(gameBetRecords.currency, filter.currency),
    filter.from === undefined ? undefined : gte(gameBetRecords.settledAt, filter.from),
    filter.to === undefined ? undefined : lt(gameBetRecords.settledAt, filter.to),
    filter.category === undefined ? undefined : eq(gameBetRecords.category, filter.category),
    filter.platformId === undefined ? undefined : eq(gameBetRecords.platformId, filter.platformId),
  );
}

/**
 * A page of the member's settled rounds, newest first, with how many match and the sums of
 * the whole filtered set (not just the page).
 */
export async function listMemberBetRecords(
  executor: Executor,
  filter: BetRecordFilter,
  page: { limit: number; offset: number },
): Promise<{
  rows: BetRecordRow[];
  total: number;
  sums: { betMinor: bigint; validBetMinor: bigint; payoutMinor: bigint };
}> {
  const where = conditions(filter);
  const [rows, totals] = await Promise.all([
    executor
      .select()
      .from(gameBetRecords)
      .where(where)
      .orderBy(desc(gameBetRecords.settledAt), desc(gameBetRecords.roundId))
      .limit(page.limit)
      .offset(page.offset),
    executor
      .select({
        total: count(),
        // Sums as text: a bigint sum is numeric in PostgreSQL, and text keeps every digit.
        bet: sql<string>`coalesce(sum(${gameBetRecords.betMinor}), 0)::text`,
        validBet: sql<string>`coalesce(sum(${gameBetRecords.validBetMinor}), 0)::text`,
        payout: sql<string>`coalesce(sum(${gameBetRecords.payoutMinor}), 0)::text`,
      })
      .from(gameBetRecords)
      .where(where),
  ]);
  const summary = totals[0];
  return {
    rows,
    total: summary?.total ?? 0,
    sums: {
      betMinor: BigInt(summary?.bet ?? '0'),
      validBetMinor: BigInt(summary?.validBet ?? '0'),
      payoutMinor: BigInt(summary?.payout ?? '0'),
    },
  };
}

/** Where a batch of the member's rounds ends: `settledAt` as PostgreSQL wrote it (microseconds). */
export type BetRecordCursor = { settledAt: string; platformId: number; roundId: string };

/**
 * Up to `limit` of the member's settled rounds after `after`, newest settled first, then by
 * platform and round (rounds are never changed once recorded): a CSV export's keyset batch
 * along the (member, settled) index. Each row carries its cursor.
 */
export async function memberBetRecordBatch(
  executor: Executor,
  filter: BetRecordFilter,
  after: BetRecordCursor | undefined,
  limit: number,
): Promise<(BetRecordRow & { cursor: BetRecordCursor })[]> {
  const rows = await executor
    .select({ record: gameBetRecords, settledText: sql<string>`${gameBetRecords.settledAt}::text` })
    .from(gameBetRecords)
    .where(
      and(
        conditions(filter),
        // The plain bound lets the index skip the rounds sent already; the row one is exact.
        after === undefined
          ? undefined
          : sql`${gameBetRecords.settledAt} <= ${after.settledAt}::timestamptz
              and (${gameBetRecords.settledAt}, ${gameBetRecords.platformId}, ${gameBetRecords.roundId})
              < (${after.settledAt}::timestamptz, ${after.platformId}, ${after.roundId})`,
      ),
    )
    .orderBy(
      desc(gameBetRecords.settledAt),
      desc(gameBetRecords.platformId),
      desc(gameBetRecords.roundId),
    )
    .limit(limit);
  return rows.map(({ record, settledText }) => ({
    ...record,
    cursor: { settledAt: settledText, platformId: record.platformId, roundId: record.roundId },
  }));
}

// ---------------------------------------------------------------------------------------------
// Totals for the VIP module (read only).

/** A member's valid bets in the currency, all time, in minor units. */
export async function sumValidBets(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: string,
): Promise<bigint> {
  const rows = await executor
    .select({ total: sql<string>`coalesce(sum(${gameBetRecords.validBetMinor}), 0)::text` })
    .from(gameBetRecords)
    .where(
      and(
        eq(gameBetRecords.memberId, memberId),
        eq(gameBetRecords.brandCode, brandCode),
        eq(gameBetRecords.currency, currency),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

/**
 * Valid bets per member and game category of a brand's rounds settled in [from, to) (one of
 * the brand's business days for the daily rebate), in the currency; only non-zero sums.
 */
export async function validBetsByMemberAndCategory(
  executor: Executor,
  filter: { brandCode: string; currency: string; from: Date; to: Date },
): Promise<{ memberId: bigint; category: number; validBetMinor: bigint }[]> {
  const rows = await executor
    .select({
      memberId: gameBetRecords.memberId,
      category: gameBetRecords.category,
      validBet: sql<string>`sum(${gameBetRecords.validBetMinor})::text`,
    })
    .from(gameBetRecords)
    .where(
      and(
        eq(gameBetRecords.brandCode, filter.brandCode),
        eq(gameBetRecords.currency, filter.currency),
        gte(gameBetRecords.settledAt, filter.from),
        lt(gameBetRecords.settledAt, filter.to),
      ),
    )
    .groupBy(gameBetRecords.memberId, gameBetRecords.category)
    .orderBy(gameBetRecords.memberId, gameBetRecords.category);
  return rows
    .map((row) => ({
      memberId: row.memberId,
      category: row.category,
      validBetMinor: BigInt(row.validBet),
    }))
    .filter((row) => row.validBetMinor > 0n);
}

/** Members with rounds recorded at or after `since`: whose valid-bet totals may have grown. */
export async function membersWithBetsSyncedSince(
  executor: Executor,
  since: Date,
): Promise<{ brandCode: string; memberId: bigint }[]> {
  return executor
    .selectDistinct({ brandCode: gameBetRecords.brandCode, memberId: gameBetRecords.memberId })
    .from(gameBetRecords)
    .where(gte(gameBetRecords.syncedAt, since));
}

// ---------------------------------------------------------------------------------------------
// Totals for the agent module (read only).

/**
 * The rounds settled in [from, to) of the members who registered with this referrer's invite
 * code (an agent's downline), in the currency: stakes, valid bets, payouts, and how many of
 * those members had valid bets.
 */
export async function referralBetTotals(
  executor: Executor,
  filter: { brandCode: string; referrerMemberId: bigint; currency: string; from: Date; to: Date },
): Promise<{
  activeMembers: number;
  betMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
}> {
  const rows = await executor
    .select({
      active: sql<number>`count(distinct ${gameBetRecords.memberId}) filter (where ${gameBetRecords.validBetMinor} > 0)::int`,
      bet: sql<string>`coalesce(sum(${gameBetRecords.betMinor}), 0)::text`,
      validBet: sql<string>`coalesce(sum(${gameBetRecords.validBetMinor}), 0)::text`,
      payout: sql<string>`coalesce(sum(${gameBetRecords.payoutMinor}), 0)::text`,
    })
    .from(gameBetRecords)
    .innerJoin(members, eq(members.id, gameBetRecords.memberId))
    .where(
      and(
        eq(members.referrerMemberId, filter.referrerMemberId),
        eq(members.brandCode, filter.brandCode),
        eq(gameBetRecords.brandCode, filter.brandCode),
        eq(gameBetRecords.currency, filter.currency),
        gte(gameBetRecords.settledAt, filter.from),
        lt(gameBetRecords.settledAt, filter.to),
      ),
    );
  const row = rows[0];
  return {
    activeMembers: Number(row?.active ?? 0),
    betMinor: BigInt(row?.bet ?? '0'),
    validBetMinor: BigInt(row?.validBet ?? '0'),
    payoutMinor: BigInt(row?.payout ?? '0'),
  };
}

/** Which of these members had valid bets settled in [from, to), in the currency. */
export async function membersWithValidBets(
  executor: Executor,
  filter: { brandCode: string; memberIds: bigint[]; currency: string; from: Date; to: Date },
): Promise<Set<bigint>> {
  if (filter.memberIds.length === 0) return new Set();
  const rows = await executor
    .selectDistinct({ memberId: gameBetRecords.memberId })
    .from(gameBetRecords)
    .where(
      and(
        inArray(gameBetRecords.memberId, filter.memberIds),
        eq(gameBetRecords.brandCode, filter.brandCode),
        eq(gameBetRecords.currency, filter.currency),
        gte(gameBetRecords.settledAt, filter.from),
        lt(gameBetRecords.settledAt, filter.to),
        sql`${gameBetRecords.validBetMinor} > 0`,
      ),
    );
  return new Set(rows.map((row) => row.memberId));
}

/**
 * A member's stakes and payouts of rounds settled since `since` on the given platforms (the
 * transfer-wallet ones: seamless rounds are counted as their money moves), in minor units.
 */
export async function settledPlaySince(
  executor: Executor,
  memberId: bigint,
  since: Date,
  platformIds: readonly number[],
): Promise<{ stakes: bigint; payouts: bigint }> {
  if (platformIds.length === 0) return { stakes: 0n, payouts: 0n };
  const rows = await executor
    .select({
      stakes: sql<string>`coalesce(sum(${gameBetRecords.betMinor}), 0)::text`,
      payouts: sql<string>`coalesce(sum(${gameBetRecords.payoutMinor}), 0)::text`,
    })
    .from(gameBetRecords)
    .where(
      and(
        eq(gameBetRecords.memberId, memberId),
        gte(gameBetRecords.settledAt, since),
        inArray(gameBetRecords.platformId, [...platformIds]),
      ),
    );
  return { stakes: BigInt(rows[0]?.stakes ?? '0'), payouts: BigInt(rows[0]?.payouts ?? '0') };
}
