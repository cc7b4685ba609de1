import type { SimDatabase, Sql } from '../db/database.ts';
import { setLastKnownBalance } from '../provider/wallet.repository.ts';
import type { LobbyClient } from './lobby-client.ts';
import type { CallbackOutbox, QueuedCallback } from './outbox.service.ts';
import { findCallbackOf } from './outbox.repository.ts';

export type StakeOutcome<T> =
  | { kind: 'settled'; value: T; balanceMinor: bigint }
  /** Lobby refused the debit (final): nothing moved. */
  | { kind: 'refused'; error: string }
  /** The debit's answer stayed unknown: the stake was rolled back. */
  | { kind: 'unavailable' };

/** The callbacks of one stake: transaction ids derive from the round (or bet) id. */
export function transactionIds(roundId: string) {
  return {
    debit: `${roundId}:debit`,
    credit: `${roundId}:credit`,
    rollback: `${roundId}:rollback`,
  };
}

export type StakeSteps<T> = {
  /** Records the round or bet as 'debiting' (same transaction as the debit callback). */
  begin(tx: Sql): Promise<void>;
  /**
   * Lobby took the stake: decides the outcome and records it; null when the stake was given up
   * meanwhile (the background rolled it back). `creditMinor` queues the round's credit.
   */
  settle(tx: Sql, debitBalanceMinor: bigint): Promise<{ value: T; creditMinor?: bigint } | null>;
  /** Lobby refused the debit. */
  refuse(tx: Sql): Promise<void>;
  /** Gives up on an unknown debit: true when the stake was still 'debiting' (now rolled back). */
  abandon(tx: Sql): Promise<boolean>;
};

/**
 * The seamless wallet from the platform's side: the player's money stays at Lobby. A stake is
 * debited by callback before its outcome and credited after it (zero for a loss); a debit whose
 * answer stays unknown is rolled back. Callbacks go through the outbox, so each reaches Lobby
 * with a final answer eventually, even across restarts.
 */
export class SeamlessWallet {
  readonly #database: SimDatabase;
  readonly #outbox: CallbackOutbox;
  readonly #client: LobbyClient;

  constructor(deps: { database: SimDatabase; outbox: CallbackOutbox; client: LobbyClient }) {
    this.#database = deps.database;
    this.#outbox = deps.outbox;
    this.#client = deps.client;
  }

  /** The player's balance at Lobby (balance callback); the last known one if Lobby is silent. */
  async balance(
    platformId: number,
    player: string,
    lastKnown: bigint | null,
  ): Promise<bigint | null> {
    const answer = await this.#client.call(platformId, 'balance', JSON.stringify({ player }));
    if (answer.kind !== 'ok') return lastKnown;
    await setLastKnownBalance(this.#database, platformId, player, answer.balanceMinor);
    return answer.balanceMinor;
  }

  async stake<T>(
    input: {
      platformId: number;
      player: string;
      roundId: string;
      gameCode: string;
      amountMinor: bigint;
    },
    steps: StakeSteps<T>,
  ): Promise<StakeOutcome<T>> {
    const ids = transactionIds(input.roundId);
    const debit = await this.#database.transaction(async (tx) => {
      await steps.begin(tx);
      return this.#outbox.enqueue(
        tx,
        {
          platformId: input.platformId,
          operation: 'debit',
          transactionId: ids.debit,
          roundId: input.roundId,
          body: {
            transactionId: ids.debit,
            player: input.player,
            roundId: input.roundId,
            gameCode: input.gameCode,
            amountMinor: input.amountMinor.toString(),
          },
        },
        { claim: true },
      );
    });
    const answer = await this.#outbox.deliverClaimed(debit, this.#outbox.policy.debitAttempts);

    if (answer?.kind === 'ok') {
      await setLastKnownBalance(
        this.#database,
        input.platformId,
        input.player,
        answer.balanceMinor,
      );
      const settled = await this.#database.transaction(async (tx) => {
        const result = await steps.settle(tx, answer.balanceMinor);
        if (!result) return null;
        const credit =
          result.creditMinor === undefined
            ? null
            : await this.queueCredit(
                tx,
                { ...input, amountMinor: result.creditMinor },
                { claim: true },
              );
        return { ...result, credit };
      });
      if (!settled) return { kind: 'unavailable' };
      let balance = answer.balanceMinor + (settled.creditMinor ?? 0n);
      if (settled.credit) {
        const credited = await this.#outbox.deliverClaimed(settled.credit, 1);
        if (credited?.kind === 'ok') {
          balance = credited.balanceMinor;
          await setLastKnownBalance(this.#database, input.platformId, input.player, balance);
        }
      }
      return { kind: 'settled', value: settled.value, balanceMinor: balance };
    }

    if (answer?.kind === 'refused') {
      await this.#database.transaction((tx) => steps.refuse(tx));
      return { kind: 'refused', error: answer.error };
    }

    // Unknown (or held back): Lobby may or may not hold the stake; a rollback settles it.
    const rollback = await this.#database.transaction(async (tx) =>
      (await steps.abandon(tx)) ? this.queueRollback(tx, input, { claim: true }) : null,
    );
    if (rollback) await this.#outbox.deliverClaimed(rollback, 1);
    return { kind: 'unavailable' };
  }

  queueCredit(
    tx: Sql,
    input: {
      platformId: number;
      player: string;
      roundId: string;
      gameCode: string;
      amountMinor: bigint;
    },
    options: { claim: boolean },
  ): Promise<QueuedCallback> {
    const ids = transactionIds(input.roundId);
    return this.#outbox.enqueue(
      tx,
      {
        platformId: input.platformId,
        operation: 'credit',
        transactionId: ids.credit,
        roundId: input.roundId,
        body: {
          transactionId: ids.credit,
          player: input.player,
          roundId: input.roundId,
          gameCode: input.gameCode,
          amountMinor: input.amountMinor.toString(),
        },
      },
      options,
    );
  }

  queueRollback(
    tx: Sql,
    input: { platformId: number; player: string; roundId: string },
    options: { claim: boolean },
  ): Promise<QueuedCallback> {
    const ids = transactionIds(input.roundId);
    return this.#outbox.enqueue(
      tx,
      {
        platformId: input.platformId,
        operation: 'rollback',
        transactionId: ids.rollback,
        roundId: input.roundId,
        body: {
          transactionId: ids.rollback,
          player: input.player,
          roundId: input.roundId,
          originalTransactionId: ids.debit,
        },
      },
      options,
    );
  }

  /** How Lobby answered a stake's debit so far: 'refused' needs no rollback. */
  async debitState(tx: Sql, platformId: number, roundId: string): Promise<string | null> {
    const row = await findCallbackOf(tx, platformId, transactionIds(roundId).debit);
    return row?.state ?? null;
  }
}
