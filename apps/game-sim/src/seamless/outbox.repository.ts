import type { Sql } from '../db/database.ts';

export type CallbackOperation = 'debit' | 'credit' | 'rollback';

export type OutboxRow = {
  id: bigint;
  platform_id: number;
  operation: CallbackOperation;
  transaction_id: string;
  round_id: string;
  copy_number: number;
  body: string;
  state: 'pending' | 'ok' | 'refused';
  attempts: number;
  next_attempt_at: Date;
  last_http_status: number | null;
  last_error: string | null;
  answer: unknown;
  created_at: Date;
  finished_at: Date | null;
};

/** Inserts a callback unless that (transaction, copy) is already queued; answers the row. */
export async function insertCallback(
  sql: Sql,
  row: {
    platformId: number;
    operation: CallbackOperation;
    transactionId: string;
    roundId: string;
    copyNumber: number;
    body: string;
    nextAttemptAt: Date;
    now: Date;
  },
): Promise<OutboxRow> {
  const inserted = await sql.query<OutboxRow>(
    `insert into game_sim.callback_outbox (platform_id, operation, transaction_id, round_id,
       copy_number, body, state, next_attempt_at, created_at)
     values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8)
     on conflict (platform_id, transaction_id, copy_number) do nothing
     returning *`,
    [
      row.platformId,
      row.operation,
      row.transactionId,
      row.roundId,
      row.copyNumber,
      row.body,
      row.nextAttemptAt,
      row.now,
    ],
  );
  if (inserted[0]) return inserted[0];
  const existing = await findCallbackOf(sql, row.platformId, row.transactionId, row.copyNumber);
  if (!existing) throw new Error(`callback ${row.transactionId} vanished after a conflict`);
  return existing;
}

export async function findCallback(sql: Sql, id: bigint): Promise<OutboxRow | null> {
  const rows = await sql.query<OutboxRow>('select * from game_sim.callback_outbox where id = $1', [
    id,
  ]);
  return rows[0] ?? null;
}

export async function findCallbackOf(
  sql: Sql,
  platformId: number,
  transactionId: string,
  copyNumber = 0,
): Promise<OutboxRow | null> {
  const rows = await sql.query<OutboxRow>(
    `select * from game_sim.callback_outbox
     where platform_id = $1 and transaction_id = $2 and copy_number = $3`,
    [platformId, transactionId, copyNumber],
  );
  return rows[0] ?? null;
}

/**
 * Claims up to `limit` due callbacks by pushing their next attempt to `leaseUntil` (so another
 * worker skips them, and a crash mid-delivery only delays them). Answers them with the time
 * they were due, for delivery in due order.
 */
export async function claimDueCallbacks(
  sql: Sql,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<(OutboxRow & { due_at: Date })[]> {
  return sql.query<OutboxRow & { due_at: Date }>(
    `with due as (
       select id, next_attempt_at as due_at from game_sim.callback_outbox
       where state = 'pending' and next_attempt_at <= $1
       order by next_attempt_at, id
       limit $3
       for update skip locked
     )
     update game_sim.callback_outbox as outbox set next_attempt_at = $2
     from due where outbox.id = due.id
     returning outbox.*, due.due_at`,
    [now, leaseUntil, limit],
  );
}

/** Claims one callback if it is pending and due (a duplicate delivered right away). */
export async function claimCallback(
  sql: Sql,
  id: bigint,
  now: Date,
  leaseUntil: Date,
): Promise<OutboxRow | null> {
  const rows = await sql.query<OutboxRow>(
    `update game_sim.callback_outbox set next_attempt_at = $3
     where id = $1 and state = 'pending' and next_attempt_at <= $2
     returning *`,
    [id, now, leaseUntil],
  );
  return rows[0] ?? null;
}

export async function recordFinalAnswer(
  sql: Sql,
  id: bigint,
  answer: { state: 'ok' | 'refused'; httpStatus: number; body: unknown; now: Date },
): Promise<void> {
  await sql.query(
    `update game_sim.callback_outbox
     set state = $2, attempts = attempts + 1, last_http_status = $3, last_error = null,
       answer = $4::text::jsonb, finished_at = $5
     where id = $1 and state = 'pending'`,
    [id, answer.state, answer.httpStatus, JSON.stringify(answer.body), answer.now],
  );
}

export async function recordUnknownAnswer(
  sql: Sql,
  id: bigint,
  answer: { httpStatus: number | null; error: string; nextAttemptAt: Date },
): Promise<number> {
  const rows = await sql.query<{ attempts: number }>(
    `update game_sim.callback_outbox
     set attempts = attempts + 1, last_http_status = $2, last_error = $3, next_attempt_at = $4
     where id = $1 and state = 'pending'
     returning attempts`,
    [id, answer.httpStatus, answer.error, answer.nextAttemptAt],
  );
  return rows[0]?.attempts ?? 0;
}

/** Gives a claimed callback back unsent, due again when it was due before the claim. */
export async function recordUnsent(sql: Sql, id: bigint, dueAt: Date): Promise<void> {
  await sql.query(
    `update game_sim.callback_outbox set next_attempt_at = $2
     where id = $1 and state = 'pending'`,
    [id, dueAt],
  );
}
