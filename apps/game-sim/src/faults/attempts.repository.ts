import type { Sql } from '../db/database.ts';

/** Counts one more call of `operation` with `key`; answers its attempt number (from 1). */
export async function nextAttempt(
  sql: Sql,
  platformId: number,
  operation: string,
  key: string,
): Promise<number> {
  const rows = await sql.query<{ attempts: number }>(
    `insert into game_sim.fault_attempts (platform_id, operation, call_key, attempts)
     values ($1, $2, $3, 1)
     on conflict (platform_id, operation, call_key)
     do update set attempts = game_sim.fault_attempts.attempts + 1
     returning attempts`,
    [platformId, operation, key],
  );
  return rows[0]?.attempts ?? 1;
}
