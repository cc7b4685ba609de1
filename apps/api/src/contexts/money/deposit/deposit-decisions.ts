import { brandPublicSettingsSchema } from '@lobby/contracts';
import type { CurrencyCode } from '@lobby/money';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { listBrandsWithHosts } from '../../platform/brand/index.ts';
import type { RiskEvents } from '../../protection/risk/index.ts';
import type { LedgerService, PostingLine } from '../ledger/index.ts';
import { addTurnover, turnoverForDeposit } from '../turnover/index.ts';
import { currencyOf, newOrderNo, type DepositDecider } from './deposit-orders.ts';
import { DEPOSIT_ERRORS } from './deposit.errors.ts';
import {
  findOrderByNo,
  insertOrderIfNew,
  markOrderConfirmed,
  markOrderRejected,
  OPEN_STATUSES,
  type NewOrderRow,
  type OrderRow,
} from './deposit.repository.ts';

/** What a credit changes on an open order besides its status. */
export type CreditChange = {
  amountMinor?: bigint;
  rate?: string;
  reason?: string | undefined;
  detailsPatch?: Record<string, unknown>;
  also?: (transaction: Transaction) => Promise<void>;
};

/** An order that is made confirmed, in the transaction that credits it. */
export type ConfirmedOrderFields = Omit<
  NewOrderRow,
  'orderNo' | 'status' | 'ledgerEntryId' | 'decidedBy' | 'decidedAt'
>;

/** The clearing account the channel's money comes from, to the member's centre wallet. */
function depositLines(
  channelCode: string,
  memberId: bigint,
  currency: CurrencyCode,
  amountMinor: bigint,
): PostingLine[] {
  return [
    {
      account: { kind: 'house_deposit_clearing', ref: channelCode, currency },
      amountMinor: -amountMinor,
    },
    { account: { kind: 'member_wallet', memberId, currency }, amountMinor },
  ];
}

/**
 * How an order is decided: confirmed or rejected. This file is the one way a deposit becomes
 * money: a ledger entry keyed `deposit:<orderNo>` whose transaction also moves the order to
 * `confirmed` (only from pending or submitted, or writes it confirmed) and adds the turnover
 * requirement, so the money, the status and the requirement change together or not at all.
 */
