import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { gameBetRecords } from './bet-records.schema.ts';

export type RecallMember = { brandCode: string; memberId: bigint; currency: string };

export type PlayedGameRow = {
  platformId: number;
  gameCode: string;
  category: number;
  rounds: number;
  lastPlayedAt: Date;
};

function ofMember(member: RecallMember) {
  return and(
    eq(gameBetRecords.memberId, member.memberId),
    eq(gameBetRecords.brandCode, member.brandCode),
    eq(gameBetRecords.currency, member.currency),
  );
}

/** The games the member has settled rounds of, most recently played first. */
export async function memberPlayedGames(
  executor: Executor,
  member: RecallMember,
  limit: number,
): Promise<PlayedGameRow[]> {
  const lastPlayed = max(gameBetRecords.settledAt);
  const rows = await executor
    .select({
      platformId: gameBetRecords.platformId,
      gameCode: gameBetRecords.gameCode,
      // A game keeps its category; the latest one wins should a platform ever move it.
      category: sql<number>`(array_agg(${gameBetRecords.category} order by ${gameBetRecords.settledAt} desc))[1]`,
      rounds: count(),
      lastPlayedAt: lastPlayed,
    })
    .from(gameBetRecords)
    .where(ofMember(member))
    .groupBy(gameBetRecords.platformId, gameBetRecords.gameCode)
    .orderBy(desc(lastPlayed), gameBetRecords.platformId, gameBetRecords.gameCode)
    .limit(limit);
  return rows.map((row) => ({
    platformId: row.platformId,
    gameCode: row.gameCode,
    category: Number(row.category),
    rounds: row.rounds,
    lastPlayedAt: row.lastPlayedAt ?? new Date(0),
  }));
}

/** The member's latest settled rounds of one game, newest first. */
export function memberLatestRounds(
  executor: Executor,
  member: RecallMember,
  game: { platformId: number; gameCode: string },
  limit: number,
) {
  return executor
    .select()
    .from(gameBetRecords)
    .where(
      and(
        ofMember(member),
        eq(gameBetRecords.platformId, game.platformId),
        eq(gameBetRecords.gameCode, game.gameCode),
      ),
    )
    .orderBy(desc(gameBetRecords.settledAt), desc(gameBetRecords.roundId))
    .limit(limit);
}
