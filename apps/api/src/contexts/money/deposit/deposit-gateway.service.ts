import { parseAmount } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import type { DepositDecisions } from './deposit-decisions.ts';
import { currencyOf, onlineSettingsSchema, type GatewayCallback } from './deposit-orders.ts';
import { DEPOSIT_ERRORS } from './deposit.errors.ts';
import {
  findOnlineChannelByMerchant,
  findOrderByNo,
  type OrderStatus,
} from './deposit.repository.ts';
import { verifyGatewaySignature } from './gateway.ts';

/** The payment gateway's side of online deposits: its signed notification of a payment. */
export class GatewayDeposits {
  readonly #db: Database;
  readonly #decisions: DepositDecisions;

  constructor(dependencies: { db: Database; decisions: DepositDecisions }) {
    this.#db = dependencies.db;
    this.#decisions = dependencies.decisions;
  }

  /**
   * A gateway's notification: the merchant's signature first (constant-time), then the order
   * (of that merchant's brand, an online order) and its amount; `paid` confirms it once.
   */
  async gatewayCallback(body: GatewayCallback): Promise<{ orderNo: string; status: OrderStatus }> {
    const channel = await findOnlineChannelByMerchant(this.#db, body.merchantId);
    const settings = channel ? onlineSettingsSchema.safeParse(channel.settings) : undefined;
    if (!channel || !settings?.success || !verifyGatewaySignature(body, settings.data.secret)) {
      throw appError(DEPOSIT_ERRORS, 'gateway_signature');
    }
    const order = await findOrderByNo(this.#db, body.orderNo);
    if (!order || order.brandCode !== channel.brandCode || order.channelType !== 'online') {
      throw commonError('not_found');
    }
    const amount = parseAmount(body.amount, currencyOf(order.currency));
    if (!amount.ok || amount.minor !== order.amountMinor) {
      throw appError(DEPOSIT_ERRORS, 'gateway_amount_mismatch');
    }
    // A failed payment changes nothing: the member may still pay the order.
    if (body.status !== 'paid') return { orderNo: order.orderNo, status: order.status };
    const { order: confirmed } = await this.#decisions.confirm(
      order.orderNo,
      {
        actor: { type: 'provider', id: settings.data.gateway },
        decidedBy: `gateway:${settings.data.merchantId}`,
      },
      { detailsPatch: { tradeNo: body.tradeNo, paidAt: body.paidAt } },
    );
    return { orderNo: confirmed.orderNo, status: confirmed.status };
  }
}
