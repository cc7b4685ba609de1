import type { FastifyBaseLogger } from 'fastify';
import type { SimDatabase, Sql } from '../db/database.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';
import { isFinal, type CallbackAnswer, type LobbyClient } from './lobby-client.ts';
import {
  claimCallback,
  claimDueCallbacks,
  findCallback,
  insertCallback,
  recordFinalAnswer,
  recordUnknownAnswer,
  recordUnsent,
  type CallbackOperation,
  type OutboxRow,
} from './outbox.repository.ts';

export type CallbackPolicy = {
  /** How long one callback may take before its answer counts as unknown. */
  timeoutMs: number;
  /** Attempts a round makes at its debit before it gives up and rolls back. */
  debitAttempts: number;
  /** How long a callback chosen for reordering is held back. */
  reorderHoldMs: number;
  /** Retries after an unknown answer wait base * 2^(n-1), at most max. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A claimed callback is left alone by other workers this long. */
  leaseMs: number;
};

export const DEFAULT_CALLBACK_POLICY: CallbackPolicy = {
  timeoutMs: 5_000,
  debitAttempts: 2,
  reorderHoldMs: 2_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 300_000,
  leaseMs: 60_000,
};

export type NewCallback = {
  platformId: number;
  operation: CallbackOperation;
  transactionId: string;
  roundId: string;
  body: Record<string, unknown>;
};

/** A queued callback; `held` when a reorder fault keeps it back. */
export type QueuedCallback = { id: bigint; held: boolean };

/**
 * The outbox of seamless callbacks. A callback is written in the same transaction as the state
 * that needs it, then sent until Lobby gives a final answer (200 or 4xx), with exponential
 * backoff after unknown answers; it survives restarts. Faults: a duplicate is the same callback
 * sent again after its final answer; a reordered callback is held back, so callbacks made after
 * it reach Lobby first.
 */
