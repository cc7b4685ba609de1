import type {
  BalanceResponse,
  TransferRequest,
  TransferResponse,
  TransferStatusResponse,
  WithdrawAllResponse,
} from '@lobby/game-protocol';
import { isUniqueViolation, type SimDatabase, type Sql } from '../db/database.ts';
import { SimError } from '../errors.ts';
import {
  findPlayer,
  findTransfer,
  insertDroppedTransfer,
  insertPlayer,
  insertTransfer,
  setBalance,
  type PlayerRow,
  type TransferRow,
} from './wallet.repository.ts';

/** An order the simulator lost on purpose: every repeat meets the same fault. */
export type DroppedOrder = { dropped: 'timeout' | 'error' };

export function isInRound(player: Pick<PlayerRow, 'round_open_until'>, now: Date): boolean {
  return player.round_open_until !== null && player.round_open_until.getTime() > now.getTime();
}

function transferKey(request: TransferRequest): string {
  return `transfer:${request.player}:${request.direction}:${request.amountMinor}`;
}

function withdrawAllKey(player: string): string {
  return `withdraw_all:${player}`;
}

function playerNotFound(): SimError {
  return new SimError('player_not_found', 404, 'no such player at this platform');
}

/**
 * The transfer wallet of a platform: players' balances and Lobby's orders. Every order is
 * idempotent on its order id: the first outcome (success or refusal) is stored and repeated.
 */
export class WalletService {
  readonly #database: SimDatabase;

  constructor(database: SimDatabase) {
    this.#database = database;
  }

