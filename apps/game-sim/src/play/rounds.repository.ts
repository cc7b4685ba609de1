import type { Sql } from '../db/database.ts';

export type RoundState = 'debiting' | 'settled' | 'refused' | 'rolled_back';

export type RoundRow = {
  round_id: string;
  platform_id: number;
  player: string;
  game_code: string;
  wallet_type: number;
  params: unknown;
  state: RoundState;
  stake_minor: bigint;
  payout_minor: bigint | null;
  valid_bet_minor: bigint | null;
  outcome: unknown;
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  nonce: number | null;
  created_at: Date;
  settled_at: Date | null;
};

export type SettledRound = {
  payoutMinor: bigint;
  validBetMinor: bigint;
  outcome: unknown;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  settledAt: Date;
};

export async function insertRound(
  sql: Sql,
  row: {
    roundId: string;
    platformId: number;
    player: string;
    gameCode: string;
    walletType: number;
    params: unknown;
    stakeMinor: bigint;
    now: Date;
  },
): Promise<void> {
  await sql.query(
    `insert into game_sim.rounds (round_id, platform_id, player, game_code, wallet_type, params,
       state, stake_minor, created_at)
     values ($1, $2, $3, $4, $5, $6::text::jsonb, 'debiting', $7, $8)`,
    [
      row.roundId,
      row.platformId,
      row.player,
      row.gameCode,
      row.walletType,
      JSON.stringify(row.params),
      row.stakeMinor,
      row.now,
    ],
  );
}

/** Settles a round still 'debiting'; false when it is not (given up meanwhile). */
export async function settleRound(
  sql: Sql,
  roundId: string,
  round: SettledRound,
): Promise<boolean> {
  const rows = await sql.query(
    `update game_sim.rounds
     set state = 'settled', payout_minor = $2, valid_bet_minor = $3, outcome = $4::text::jsonb,
       server_seed = $5, server_seed_hash = $6, client_seed = $7, nonce = $8, settled_at = $9
     where round_id = $1 and state = 'debiting'
     returning round_id`,
    [
      roundId,
      round.payoutMinor,
      round.validBetMinor,
      JSON.stringify(round.outcome ?? null),
      round.serverSeed,
      round.serverSeedHash,
      round.clientSeed,
      round.nonce,
      round.settledAt,
    ],
  );
  return rows.length > 0;
}

/** Moves a round out of 'debiting'; false when it already left it. */
export async function endDebitingRound(
  sql: Sql,
  roundId: string,
  state: 'refused' | 'rolled_back',
): Promise<boolean> {
  const rows = await sql.query(
    `update game_sim.rounds set state = $2 where round_id = $1 and state = 'debiting'
     returning round_id`,
    [roundId, state],
  );
  return rows.length > 0;
}

/** Rounds stuck in 'debiting' since before `before` (their request is long gone). */
export async function findStaleDebitingRounds(
  sql: Sql,
  before: Date,
  limit: number,
): Promise<RoundRow[]> {
  return sql.query<RoundRow>(
    `select * from game_sim.rounds where state = 'debiting' and created_at < $1
     order by created_at limit $2`,
    [before, limit],
  );
}
