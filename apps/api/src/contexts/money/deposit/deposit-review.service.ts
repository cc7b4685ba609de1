import type { AdminDepositOrder } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { operatorActor } from '../ledger/index.ts';
import {
  operatorDecidedBy,
  type ActionRecorder,
  type OperatorIdentity,
} from '../../identity/operator/index.ts';
import type { DepositDecisions } from './deposit-decisions.ts';
import { toAdminOrder } from './deposit-orders.ts';
import {
  findMemberUsername,
  findOrderByNo,
  listOrdersForOperator,
  type OrderRow,
  type OrderStatus,
} from './deposit.repository.ts';

/**
 * The operators' review: the list of orders, and the confirmation or refusal of one, each with
 * its action-log row in the transaction that decides the order (DESIGN.md convention 11).
 */
export class DepositReview {
  readonly #db: Database;
  readonly #decisions: DepositDecisions;
  readonly #operators: ActionRecorder | undefined;

  constructor(dependencies: {
    db: Database;
    decisions: DepositDecisions;
    operators: ActionRecorder | undefined;
  }) {
    this.#db = dependencies.db;
    this.#decisions = dependencies.decisions;
    this.#operators = dependencies.operators;
  }

  /** Who records operator actions: needed by the operator side only. */
  get #actions(): ActionRecorder {
    if (!this.#operators) throw new Error('DepositService: no action recorder for operator calls');
    return this.#operators;
  }

  /**
   * An operator's confirmation: the member is credited once however often it is sent, and the
   * action-log row is written in the crediting transaction. A repeat moved nothing and is
   * recorded on its own, as a replay.
   */
  async confirmByOperator(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason?: string | undefined; ip: string },
  ): Promise<AdminDepositOrder> {
    const record = (executor: Executor, order: OrderRow, replayed: boolean) =>
      this.#actions.record(executor, operator, {
        action: 'deposit_confirm',
        brandCode: order.brandCode,
        targetType: 'deposit_order',
        targetId: order.orderNo,
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        details: { amountMinor: String(order.amountMinor), currency: order.currency, replayed },
        ip: input.ip,
      });
    const { order, replayed } = await this.#decisions.confirm(
      orderNo,
      { actor: operatorActor(operator), decidedBy: operatorDecidedBy(operator) },
      {
        reason: input.reason,
        also: async (transaction) => {
          const confirmed = await findOrderByNo(transaction, orderNo);
          if (!confirmed) throw new Error(`deposit order ${orderNo} vanished`);
          await record(transaction, confirmed, false);
        },
      },
    );
    if (replayed) await record(this.#db, order, true);
    return this.adminView(order);
  }

  /** An operator's refusal of an open order, with its action-log row in the same transaction. */
  async rejectByOperator(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason: string; ip: string },
  ): Promise<AdminDepositOrder> {
    const order = await this.#decisions.reject(
      orderNo,
      operatorDecidedBy(operator),
      input.reason,
      (transaction, rejected) =>
        this.#actions.record(transaction, operator, {
          action: 'deposit_reject',
          brandCode: rejected.brandCode,
          targetType: 'deposit_order',
          targetId: rejected.orderNo,
          reason: input.reason,
          details: { amountMinor: String(rejected.amountMinor), currency: rejected.currency },
          ip: input.ip,
        }),
    );
    return this.adminView(order);
  }

  async operatorOrders(filter: {
    status?: OrderStatus | undefined;
    /** The brands to show: the operator's, or the one asked for (null: every brand). */
    brands: readonly string[] | null;
    limit: number;
  }): Promise<AdminDepositOrder[]> {
    const rows = await listOrdersForOperator(this.#db, {
      status: filter.status,
      brands: filter.brands,
      limit: filter.limit,
    });
    return rows.map((row) => toAdminOrder(row, row.username));
  }

  async adminView(order: OrderRow): Promise<AdminDepositOrder> {
    return toAdminOrder(order, (await findMemberUsername(this.#db, order.memberId)) ?? '');
  }
}
