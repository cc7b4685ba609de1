import { randomInt } from 'node:crypto';
import { COIN_ADDRESS_RULES, type DepositOrder } from '@lobby/contracts';
import { parseAmount, toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { isCoinProtocol, newTxHash } from './coin.ts';
import {
  currencyOf,
  invalid,
  onlineSettingsSchema,
  settingsOf,
  toMemberOrder,
  type ChainTransferInput,
  type GatewayCallback,
} from './deposit-orders.ts';
import { DEPOSIT_ERRORS } from './deposit.errors.ts';
import {
  advanceChainTransfers,
  findChannel,
  findOrderByNo,
  insertChainTransfer,
} from './deposit.repository.ts';
import { signGatewayFields } from './gateway.ts';

/**
 * The sandbox stand-ins for the outside world (absent in production, see sandbox.routes.ts):
 * the payment gateway's pay page and its signed notification, and the chain that receives
 * USDT transfers and confirms them one block at a time.
 */
export class DepositSandbox {
  readonly #db: Database;

  constructor(dependencies: { db: Database }) {
    this.#db = dependencies.db;
  }

  // -------------------------------------------------------------------------------------------
  // The payment gateway.

  /** What the sandbox gateway's pay page shows about an online order; null if there is none. */
  async sandboxPayment(orderNo: string): Promise<DepositOrder | null> {
    const order = await findOrderByNo(this.#db, orderNo);
    return order && order.channelType === 'online' ? toMemberOrder(order) : null;
  }

  /**
   * The sandbox gateway's side: the signed `paid` notification for an online order, as the
   * gateway would post it to our callback. It knows the merchant's secret as a real gateway
   * does; here it reads it from the channel. Null when there is no such online order.
   */
  async sandboxPaidNotification(orderNo: string): Promise<GatewayCallback | null> {
    const order = await findOrderByNo(this.#db, orderNo);
    if (!order || order.channelType !== 'online') return null;
    const channel = await findChannel(this.#db, order.brandCode, order.channelCode);
    if (!channel) return null;
    const settings = settingsOf(channel, onlineSettingsSchema);
    const fields = {
      merchantId: settings.merchantId,
      orderNo: order.orderNo,
      amount: toDecimalString(order.amountMinor, currencyOf(order.currency)),
      tradeNo: `SBX${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`,
      status: 'paid' as const,
      paidAt: new Date().toISOString(),
    };
    return { ...fields, sign: signGatewayFields(fields, settings.secret) };
  }

  // -------------------------------------------------------------------------------------------
  // USDT on the sandbox chain.

  /** The sandbox chain receives a transfer: a new transaction with no confirmations yet. */
  async sandboxTransfer(input: ChainTransferInput) {
    const { protocol } = input;
    if (!isCoinProtocol(protocol)) throw invalid('protocol');
    if (!COIN_ADDRESS_RULES[protocol].test(input.address)) throw invalid('address');
    const amount = parseAmount(input.amount, 'USDT');
    // A million USDT in one transfer is plenty for a sandbox, and keeps products in range.
    if (!amount.ok || amount.minor <= 0n || amount.minor > 1_000_000_000_000n) {
      throw appError(DEPOSIT_ERRORS, 'deposit_amount_invalid');
    }
    const row = await insertChainTransfer(this.#db, {
      txHash: newTxHash(protocol),
      address: input.address,
      protocol,
      coinAmountMinor: amount.minor,
      confirmations: 0,
    });
    return {
      txHash: row.txHash,
      address: row.address,
      protocol: row.protocol,
      amount: toDecimalString(row.coinAmountMinor, 'USDT'),
      confirmations: row.confirmations,
    };
  }

  /** One block of the sandbox chain: transfers not yet credited gain a confirmation. */
  async advanceSandboxChain(): Promise<number> {
    return advanceChainTransfers(this.#db);
  }
}
