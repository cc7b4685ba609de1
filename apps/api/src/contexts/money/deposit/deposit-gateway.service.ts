import { parseAmount } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import type { RiskEvents } from '../../protection/risk/index.ts';
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
  readonly #risk: Pick<RiskEvents, 'depositFailed'> | undefined;

  constructor(dependencies: {
    db: Database;
    decisions: DepositDecisions;
    risk?: Pick<RiskEvents, 'depositFailed'> | undefined;
  }) {
    this.#db = dependencies.db;
    this.#decisions = dependencies.decisions;
    this.#risk = dependencies.risk;
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
    // A failed payment changes nothing on the order (the member may still pay it); the risk
    // rules count it once per trade (the failed-deposit block).
    if (body.status !== 'paid') {
      await this.#risk?.depositFailed({
        brandCode: order.brandCode,
        memberId: order.memberId,
        failureKey: `gateway:${order.orderNo}:${body.tradeNo}`,
      });
      return { orderNo: order.orderNo, status: order.status };
    }
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
