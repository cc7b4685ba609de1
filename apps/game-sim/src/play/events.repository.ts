import type { Sql } from '../db/database.ts';

export type EventRow = {
  platform_id: number;
  game_code: string;
  event_id: string;
  closes_at: Date;
  result_at: Date;
  details: unknown;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  result: unknown;
  resolved_at: Date | null;
};

export type EventBetState = 'debiting' | 'pending' | 'settled' | 'refused' | 'rolled_back';

export type EventBetRow = {
  bet_id: string;
  platform_id: number;
  player: string;
  game_code: string;
  event_id: string;
  wallet_type: number;
  params: unknown;
  stake_minor: bigint;
  state: EventBetState;
  payout_minor: bigint | null;
  valid_bet_minor: bigint | null;
  placed_at: Date;
  settled_at: Date | null;
};

/** Stores an event the first time it is seen, with its own server seed. */
export async function ensureEvent(
  sql: Sql,
  row: {
    platformId: number;
    gameCode: string;
    eventId: string;
    closesAt: Date;
    resultAt: Date;
    details: unknown;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
  },
): Promise<void> {
  await sql.query(
    `insert into game_sim.scheduled_events (platform_id, game_code, event_id, closes_at,
       result_at, details, server_seed, server_seed_hash, client_seed, nonce)
     values ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9, 0)
     on conflict (platform_id, game_code, event_id) do nothing`,
    [
      row.platformId,
      row.gameCode,
      row.eventId,
      row.closesAt,
      row.resultAt,
      JSON.stringify(row.details ?? null),
      row.serverSeed,
      row.serverSeedHash,
      row.clientSeed,
    ],
  );
}

export async function findEvents(
  sql: Sql,
  platformId: number,
  gameCode: string,
  eventIds: readonly string[],
): Promise<EventRow[]> {
  return sql.query<EventRow>(
    `select * from game_sim.scheduled_events
     where platform_id = $1 and game_code = $2 and event_id = any($3::text[])`,
    [platformId, gameCode, eventIds],
  );
}

export async function lockEvent(
  sql: Sql,
  platformId: number,
  gameCode: string,
  eventId: string,
): Promise<EventRow | null> {
  const rows = await sql.query<EventRow>(
    `select * from game_sim.scheduled_events
     where platform_id = $1 and game_code = $2 and event_id = $3
     for update`,
    [platformId, gameCode, eventId],
  );
  return rows[0] ?? null;
}

/** Locks the earliest unresolved event whose result is due, skipping ones another worker holds. */
export async function lockDueEvent(sql: Sql, now: Date): Promise<EventRow | null> {
  const rows = await sql.query<EventRow>(
    `select * from game_sim.scheduled_events
     where resolved_at is null and result_at <= $1
     order by result_at, platform_id, game_code, event_id
     limit 1
     for update skip locked`,
    [now],
  );
  return rows[0] ?? null;
}

export async function resolveEvent(
  sql: Sql,
  event: Pick<EventRow, 'platform_id' | 'game_code' | 'event_id'>,
  result: unknown,
  resolvedAt: Date,
): Promise<void> {
  await sql.query(
    `update game_sim.scheduled_events set result = $4::text::jsonb, resolved_at = $5
     where platform_id = $1 and game_code = $2 and event_id = $3`,
    [
      event.platform_id,
      event.game_code,
      event.event_id,
      JSON.stringify(result ?? null),
      resolvedAt,
    ],
  );
}

export async function insertEventBet(
  sql: Sql,
  row: {
    betId: string;
    platformId: number;
    player: string;
    gameCode: string;
    eventId: string;
    walletType: number;
    params: unknown;
    stakeMinor: bigint;
    state: 'debiting' | 'pending';
    now: Date;
  },
): Promise<void> {
  await sql.query(
    `insert into game_sim.event_bets (bet_id, platform_id, player, game_code, event_id,
       wallet_type, params, stake_minor, state, placed_at)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8, $9, $10)`,
    [
      row.betId,
      row.platformId,
      row.player,
      row.gameCode,
      row.eventId,
      row.walletType,
      JSON.stringify(row.params),
      row.stakeMinor,
      row.state,
      row.now,
    ],
  );
}

/** Moves a bet from one state to another; false when it was not in `from`. */
export async function moveEventBet(
  sql: Sql,
  betId: string,
  from: EventBetState,
  to: EventBetState,
): Promise<boolean> {
  const rows = await sql.query(
    'update game_sim.event_bets set state = $3 where bet_id = $1 and state = $2 returning bet_id',
    [betId, from, to],
  );
  return rows.length > 0;
}

export async function lockPendingBetsOf(
  sql: Sql,
  event: Pick<EventRow, 'platform_id' | 'game_code' | 'event_id'>,
): Promise<EventBetRow[]> {
  return sql.query<EventBetRow>(
    `select * from game_sim.event_bets
     where platform_id = $1 and game_code = $2 and event_id = $3 and state = 'pending'
     order by placed_at, bet_id
     for update`,
    [event.platform_id, event.game_code, event.event_id],
  );
}

export async function settleEventBet(
  sql: Sql,
  betId: string,
  settlement: { payoutMinor: bigint; validBetMinor: bigint; settledAt: Date },
): Promise<void> {
  await sql.query(
    `update game_sim.event_bets
     set state = 'settled', payout_minor = $2, valid_bet_minor = $3, settled_at = $4
     where bet_id = $1 and state = 'pending'`,
    [betId, settlement.payoutMinor, settlement.validBetMinor, settlement.settledAt],
  );
}

/** The latest bets of a player in a game that were taken (pending or settled), newest first. */
export async function latestEventBets(
  sql: Sql,
  platformId: number,
  player: string,
  gameCode: string,
  limit: number,
): Promise<EventBetRow[]> {
  return sql.query<EventBetRow>(
    `select * from game_sim.event_bets
     where platform_id = $1 and player = $2 and game_code = $3
       and state in ('pending', 'settled')
     order by placed_at desc, bet_id desc
     limit $4`,
    [platformId, player, gameCode, limit],
  );
}

/** Bets stuck in 'debiting' since before `before` (their request is long gone). */
export async function findStaleDebitingBets(
  sql: Sql,
  before: Date,
  limit: number,
): Promise<EventBetRow[]> {
  return sql.query<EventBetRow>(
    `select * from game_sim.event_bets where state = 'debiting' and placed_at < $1
     order by placed_at limit $2`,
    [before, limit],
  );
}
