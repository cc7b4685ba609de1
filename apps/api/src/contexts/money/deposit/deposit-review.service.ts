import type { AdminDepositOrder } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { operatorActor } from '../ledger/index.ts';
import {
  decidedByNames,
  operatorDecidedBy,
  type ActionRecorder,
  type OperatorIdentity,
} from '../../identity/operator/index.ts';
import type { DepositCashier } from './deposit-cashier.service.ts';
import type { DepositDecisions } from './deposit-decisions.ts';
import { toAdminOrder } from './deposit-orders.ts';
import { findMemberUsername, findOrderByNo, type OrderRow } from './deposit.repository.ts';

/** The claim a decision closed, for its log row (absent when nobody held the order). */
function claimDetails(claim: Awaited<ReturnType<DepositCashier['settleForDecision']>>) {
  return claim ? { claim: { before: claim, after: null } } : {};
}

/**
 * The operators' decisions: the confirmation or refusal of an order, each with its action-log
 * row in the transaction that decides the order (DESIGN.md convention 11). A decision is the
 * holder's: another operator's live claim refuses it (`order_claimed_by_other`); on a free order
 * the decision claims it for its transaction (the row lock), and it ends any claim it closes.
 */
export class DepositReview {
  readonly #db: Database;
  readonly #decisions: DepositDecisions;
  readonly #operators: ActionRecorder | undefined;
  readonly #cashier: DepositCashier;

  constructor(dependencies: {
    db: Database;
    decisions: DepositDecisions;
    operators: ActionRecorder | undefined;
    cashier: DepositCashier;
  }) {
    this.#db = dependencies.db;
    this.#decisions = dependencies.decisions;
    this.#operators = dependencies.operators;
    this.#cashier = dependencies.cashier;
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
    const record = (
      executor: Executor,
      order: OrderRow,
      replayed: boolean,
      claim: Record<string, unknown> = {},
    ) =>
      this.#actions.record(executor, operator, {
        action: 'deposit_confirm',
        brandCode: order.brandCode,
        targetType: 'deposit_order',
        targetId: order.orderNo,
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        details: {
          amountMinor: String(order.amountMinor),
          currency: order.currency,
          replayed,
          ...claim,
        },
        ip: input.ip,
      });
    await this.#cashier.assertMayDecide(operator, orderNo);
    const { order, replayed } = await this.#decisions.confirm(
      orderNo,
      { actor: operatorActor(operator), decidedBy: operatorDecidedBy(operator) },
      {
        reason: input.reason,
        also: async (transaction) => {
          const claim = await this.#cashier.settleForDecision(transaction, operator, orderNo);
          const confirmed = await findOrderByNo(transaction, orderNo);
          if (!confirmed) throw new Error(`deposit order ${orderNo} vanished`);
          await record(transaction, confirmed, false, claimDetails(claim));
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
    await this.#cashier.assertMayDecide(operator, orderNo);
    const order = await this.#decisions.reject(
      orderNo,
      operatorDecidedBy(operator),
      input.reason,
      async (transaction, rejected) => {
        const claim = await this.#cashier.settleForDecision(transaction, operator, orderNo);
        await this.#actions.record(transaction, operator, {
          action: 'deposit_reject',
          brandCode: rejected.brandCode,
          targetType: 'deposit_order',
          targetId: rejected.orderNo,
          reason: input.reason,
          details: {
            amountMinor: String(rejected.amountMinor),
            currency: rejected.currency,
            ...claimDetails(claim),
          },
          ip: input.ip,
        });
      },
    );
    return this.adminView(order);
  }

  async adminView(order: OrderRow): Promise<AdminDepositOrder> {
    const username = (await findMemberUsername(this.#db, order.memberId)) ?? '';
    return toAdminOrder(order, username, await decidedByNames(this.#db, [order.decidedBy]));
  }
}
