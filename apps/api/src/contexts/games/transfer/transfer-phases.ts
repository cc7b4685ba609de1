import type { TransferResponse } from '@lobby/game-protocol';
import type { Executor, Transaction } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/errors.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { GAMES_ERRORS, type ProviderOutcome } from '../games/index.ts';
import type { LedgerActor, PostingLine } from '../../money/ledger/index.ts';
import {
  currencyOf,
  memberActor,
  providerRefusal,
  refusalReason,
  replayOf,
  type OrderIntent,
  type TransferDependencies,
  type TransferFailureReason,
} from './transfer-orders.ts';
import {
  findTransferById,
  findTransferByKey,
  finishTransfer,
  hasTransferInTransit,
  insertTransfer,
  platformBooks,
  rescheduleTransfer,
  type TransferRow,
} from './transfer.repository.ts';
import { FIRST_CHECK_DELAY_MS, firstCheckAt } from './transfer-schedule.ts';

/** How an order ends: the money moved at the platform, or it did not (and why). */
export type TransferOutcome =
  { status: 'success' } | { status: 'failed'; reason: TransferFailureReason };

/**
 * The steps that move a transfer's money, each one ledger entry keyed by the order number and
 * the step, so a retry after a crash never moves money twice: the win or loss booked before money
 * leaves a platform; phase one, the reserve into in-transit with the order; the call to the
 * platform; and phase two, the settlement (the order's success) or the void (its failure).
 */
export class TransferPhases {
  readonly #deps: TransferDependencies;

  constructor(dependencies: TransferDependencies) {
    this.#deps = dependencies;
  }