  async createPlayer(input: {
    platformId: number;
    player: string;
    currency: string;
    now: Date;
  }): Promise<{ player: string; created: boolean }> {
    const created = await insertPlayer(this.#database, input);
    return { player: input.player, created };
  }

  async balance(platformId: number, player: string, now: Date): Promise<BalanceResponse> {
    const row = await findPlayer(this.#database, platformId, player);
    if (!row) throw playerNotFound();
    return {
      player: row.player,
      currency: row.currency as BalanceResponse['currency'],
      balanceMinor: row.balance_minor.toString(),
      inRound: isInRound(row, now),
    };
  }

  async transfer(
    platformId: number,
    request: TransferRequest,
    now: Date,
  ): Promise<TransferResponse | DroppedOrder> {
    return this.#retryOnRace(() =>
      this.#database.transaction(async (tx) => {
        const answer = await this.#existingTransfer(tx, platformId, request.orderId, {
          requestKey: transferKey(request),
          player: request.player,
        });
        if (answer) return answer;
        const player = await findPlayer(tx, platformId, request.player, { forUpdate: true });
        if (!player) throw playerNotFound();
        // A concurrent repeat may have committed while we waited for the player's row.
        const late = await this.#existingTransfer(tx, platformId, request.orderId, {
          requestKey: transferKey(request),
          player: request.player,
        });
        if (late) return late;

        const amount = BigInt(request.amountMinor);
        let reason: TransferResponse['reason'];
        if (request.direction === 'out' && isInRound(player, now)) reason = 'player_in_round';
        else if (request.direction === 'out' && player.balance_minor < amount) {
          reason = 'insufficient_balance';
        }
        const balanceAfter =
          reason !== undefined
            ? player.balance_minor
            : request.direction === 'in'
              ? player.balance_minor + amount
              : player.balance_minor - amount;
        await insertTransfer(tx, {
          platformId,
          order_id: request.orderId,
          player: request.player,
          operation: 'transfer',
          direction: request.direction,
          amount_minor: amount,
          request_key: transferKey(request),
          status: reason ? 'failed' : 'success',
          reason: reason ?? null,
          dropped_fault: null,
          balance_after_minor: balanceAfter,
          created_at: now,
        });
        if (!reason) await setBalance(tx, platformId, request.player, balanceAfter);
        return transferAnswer(request.orderId, reason ? 'failed' : 'success', reason, balanceAfter);
      }),
    );
  }

  async withdrawAll(
    platformId: number,
    player: string,
    orderId: string,
    now: Date,
  ): Promise<WithdrawAllResponse | DroppedOrder> {
    return this.#retryOnRace(() =>
      this.#database.transaction(async (tx) => {
        const key = { requestKey: withdrawAllKey(player), player };
        const answer = await this.#existingTransfer(tx, platformId, orderId, key);
        if (answer) return withdrawAllAnswer(answer, await findTransfer(tx, platformId, orderId));
        const row = await findPlayer(tx, platformId, player, { forUpdate: true });
        if (!row) throw playerNotFound();
        const late = await this.#existingTransfer(tx, platformId, orderId, key);
        if (late) return withdrawAllAnswer(late, await findTransfer(tx, platformId, orderId));

        const inRound = isInRound(row, now);
        const amount = inRound ? 0n : row.balance_minor;
        const balanceAfter = row.balance_minor - amount;
        await insertTransfer(tx, {
          platformId,
          order_id: orderId,
          player,
          operation: 'withdraw_all',
          direction: 'out',
          amount_minor: amount,
          request_key: withdrawAllKey(player),
          status: inRound ? 'failed' : 'success',
          reason: inRound ? 'player_in_round' : null,
          dropped_fault: null,
          balance_after_minor: balanceAfter,
          created_at: now,
        });
        if (!inRound) await setBalance(tx, platformId, player, balanceAfter);
        return {
          orderId,
          status: inRound ? 'failed' : 'success',
          ...(inRound ? { reason: 'player_in_round' as const } : {}),
          amountMinor: amount.toString(),
          balanceMinor: balanceAfter.toString(),
        };
      }),
    );
  }

  async transferStatus(platformId: number, orderId: string): Promise<TransferStatusResponse> {
    const row = await findTransfer(this.#database, platformId, orderId);
    if (!row || row.status === 'dropped') return { orderId, status: 'not_found' };
    return {
      orderId,
      status: row.status,
      direction: row.direction,
      amountMinor: row.amount_minor.toString(),
      player: row.player,
    };
  }

  /** The fault an order was lost to, or null when it was not lost. */
  async droppedFault(platformId: number, orderId: string): Promise<'timeout' | 'error' | null> {
    const row = await findTransfer(this.#database, platformId, orderId);
    return row?.status === 'dropped' ? row.dropped_fault : null;
  }

  /** Loses an order on purpose: from now on it is not_found, and repeats meet the same fault. */
  async dropTransfer(
    platformId: number,
    request: TransferRequest,
    fault: 'timeout' | 'error',
    now: Date,
  ): Promise<void> {
    await insertDroppedTransfer(this.#database, {
      platformId,
      orderId: request.orderId,
      player: request.player,
      operation: 'transfer',
      direction: request.direction,
      amountMinor: BigInt(request.amountMinor),
      requestKey: transferKey(request),
      fault,
      now,
    });
  }

  async dropWithdrawAll(
    platformId: number,
    player: string,
    orderId: string,
    fault: 'timeout' | 'error',
    now: Date,
  ): Promise<void> {
    await insertDroppedTransfer(this.#database, {
      platformId,
      orderId,
      player,
      operation: 'withdraw_all',
      direction: 'out',
      amountMinor: 0n,
      requestKey: withdrawAllKey(player),
      fault,
      now,
    });
  }

  /**
   * The answer for an order id already used: its first outcome, or a conflict when the request
   * differs (nothing moves; the balance shown is the named player's, if any).
   */
  async #existingTransfer(
    tx: Sql,
    platformId: number,
    orderId: string,
    request: { requestKey: string; player: string },
  ): Promise<TransferResponse | DroppedOrder | null> {
    const row = await findTransfer(tx, platformId, orderId);
    if (!row) return null;
    if (row.status === 'dropped') return { dropped: row.dropped_fault ?? 'timeout' };
    if (row.request_key !== request.requestKey) {
      const player = await findPlayer(tx, platformId, request.player);
      return transferAnswer(orderId, 'failed', 'order_conflict', player?.balance_minor ?? 0n);
    }
    return transferAnswer(
      orderId,
      row.status,
      (row.reason as TransferResponse['reason']) ?? undefined,
      row.balance_after_minor,
    );
  }

  /** Two first requests of one order id may race to insert it; the loser answers the winner's. */
  async #retryOnRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return work();
    }
  }
}

function transferAnswer(
  orderId: string,
  status: 'success' | 'failed',
  reason: TransferResponse['reason'],
  balanceMinor: bigint,
): TransferResponse {
  return {
    orderId,
    status,
    ...(reason ? { reason } : {}),
    balanceMinor: balanceMinor.toString(),
  };
}

function withdrawAllAnswer(
  answer: TransferResponse | DroppedOrder,
  row: TransferRow | null,
): WithdrawAllResponse | DroppedOrder {
  if ('dropped' in answer) return answer;
  // A conflict (the order id names another request) moved nothing.
  const moved = answer.reason !== 'order_conflict' && row ? row.amount_minor : 0n;
  return { ...answer, amountMinor: moved.toString() };
}
