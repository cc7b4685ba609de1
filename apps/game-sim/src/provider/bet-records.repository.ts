import type { Sql } from '../db/database.ts';

export type BetRecordRow = {
  platform_id: number;
  round_id: string;
  player: string;
  game_code: string;
  category: number;
  bet_minor: bigint;
  valid_bet_minor: bigint;
  payout_minor: bigint;
  placed_at: Date;
  settled_at: Date;
};

export async function insertBetRecord(sql: Sql, row: BetRecordRow): Promise<void> {
  await sql.query(
    `insert into game_sim.bet_records (platform_id, round_id, player, game_code, category,
       bet_minor, valid_bet_minor, payout_minor, placed_at, settled_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (platform_id, round_id) do nothing`,
    [
      row.platform_id,
      row.round_id,
      row.player,
      row.game_code,
      row.category,
      row.bet_minor,
      row.valid_bet_minor,
      row.payout_minor,
      row.placed_at,
      row.settled_at,
    ],
  );
}

/** One page of the records settled in [from, to), in (settled_at, round_id) order. */
export async function pageBetRecords(
  sql: Sql,
  query: { platformId: number; from: Date; to: Date; limit: number; offset: number },
): Promise<{ rows: BetRecordRow[]; total: number }> {
  const rows = await sql.query<BetRecordRow>(
    `select * from game_sim.bet_records
     where platform_id = $1 and settled_at >= $2 and settled_at < $3
     order by settled_at, round_id
     limit $4 offset $5`,
    [query.platformId, query.from, query.to, query.limit, query.offset],
  );
  const counted = await sql.query<{ total: number }>(
    `select count(*)::integer as total from game_sim.bet_records
     where platform_id = $1 and settled_at >= $2 and settled_at < $3`,
    [query.platformId, query.from, query.to],
  );
  return { rows, total: counted[0]?.total ?? 0 };
}