  /**
   * Books the member's win or loss at a platform: the difference between what it holds and the
   * platform account, against the house's game results. It posts only if, inside its
   * transaction, the account still held what was read and no order with the platform is in
   * transit; otherwise something moved meanwhile and the member is asked to try again.
   */
  async bookResult(intent: OrderIntent, platformMinor: bigint): Promise<void> {
    const { db, ledger } = this.#deps;
    const { brandCode, memberId, currency, platformId } = intent;
    const bookOf = async (executor: Executor) =>
      (await platformBooks(executor, brandCode, memberId, currency)).get(platformId) ?? 0n;
    const bookMinor = await bookOf(db);
    const deltaMinor = platformMinor - bookMinor;
    if (deltaMinor === 0n) return;
    const moved = () => appError(GAMES_ERRORS, 'transfer_in_progress');
    const ref = String(platformId);
    try {
      const result = await ledger.post(
        {
          brandCode,
          reason: 'game_result',
          idempotencyKey: `${intent.orderNo}:result:${bookMinor}:${platformMinor}`,
          actor: memberActor(memberId),
          memo: intent.orderNo,
          lines: [
            { account: { kind: 'house_game_results', ref, currency }, amountMinor: -deltaMinor },
            {
              account: { kind: 'member_platform', memberId, ref, currency },
              amountMinor: deltaMinor,
            },
          ],
        },
        async (transaction) => {
          if (
            (await bookOf(transaction)) !== platformMinor ||
            (await hasTransferInTransit(transaction, memberId, platformId))
          ) {
            throw moved();
          }
        },
      );
      if (result.replayed && (await bookOf(db)) !== platformMinor) throw moved();
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === 'insufficient_funds' || error.code === 'idempotency_conflict')
      ) {
        throw moved();
      }
      throw error;
    }
  }

  /**
   * Phase one: the money moves to in-transit and the order is written, in one transaction.
   * `fresh` is false when a concurrent request with the same key made the order first.
   */
  async reserve(
    intent: OrderIntent,
    amountMinor: bigint,
  ): Promise<{ row: TransferRow; fresh: boolean }> {
    const { db, ledger } = this.#deps;
    const { brandCode, memberId, currency, platformId, direction } = intent;
    const ref = String(platformId);
    const source: PostingLine['account'] =
      direction === 'in'
        ? { kind: 'member_wallet', memberId, currency }
        : { kind: 'member_platform', memberId, ref, currency };
    const now = this.#deps.now();
    let created: TransferRow | undefined;
    const raced = async () => {
      const row = await findTransferByKey(db, brandCode, memberId, intent.idempotencyKey);
      if (!row) return null;
      return { row: replayOf(row, intent.requestHash), fresh: false };
    };
    try {
      const result = await ledger.post(
        {
          brandCode,
          reason: `game_transfer_${direction}_reserve`,
          idempotencyKey: `${intent.orderNo}:reserve`,
          actor: memberActor(memberId),
          memo: intent.orderNo,
          lines: [
            { account: source, amountMinor: -amountMinor },
            { account: { kind: 'house_in_transit', ref, currency }, amountMinor },
          ],
        },
        async (transaction, entryId) => {
          created = await insertTransfer(transaction, {
            orderNo: intent.orderNo,
            brandCode,
            memberId,
            platformId,
            direction,
            currency,
            amountMinor,
            status: 'in_transit',
            idempotencyKey: intent.idempotencyKey,
            requestHash: intent.requestHash,
            recycleBatch: intent.recycleBatch,
            nextCheckAt: firstCheckAt(now, this.#deps.notFoundFinalAfterMs),
            reserveEntryId: entryId,
            createdAt: now,
          });
        },
      );
      if (!result.replayed && created) return { row: created, fresh: true };
      const replay = await raced();
      if (!replay) throw new Error(`transfer ${intent.orderNo}: reserved without an order`);
      return replay;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        throw appError(
          GAMES_ERRORS,
          direction === 'in' ? 'insufficient_funds' : 'platform_insufficient_balance',
        );
      }
      if (error instanceof AppError && error.code === 'idempotency_conflict') {
        throw appError(GAMES_ERRORS, 'idempotency_conflict');
      }
      const index = uniqueViolation(error);
      if (index === 'game_transfers_one_in_transit') {
        throw appError(GAMES_ERRORS, 'transfer_in_progress');
      }
      if (index !== null) {
        const replay = await raced();
        if (replay) return replay;
      }
      throw error;
    }
  }

  /** Calls the platform with the order and acts on what came back. */
  async send(row: TransferRow, player: string): Promise<TransferRow> {
    const outcome = await this.#deps.provider.transfer(row.platformId, {
      orderId: row.orderNo,
      player,
      direction: row.direction,
      amountMinor: String(row.amountMinor),
    });
    return this.#onAnswer(row, outcome);
  }

  async #onAnswer(
    row: TransferRow,
    outcome: ProviderOutcome<TransferResponse>,
  ): Promise<TransferRow> {
    const actor = memberActor(row.memberId);
    switch (outcome.kind) {
      case 'ok':
        return outcome.value.status === 'success'
          ? this.settle(row, { status: 'success' }, actor)
          : this.settle(
              row,
              { status: 'failed', reason: refusalReason(outcome.value.reason) },
              actor,
            );
      case 'refused':
        // Refused before anything happened (4xx, maintenance): the money goes back.
        return this.settle(
          row,
          { status: 'failed', reason: providerRefusal(outcome.error) },
          actor,
        );
      case 'unknown':
        // The platform may or may not have moved the money: the order stays in transit and the
        // reconciliation job asks the platform until it knows.
        await rescheduleTransfer(this.#deps.db, row.id, {
          nextCheckAt:
            row.nextCheckAt ?? new Date(this.#deps.now().getTime() + FIRST_CHECK_DELAY_MS),
          lastError: outcome.reason,
        });
        return (await findTransferById(this.#deps.db, row.id)) ?? row;
    }
  }

  /**
   * Phase two: the money leaves in-transit, to the platform account or the centre wallet (a
   * success), or back where it came from (a failure), and the order becomes final with it. One
   * key per order (`<orderNo>:final`) whatever the outcome, so an order is settled exactly once
   * even if two nodes were to disagree; the loser reads the order as the winner left it.
   * `alongside` (an operator's action log row) runs in the settling transaction, only when
   * this call is the one that settled the order.
   */
  async settle(
    row: TransferRow,
    outcome: TransferOutcome,
    actor: LedgerActor,
    alongside?: (transaction: Transaction) => Promise<void>,
  ): Promise<TransferRow> {
    const { db, ledger } = this.#deps;
    const currency = currencyOf(row);
    const { memberId, direction } = row;
    const ref = String(row.platformId);
    const wallet: PostingLine['account'] = { kind: 'member_wallet', memberId, currency };
    const platform: PostingLine['account'] = { kind: 'member_platform', memberId, ref, currency };
    const success = outcome.status === 'success';
    const destination =
      direction === 'in' ? (success ? platform : wallet) : success ? wallet : platform;
    try {
      await ledger.post(
        {
          brandCode: row.brandCode,
          reason: success ? `game_transfer_${direction}` : `game_transfer_${direction}_void`,
          idempotencyKey: `${row.orderNo}:final`,
          actor,
          memo: row.orderNo,
          lines: [
            { account: { kind: 'house_in_transit', ref, currency }, amountMinor: -row.amountMinor },
            { account: destination, amountMinor: row.amountMinor },
          ],
        },
        async (transaction, entryId) => {
          const finished = await finishTransfer(transaction, row.id, {
            status: outcome.status,
            reason: outcome.status === 'failed' ? outcome.reason : null,
            finalEntryId: entryId,
            finishedAt: this.#deps.now(),
          });
          // The final key is taken with the status, so a final order without it is corruption.
          if (!finished) throw new Error(`transfer ${row.orderNo} was final without its entry`);
          await alongside?.(transaction);
        },
      );
    } catch (error) {
      // The other outcome took the key first (another node): the order reads as it left it.
      if (!(error instanceof AppError && error.code === 'idempotency_conflict')) throw error;
      this.#deps.log?.warn({ orderNo: row.orderNo, outcome }, 'transfer was settled the other way');
    }
    const settled = await findTransferById(db, row.id);
    if (!settled) throw new Error(`transfer ${row.orderNo} vanished`);
    return settled;
  }
}
