import type { Sql } from '../db/database.ts';

export type FairnessRow = { server_seed: string; client_seed: string; nonce: number };

/**
 * The player's provably fair state at a platform, created on first use with the given seeds.
 * `forUpdate` locks it for a round, so two rounds never share a nonce.
 */
export async function ensureFairness(
  sql: Sql,
  platformId: number,
  player: string,
  fresh: () => { serverSeed: string; clientSeed: string },
  options: { forUpdate?: boolean } = {},
): Promise<FairnessRow> {
  const select = `select server_seed, client_seed, nonce from game_sim.fairness
     where platform_id = $1 and player = $2 ${options.forUpdate ? 'for update' : ''}`;
  const existing = await sql.query<FairnessRow>(select, [platformId, player]);
  if (existing[0]) return existing[0];
  const seeds = fresh();
  await sql.query(
    `insert into game_sim.fairness (platform_id, player, server_seed, client_seed, nonce)
     values ($1, $2, $3, $4, 0)
     on conflict (platform_id, player) do nothing`,
    [platformId, player, seeds.serverSeed, seeds.clientSeed],
  );
  const created = await sql.query<FairnessRow>(select, [platformId, player]);
  if (!created[0]) throw new Error('fairness row missing after insert');
  return created[0];
}

export async function updateFairness(
  sql: Sql,
  platformId: number,
  player: string,
  row: FairnessRow,
): Promise<void> {
  await sql.query(
    `update game_sim.fairness set server_seed = $3, client_seed = $4, nonce = $5
     where platform_id = $1 and player = $2`,
    [platformId, player, row.server_seed, row.client_seed, row.nonce],
  );
}