export class DepositDecisions {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #risk: Pick<RiskEvents, 'depositFailed' | 'depositConfirmed'> | undefined;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    risk?: Pick<RiskEvents, 'depositFailed' | 'depositConfirmed'> | undefined;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#risk = dependencies.risk;
  }

  /**
   * Confirms an order by its number (gateway, operator). An order already confirmed answers
   * as it is (a repeated confirmation moves nothing); a rejected or expired one is
   * `deposit_not_pending`.
   */
  async confirm(
    orderNo: string,
    decider: DepositDecider,
    change: {
      reason?: string | undefined;
      detailsPatch?: Record<string, unknown>;
      /** Runs in the crediting transaction (not on a repeat): the decider's log row. */
      also?: (transaction: Transaction) => Promise<void>;
    } = {},
  ): Promise<{ order: OrderRow; replayed: boolean }> {
    const order = await findOrderByNo(this.#db, orderNo);
    if (!order) throw commonError('not_found');
    if (order.status === 'confirmed') return { order, replayed: true };
    if (!OPEN_STATUSES.includes(order.status))
      throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
    return this.credit(order, decider, change);
  }

  /** Refuses an open order; no money moves. `also` runs in the same transaction. */
  async reject(
    orderNo: string,
    decidedBy: string,
    reason: string,
    also?: (transaction: Transaction, order: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    const order = await findOrderByNo(this.#db, orderNo);
    if (!order) throw commonError('not_found');
    const rejected = await this.#db.transaction(async (transaction) => {
      const row = await markOrderRejected(transaction, {
        orderId: order.id,
        decidedBy,
        reason,
      });
      if (!row) throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
      await also?.(transaction, row);
      return row;
    });
    // A rejected order is a failed deposit for the risk rules (never fails the rejection).
    await this.#risk?.depositFailed({
      brandCode: rejected.brandCode,
      memberId: rejected.memberId,
      failureKey: `rejected:${rejected.orderNo}`,
    });
    return rejected;
  }

  /**
   * Credits an open order: the ledger entry, and in its transaction the order's move to
   * `confirmed` (refused unless it is still open), the turnover requirement, and `also`.
   * `replayed` is true when the entry existed already: nothing moved this time.
   */
  async credit(
    order: OrderRow,
    decider: DepositDecider,
    change: CreditChange = {},
  ): Promise<{ order: OrderRow; replayed: boolean }> {
    const currency = currencyOf(order.currency);
    const amountMinor = change.amountMinor ?? order.amountMinor;
    const multiplierPercent = await this.#turnoverMultiplierPercent(order.brandCode);
    const result = await this.#ledger.post(
      {
        brandCode: order.brandCode,
        reason: 'deposit',
        idempotencyKey: `deposit:${order.orderNo}`,
        actor: decider.actor,
        memo: order.orderNo,
        lines: depositLines(order.channelCode, order.memberId, currency, amountMinor),
      },
      async (transaction, entryId) => {
        const confirmed = await markOrderConfirmed(transaction, {
          orderId: order.id,
          ledgerEntryId: entryId,
          decidedBy: decider.decidedBy,
          amountMinor,
          rate: change.rate,
          reason: change.reason,
          detailsPatch: change.detailsPatch ?? {},
        });
        if (!confirmed) throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
        await this.#addDepositTurnover(transaction, order, amountMinor, multiplierPercent);
        await change.also?.(transaction);
      },
    );
    const fresh = await findOrderByNo(this.#db, order.orderNo);
    if (!fresh) throw new Error(`deposit order ${order.orderNo} vanished`);
    if (!result.replayed) await this.#confirmed(fresh);
    return { order: fresh, replayed: result.replayed };
  }

  /**
   * Makes an order already confirmed and credits it, in one transaction (money that arrived with
   * no open order to match it). When the order's idempotency key is taken, `taken` is thrown and
   * nothing moves; `also` runs in the transaction with the new order.
   */
  async creditNewOrder(
    fields: ConfirmedOrderFields,
    decider: DepositDecider,
    options: {
      taken: () => Error;
      also: (transaction: Transaction, order: OrderRow) => Promise<void>;
    },
  ): Promise<void> {
    const currency = currencyOf(fields.currency);
    const orderNo = newOrderNo();
    const multiplierPercent = await this.#turnoverMultiplierPercent(fields.brandCode);
    await this.#ledger.post(
      {
        brandCode: fields.brandCode,
        reason: 'deposit',
        idempotencyKey: `deposit:${orderNo}`,
        actor: decider.actor,
        memo: orderNo,
        lines: depositLines(fields.channelCode, fields.memberId, currency, fields.amountMinor),
      },
      async (transaction, entryId) => {
        const order = await insertOrderIfNew(transaction, {
          ...fields,
          orderNo,
          status: 'confirmed',
          ledgerEntryId: entryId,
          decidedBy: decider.decidedBy,
          decidedAt: new Date(),
        });
        if (!order) throw options.taken();
        await this.#addDepositTurnover(transaction, order, fields.amountMinor, multiplierPercent);
        await options.also(transaction, order);
      },
    );
    await this.#confirmed(fields);
  }

  /** Tells the risk rules of a credited deposit (the cumulative-deposits rule). */
  async #confirmed(order: Pick<OrderRow, 'brandCode' | 'memberId' | 'currency'>): Promise<void> {
    await this.#risk?.depositConfirmed({
      brandCode: order.brandCode,
      memberId: order.memberId,
      currency: order.currency,
    });
  }

  async #addDepositTurnover(
    executor: Executor,
    order: Pick<OrderRow, 'brandCode' | 'memberId' | 'currency'>,
    amountMinor: bigint,
    multiplierPercent: number,
  ): Promise<void> {
    const turnover = turnoverForDeposit(amountMinor, multiplierPercent);
    if (turnover > 0n) {
      await addTurnover(executor, {
        brandCode: order.brandCode,
        memberId: order.memberId,
        currency: order.currency,
        amountMinor: turnover,
      });
    }
  }

  /** Read from the database, not a node's brand cache, so every path uses the same number. */
  async #turnoverMultiplierPercent(brandCode: string): Promise<number> {
    const brand = (await listBrandsWithHosts(this.#db)).find((row) => row.code === brandCode);
    if (!brand) throw new Error(`deposit: brand ${brandCode} not found`);
    return brandPublicSettingsSchema.parse(brand.settings).wallet.turnoverMultiplierPercent;
  }
}
