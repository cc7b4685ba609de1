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

export type RoundDetailsRow = BetRecordRow & {
  /** The instant round's parameters and outcome, or the scheduled bet's parameters. */
  bet_params: unknown;
  result: unknown;
  event_id: string | null;
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  nonce: number | null;
};

/**
 * A settled round of one player with what decided it: an instant round's parameters, outcome and
 * seeds, or a scheduled bet's parameters with its event's result and seeds. Null when the platform
 * has no such settled round of that player.
 */
export async function findRoundDetails(
  sql: Sql,
  query: { platformId: number; roundId: string; player: string },
): Promise<RoundDetailsRow | null> {
  const rows = await sql.query<RoundDetailsRow>(
    `select record.*,
       coalesce(round.params, bet.params) as bet_params,
       coalesce(round.outcome, event.result) as result,
       bet.event_id,
       coalesce(round.server_seed, event.server_seed) as server_seed,
       coalesce(round.server_seed_hash, event.server_seed_hash) as server_seed_hash,
       coalesce(round.client_seed, event.client_seed) as client_seed,
       coalesce(round.nonce, event.nonce) as nonce
     from game_sim.bet_records record
     left join game_sim.rounds round
       on round.round_id = record.round_id and round.platform_id = record.platform_id
     left join game_sim.event_bets bet
       on bet.bet_id = record.round_id and bet.platform_id = record.platform_id
     left join game_sim.scheduled_events event
       on event.platform_id = bet.platform_id and event.game_code = bet.game_code
         and event.event_id = bet.event_id
     where record.platform_id = $1 and record.round_id = $2 and record.player = $3`,
    [query.platformId, query.roundId, query.player],
  );
  return rows[0] ?? null;
}
