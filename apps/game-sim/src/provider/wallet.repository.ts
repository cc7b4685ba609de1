import type { Sql } from '../db/database.ts';

export type PlayerRow = {
  platform_id: number;
  player: string;
  currency: string;
  balance_minor: bigint;
  last_known_balance_minor: bigint | null;
  round_open_until: Date | null;
  created_at: Date;
};

export type TransferRow = {
  platform_id: number;
  order_id: string;
  player: string;
  operation: 'transfer' | 'withdraw_all';
  direction: 'in' | 'out';
  amount_minor: bigint;
  request_key: string;
  status: 'success' | 'failed' | 'dropped';
  reason: string | null;
  dropped_fault: 'timeout' | 'error' | null;
  balance_after_minor: bigint;
  created_at: Date;
};

export async function findPlayer(
  sql: Sql,
  platformId: number,
  player: string,
  options: { forUpdate?: boolean } = {},
): Promise<PlayerRow | null> {
  const rows = await sql.query<PlayerRow>(
    `select * from game_sim.players where platform_id = $1 and player = $2
     ${options.forUpdate ? 'for update' : ''}`,
    [platformId, player],
  );
  return rows[0] ?? null;
}

/** Inserts the player unless present; true when this call created it. */
export async function insertPlayer(
  sql: Sql,
  row: { platformId: number; player: string; currency: string; now: Date },
): Promise<boolean> {
  const rows = await sql.query(
    `insert into game_sim.players (platform_id, player, currency, balance_minor, created_at)
     values ($1, $2, $3, 0, $4)
     on conflict (platform_id, player) do nothing
     returning player`,
    [row.platformId, row.player, row.currency, row.now],
  );
  return rows.length > 0;
}

export async function setBalance(
  sql: Sql,
  platformId: number,
  player: string,
  balanceMinor: bigint,
): Promise<void> {
  await sql.query(
    'update game_sim.players set balance_minor = $3 where platform_id = $1 and player = $2',
    [platformId, player, balanceMinor],
  );
}

export async function setLastKnownBalance(
  sql: Sql,
  platformId: number,
  player: string,
  balanceMinor: bigint,
): Promise<void> {
  await sql.query(
    `update game_sim.players set last_known_balance_minor = $3
     where platform_id = $1 and player = $2`,
    [platformId, player, balanceMinor],
  );
}

/** Opens (or extends) the player's round until `until`; null closes it. */
export async function setRoundOpenUntil(
  sql: Sql,
  platformId: number,
  player: string,
  until: Date | null,
): Promise<void> {
  await sql.query(
    'update game_sim.players set round_open_until = $3 where platform_id = $1 and player = $2',
    [platformId, player, until],
  );
}

export async function findTransfer(
  sql: Sql,
  platformId: number,
  orderId: string,
): Promise<TransferRow | null> {
  const rows = await sql.query<TransferRow>(
    'select * from game_sim.transfers where platform_id = $1 and order_id = $2',
    [platformId, orderId],
  );
  return rows[0] ?? null;
}

/** Inserts a transfer outcome; a concurrent insert of the same order id raises 23505. */
export async function insertTransfer(
  sql: Sql,
  row: Omit<TransferRow, 'platform_id'> & {
    platformId: number;
  },
): Promise<void> {
  await sql.query(
    `insert into game_sim.transfers (platform_id, order_id, player, operation, direction,
       amount_minor, request_key, status, reason, dropped_fault, balance_after_minor, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      row.platformId,
      row.order_id,
      row.player,
      row.operation,
      row.direction,
      row.amount_minor,
      row.request_key,
      row.status,
      row.reason,
      row.dropped_fault,
      row.balance_after_minor,
      row.created_at,
    ],
  );
}

/** Marks an order as lost on purpose, unless the order already has an outcome. */
export async function insertDroppedTransfer(
  sql: Sql,
  row: {
    platformId: number;
    orderId: string;
    player: string;
    operation: 'transfer' | 'withdraw_all';
    direction: 'in' | 'out';
    amountMinor: bigint;
    requestKey: string;
    fault: 'timeout' | 'error';
    now: Date;
  },
): Promise<void> {
  await sql.query(
    `insert into game_sim.transfers (platform_id, order_id, player, operation, direction,
       amount_minor, request_key, status, reason, dropped_fault, balance_after_minor, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'dropped', null, $8, 0, $9)
     on conflict (platform_id, order_id) do nothing`,
    [
      row.platformId,
      row.orderId,
      row.player,
      row.operation,
      row.direction,
      row.amountMinor,
      row.requestKey,
      row.fault,
      row.now,
    ],
  );
}

/** Adds to a balance in place (a settlement's payout). */
export async function addToBalance(
  sql: Sql,
  platformId: number,
  player: string,
  amountMinor: bigint,
): Promise<void> {
  await sql.query(
    `update game_sim.players set balance_minor = balance_minor + $3
     where platform_id = $1 and player = $2`,
    [platformId, player, amountMinor],
  );
}
