import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { amountForCoin, parseRate } from './coin.ts';
import type { DepositDecisions } from './deposit-decisions.ts';
import {
  currencyOf,
  settingsOf,
  sha256,
  usdtSettingsSchema,
  type DepositDecider,
  type UsdtSettings,
} from './deposit-orders.ts';
import {
  findChannelOfType,
  findOpenCoinOrder,
  findOrderByKey,
  linkChainTransfer,
  listUncreditedTransfers,
  type ChannelRow,
  type UncreditedTransfer,
} from './deposit.repository.ts';

export type ChainSweepReport = {
  credited: number;
  waiting: number;
  skipped: number;
  failed: number;
};

/** Thrown inside a crediting transaction when another run took the transfer first. */
class TransferAlreadyTaken extends Error {
  constructor() {
    super('chain transfer already taken by an order');
    this.name = 'TransferAlreadyTaken';
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof AppError && error.code === code;
}

function ignoreTaken(error: unknown): void {
  if (!(error instanceof TransferAlreadyTaken)) throw error;
}

/**
 * USDT deposits as the chain watcher (usdt-deposit-watcher.ts) credits them: each transfer to a
 * member's address with enough confirmations credits the member's open order for that coin
 * amount, or an order of its own, at the channel's rate.
 */
export class ChainDeposits {
  readonly #db: Database;
  readonly #decisions: DepositDecisions;

  constructor(dependencies: { db: Database; decisions: DepositDecisions }) {
    this.#db = dependencies.db;
    this.#decisions = dependencies.decisions;
  }

  /**
   * Credits every transfer to a member's address that has the confirmations its brand's USDT
   * channel asks for. Safe to run twice or after a crash: a transfer is taken by at most one
   * order (`chain_transfers.deposit_order_id`, set in the crediting transaction).
   */
  async creditConfirmedTransfers(
    signal: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<ChainSweepReport> {
    const report: ChainSweepReport = { credited: 0, waiting: 0, skipped: 0, failed: 0 };
    const channels = new Map<string, { channel: ChannelRow; settings: UsdtSettings } | null>();
    let afterId = 0n;
    let firstFailure: Error | undefined;
    batches: while (!signal.aborted) {
      const batch = await listUncreditedTransfers(this.#db, afterId, 100);
      if (batch.length === 0) break;
      for (const transfer of batch) {
        // Stopping half way is fine: the next run starts again from database state.
        if (signal.aborted) break batches;
        afterId = transfer.id;
        if (!channels.has(transfer.brandCode)) {
          const channel = await findChannelOfType(this.#db, transfer.brandCode, 'usdt');
          channels.set(
            transfer.brandCode,
            channel ? { channel, settings: settingsOf(channel, usdtSettingsSchema) } : null,
          );
        }
        const usdt = channels.get(transfer.brandCode);
        if (!usdt) {
          report.skipped++;
          continue;
        }
        if (transfer.confirmations < usdt.settings.confirmations) {
          report.waiting++;
          continue;
        }
        try {
          const outcome = await this.#creditTransfer(transfer, usdt.channel, usdt.settings);
          report[outcome]++;
        } catch (error) {
          report.failed++;
          firstFailure ??=
            error instanceof Error
              ? error
              : new Error('crediting a chain transfer failed', { cause: error });
          log.error({ err: error, txHash: transfer.txHash }, 'crediting a chain transfer failed');
        }
      }
    }
    // The others were credited; the sweep reports the failure so the run shows as failed.
    if (firstFailure !== undefined) throw firstFailure;
    return report;
  }

  async #creditTransfer(
    transfer: UncreditedTransfer,
    channel: ChannelRow,
    settings: UsdtSettings,
  ): Promise<'credited' | 'skipped'> {
    const currency = currencyOf(channel.currency);
    const rate = parseRate(settings.rate);
    if (rate === null) throw new Error(`deposit channel ${channel.brandCode}/usdt: bad rate`);
    const amountMinor = amountForCoin(transfer.coinAmountMinor, rate, currency);
    const decider: DepositDecider = {
      actor: { type: 'job', id: 'usdt-deposit-watcher' },
      decidedBy: `chain:${transfer.txHash}`,
    };
    const link = async (executor: Executor, orderId: bigint) => {
      if (!(await linkChainTransfer(executor, transfer.id, orderId))) {
        throw new TransferAlreadyTaken();
      }
    };
    const chainKey = `chain:${transfer.txHash}`;

    // An order already made for this transaction (an operator decided it by hand): tie them.
    const own = await findOrderByKey(this.#db, transfer.brandCode, transfer.memberId, chainKey);
    if (own) {
      await link(this.#db, own.id).catch(ignoreTaken);
      return 'skipped';
    }
    // Too small to be worth one minor unit: nothing to credit.
    if (amountMinor <= 0n) return 'skipped';

    const details = { txHash: transfer.txHash };
    try {
      // The member's open order for exactly this coin amount, credited at today's rate.
      const open = await findOpenCoinOrder(this.#db, {
        brandCode: transfer.brandCode,
        memberId: transfer.memberId,
        protocol: transfer.protocol,
        coinAmountMinor: transfer.coinAmountMinor,
      });
      if (open) {
        try {
          const result = await this.#decisions.credit(open, decider, {
            amountMinor,
            rate: settings.rate,
            detailsPatch: details,
            also: (transaction) => link(transaction, open.id),
          });
          if (!result.replayed) return 'credited';
        } catch (error) {
          // The order was decided meanwhile: the transfer gets an order of its own below.
          if (!isCode(error, 'deposit_not_pending') && !isCode(error, 'idempotency_conflict')) {
            throw error;
          }
        }
      }

      // Otherwise an order made and confirmed in the one transaction that credits it.
      await this.#decisions.creditNewOrder(
        {
          brandCode: transfer.brandCode,
          memberId: transfer.memberId,
          channelCode: channel.code,
          channelType: 'usdt',
          currency,
          amountMinor,
          coinAmountMinor: transfer.coinAmountMinor,
          rate: settings.rate,
          idempotencyKey: chainKey,
          requestHash: sha256(chainKey),
          details: {
            channelName: channel.name,
            protocol: transfer.protocol,
            address: transfer.address,
            ...details,
          },
        },
        decider,
        {
          taken: () => new TransferAlreadyTaken(),
          also: (transaction, order) => link(transaction, order.id),
        },
      );
      return 'credited';
    } catch (error) {
      if (error instanceof TransferAlreadyTaken) return 'skipped';
      throw error;
    }
  }
}