export class CallbackOutbox {
  readonly #database: SimDatabase;
  readonly #client: LobbyClient;
  readonly #faults: FaultInjector;
  readonly #now: () => Date;
  readonly #policy: CallbackPolicy;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    database: SimDatabase;
    client: LobbyClient;
    faults: FaultInjector;
    now: () => Date;
    policy: CallbackPolicy;
    log: FastifyBaseLogger;
  }) {
    this.#database = deps.database;
    this.#client = deps.client;
    this.#faults = deps.faults;
    this.#now = deps.now;
    this.#policy = deps.policy;
    this.#log = deps.log;
  }

  get policy(): CallbackPolicy {
    return this.#policy;
  }

  /**
   * Queues a callback in the caller's transaction. `claim`: the caller sends it itself right
   * after the commit (deliverClaimed), so background workers leave it alone meanwhile.
   */
  async enqueue(
    tx: Sql,
    message: NewCallback,
    options: { claim: boolean },
  ): Promise<QueuedCallback> {
    const now = this.#now();
    const { reorder } = this.#faults.callbackFaults(message.transactionId, 0);
    const nextAttemptAt = reorder
      ? this.#after(now, this.#policy.reorderHoldMs)
      : options.claim
        ? this.#after(now, this.#policy.leaseMs)
        : now;
    const row = await insertCallback(tx, {
      platformId: message.platformId,
      operation: message.operation,
      transactionId: message.transactionId,
      roundId: message.roundId,
      copyNumber: 0,
      body: JSON.stringify(message.body),
      nextAttemptAt,
      now,
    });
    return { id: row.id, held: reorder };
  }

  /**
   * Sends a callback the caller claimed, up to `attempts` times in a row until a final answer.
   * Null when it is held back (reordered): it leaves later, from the background.
   */
  async deliverClaimed(queued: QueuedCallback, attempts: number): Promise<CallbackAnswer | null> {
    if (queued.held) return null;
    let answer: CallbackAnswer | null = null;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const row = await findCallback(this.#database, queued.id);
      if (!row || row.state !== 'pending') return answer;
      answer = await this.#attempt(row, { lastOfClaim: attempt === attempts, sendCopyNow: true });
      if (isFinal(answer)) return answer;
    }
    return answer;
  }

  /**
   * Sends every due callback once, in due order; answers how many were sent. `signal` stops it
   * between callbacks (shutdown); the rest stay due for the next pass.
   */
  async deliverDue(maxMessages = 500, signal?: AbortSignal): Promise<number> {
    let sent = 0;
    while (sent < maxMessages && !signal?.aborted) {
      const now = this.#now();
      const batch = await this.#database.transaction((tx) =>
        claimDueCallbacks(
          tx,
          now,
          this.#after(now, this.#policy.leaseMs),
          Math.min(50, maxMessages - sent),
        ),
      );
      if (batch.length === 0) break;
      batch.sort(
        (a, b) =>
          a.due_at.getTime() - b.due_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      for (const row of batch) {
        if (signal?.aborted) {
          // Claimed but not sent: due again at once for whoever runs next.
          await recordUnsent(this.#database, row.id, row.due_at);
          continue;
        }
        await this.#attempt(row, { lastOfClaim: true, sendCopyNow: false });
        sent += 1;
      }
    }
    return sent;
  }

  async #attempt(
    row: OutboxRow,
    options: { lastOfClaim: boolean; sendCopyNow: boolean },
  ): Promise<CallbackAnswer> {
    const answer = await this.#client.call(row.platform_id, row.operation, row.body);
    const now = this.#now();
    if (isFinal(answer)) {
      await recordFinalAnswer(this.#database, row.id, {
        state: answer.kind === 'ok' ? 'ok' : 'refused',
        httpStatus: answer.httpStatus,
        body:
          answer.kind === 'ok'
            ? { status: 'ok', balanceMinor: answer.balanceMinor.toString() }
            : { status: 'error', error: answer.error },
        now,
      });
      if (answer.kind === 'refused') {
        this.#log.info(
          { transactionId: row.transaction_id, copy: row.copy_number, error: answer.error },
          'seamless callback refused',
        );
      }
      await this.#duplicate(row, options.sendCopyNow);
      return answer;
    }
    const attempts = row.attempts + 1;
    const nextAttemptAt = options.lastOfClaim
      ? this.#after(now, this.#backoffMs(attempts))
      : this.#after(now, this.#policy.leaseMs);
    await recordUnknownAnswer(this.#database, row.id, {
      httpStatus: answer.httpStatus,
      error: answer.error,
      nextAttemptAt,
    });
    this.#log.warn(
      { transactionId: row.transaction_id, attempts, error: answer.error, nextAttemptAt },
      'seamless callback answer unknown; it will be retried',
    );
    return answer;
  }

  /** After an original's final answer, a duplicate fault sends the same callback once more. */
  async #duplicate(row: OutboxRow, sendNow: boolean): Promise<void> {
    if (row.copy_number !== 0) return;
    if (!this.#faults.callbackFaults(row.transaction_id, 0).duplicate) return;
    const now = this.#now();
    const { reorder } = this.#faults.callbackFaults(row.transaction_id, 1);
    const copy = await insertCallback(this.#database, {
      platformId: row.platform_id,
      operation: row.operation,
      transactionId: row.transaction_id,
      roundId: row.round_id,
      copyNumber: 1,
      body: row.body,
      nextAttemptAt: reorder ? this.#after(now, this.#policy.reorderHoldMs) : now,
      now,
    });
    if (!sendNow || reorder) return;
    const claimed = await claimCallback(
      this.#database,
      copy.id,
      now,
      this.#after(now, this.#policy.leaseMs),
    );
    if (claimed) await this.#attempt(claimed, { lastOfClaim: true, sendCopyNow: false });
  }

  #backoffMs(attempts: number): number {
    return Math.min(
      this.#policy.backoffBaseMs * 2 ** Math.max(0, attempts - 1),
      this.#policy.backoffMaxMs,
    );
  }

  #after(time: Date, ms: number): Date {
    return new Date(time.getTime() + ms);
  }
}
