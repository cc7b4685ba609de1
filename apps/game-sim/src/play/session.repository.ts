import type { Sql } from '../db/database.ts';

export type LaunchRow = {
  token_hash: string;
  platform_id: number;
  player: string;
  game_code: string;
  lang: string;
  return_url: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
};

export type SessionRow = {
  session_hash: string;
  platform_id: number;
  player: string;
  game_code: string;
  lang: string;
  return_url: string | null;
  created_at: Date;
  expires_at: Date;
};

export async function insertLaunch(sql: Sql, row: Omit<LaunchRow, 'used_at'>): Promise<void> {
  await sql.query(
    `insert into game_sim.launch_tokens (token_hash, platform_id, player, game_code, lang,
       return_url, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.token_hash,
      row.platform_id,
      row.player,
      row.game_code,
      row.lang,
      row.return_url,
      row.created_at,
      row.expires_at,
    ],
  );
}

/** Marks an unused, unexpired token used; null when it is not (any more) usable. */
export async function consumeLaunch(
  sql: Sql,
  tokenHash: string,
  now: Date,
): Promise<LaunchRow | null> {
  const rows = await sql.query<LaunchRow>(
    `update game_sim.launch_tokens set used_at = $2
     where token_hash = $1 and used_at is null and expires_at > $2
     returning *`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export async function findLaunch(sql: Sql, tokenHash: string): Promise<LaunchRow | null> {
  const rows = await sql.query<LaunchRow>(
    'select * from game_sim.launch_tokens where token_hash = $1',
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function insertSession(sql: Sql, row: SessionRow): Promise<void> {
  await sql.query(
    `insert into game_sim.play_sessions (session_hash, platform_id, player, game_code, lang,
       return_url, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.session_hash,
      row.platform_id,
      row.player,
      row.game_code,
      row.lang,
      row.return_url,
      row.created_at,
      row.expires_at,
    ],
  );
}

export async function findLiveSession(
  sql: Sql,
  sessionHash: string,
  now: Date,
): Promise<SessionRow | null> {
  const rows = await sql.query<SessionRow>(
    'select * from game_sim.play_sessions where session_hash = $1 and expires_at > $2',
    [sessionHash, now],
  );
  return rows[0] ?? null;
}

/** Deletes launch tokens and sessions that expired before `before`; answers how many. */
export async function deleteExpired(sql: Sql, before: Date): Promise<number> {
  const launches = await sql.query(
    'delete from game_sim.launch_tokens where expires_at < $1 returning token_hash',
    [before],
  );
  const sessions = await sql.query(
    'delete from game_sim.play_sessions where expires_at < $1 returning session_hash',
    [before],
  );
  return launches.length + sessions.length;
}
