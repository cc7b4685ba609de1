import type { FastifyBaseLogger } from 'fastify';
import type { AdminDepositOrder, DepositChannel, DepositOrder } from '@lobby/contracts';
import type { Database, Transaction } from '../../../db/client.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { ActionRecorder, OperatorIdentity } from '../../identity/operator/index.ts';
import type { KycGate } from '../../protection/kyc/index.ts';
import type { RiskEvents } from '../../protection/risk/index.ts';
import { ChainDeposits, type ChainSweepReport } from './deposit-chain.service.ts';
import { DepositDecisions } from './deposit-decisions.ts';
import { GatewayDeposits } from './deposit-gateway.service.ts';
import { MemberDeposits, type DepositOrderGuard } from './deposit-member.service.ts';
import type {
  ChainTransferInput,
  CreateDepositInput,
  DepositDecider,
  DepositNoticeInput,
  GatewayCallback,
} from './deposit-orders.ts';
import { DepositCashier } from './deposit-cashier.service.ts';
import { DepositReview } from './deposit-review.service.ts';
import { DepositSandbox } from './deposit-sandbox.service.ts';
import { depositOrderBrand, type OrderRow, type OrderStatus } from './deposit.repository.ts';

/**
 * The deposit module's parts, by what they do:
 *
 *   deposit-member.service.ts   the member's side: channels, orders, the bank-transfer notice
 *   deposit-decisions.ts        confirm or reject an order: the one way a deposit becomes money
 *   deposit-gateway.service.ts  the payment gateway's signed callback
 *   deposit-chain.service.ts    the USDT chain watcher's crediting of confirmed transfers
 *   deposit-review.service.ts   the operators' decisions, action logged
 *   deposit-cashier.service.ts  the operators' queue: claims, holds, notes, the order's detail
 *   deposit-sandbox.service.ts  the sandbox gateway's pay page and the sandbox chain
 *   deposit-orders.ts           channel settings, order numbers, the member's and operator's views
 */

/**
 * Deposits: channels, orders, the transfer notice, the payment gateway's callback, the USDT
 * chain watcher and the operator's decisions. Every credit is made in deposit-decisions.ts: a
 * ledger entry keyed `deposit:<orderNo>` whose transaction also moves the order to `confirmed`
 * and adds the turnover requirement, so the money, the status and the requirement change
 * together or not at all.
 *
 * This class is the module's one service; the work is done by the parts listed above.
 */
export class DepositService {
  readonly #member: MemberDeposits;
  readonly #decisions: DepositDecisions;
  readonly #gateway: GatewayDeposits;
  readonly #chain: ChainDeposits;
  readonly #review: DepositReview;
  readonly #sandbox: DepositSandbox;
  readonly #db: Database;
  /** The operators' queue (deposit-cashier.service.ts). */
  readonly cashier: DepositCashier;

  constructor(options: {
    db: Database;
    ledger: LedgerService;
    operators?: ActionRecorder;
    /** What every member deposit order must pass (player protection); [] where none are opened. */
    orderGuards: readonly DepositOrderGuard[];
    /** The risk rules (protection), told of failed and credited deposits. */
    risk?: Pick<RiskEvents, 'depositFailed' | 'depositConfirmed'>;
    /** Identity verification before a deposit order where the brand asks it (protection). */
    kyc?: KycGate;
  }) {
    const { db, ledger, operators, risk } = options;
    this.#db = db;
    const decisions = new DepositDecisions({ db, ledger, risk });
    this.#decisions = decisions;
    this.#member = new MemberDeposits({ db, orderGuards: options.orderGuards, kyc: options.kyc });
    this.#gateway = new GatewayDeposits({ db, decisions, risk });
    this.#chain = new ChainDeposits({ db, decisions });
    this.cashier = new DepositCashier({ db, ledger, operators });
    this.#review = new DepositReview({ db, decisions, operators, cashier: this.cashier });
    this.#sandbox = new DepositSandbox({ db });
  }

  /** The brand of a deposit order, or null when there is none: the operator guard's brand rule. */
  orderBrand(orderNo: string): Promise<string | null> {
    return depositOrderBrand(this.#db, orderNo);
  }

  // -------------------------------------------------------------------------------------------
  // Member side (deposit-member.service.ts).

  channels(brand: Brand): Promise<DepositChannel[]> {
    return this.#member.channels(brand);
  }

  /** Opens a deposit order, idempotent per member and key. */
  createOrder(brand: Brand, memberId: bigint, input: CreateDepositInput): Promise<DepositOrder> {
    return this.#member.createOrder(brand, memberId, input);
  }

  /** The bank-transfer notice: the member says they paid; the order goes to `submitted`. */
  submitNotice(brand: Brand, memberId: bigint, input: DepositNoticeInput): Promise<DepositOrder> {
    return this.#member.submitNotice(brand, memberId, input);
  }

  memberOrders(
    brand: Brand,
    memberId: bigint,
    query: { page: number; pageSize: number; status?: OrderStatus | undefined },
  ) {
    return this.#member.memberOrders(brand, memberId, query);
  }

  memberOrder(brand: Brand, memberId: bigint, orderNo: string): Promise<DepositOrder> {
    return this.#member.memberOrder(brand, memberId, orderNo);
  }

  // -------------------------------------------------------------------------------------------
  // Decisions (deposit-decisions.ts).

  /** Confirms an open order by its number, once; a confirmed one answers as it is. */
  confirm(
    orderNo: string,
    decider: DepositDecider,
    change: {
      reason?: string | undefined;
      detailsPatch?: Record<string, unknown>;
      /** Runs in the crediting transaction (not on a repeat): the decider's log row. */
      also?: (transaction: Transaction) => Promise<void>;
    } = {},
  ): Promise<{ order: OrderRow; replayed: boolean }> {
    return this.#decisions.confirm(orderNo, decider, change);
  }

  /** Refuses an open order; no money moves. `also` runs in the same transaction. */
  reject(
    orderNo: string,
    decidedBy: string,
    reason: string,
    also?: (transaction: Transaction, order: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    return this.#decisions.reject(orderNo, decidedBy, reason, also);
  }

  // -------------------------------------------------------------------------------------------
  // Operator side (deposit-review.service.ts).

  confirmByOperator(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason?: string | undefined; ip: string },
  ): Promise<AdminDepositOrder> {
    return this.#review.confirmByOperator(operator, orderNo, input);
  }

  rejectByOperator(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason: string; ip: string },
  ): Promise<AdminDepositOrder> {
    return this.#review.rejectByOperator(operator, orderNo, input);
  }

  adminView(order: OrderRow): Promise<AdminDepositOrder> {
    return this.#review.adminView(order);
  }

  // -------------------------------------------------------------------------------------------
  // The payment gateway (deposit-gateway.service.ts).

  gatewayCallback(body: GatewayCallback): Promise<{ orderNo: string; status: OrderStatus }> {
    return this.#gateway.gatewayCallback(body);
  }

  // -------------------------------------------------------------------------------------------
  // USDT: the chain watcher (deposit-chain.service.ts).

  /** Credits every chain transfer with the confirmations its brand's USDT channel asks for. */
  creditConfirmedTransfers(signal: AbortSignal, log: FastifyBaseLogger): Promise<ChainSweepReport> {
    return this.#chain.creditConfirmedTransfers(signal, log);
  }

  // -------------------------------------------------------------------------------------------
  // The sandbox gateway and chain (deposit-sandbox.service.ts).

  sandboxPayment(orderNo: string): Promise<DepositOrder | null> {
    return this.#sandbox.sandboxPayment(orderNo);
  }

  sandboxPaidNotification(orderNo: string): Promise<GatewayCallback | null> {
    return this.#sandbox.sandboxPaidNotification(orderNo);
  }

  sandboxTransfer(input: ChainTransferInput) {
    return this.#sandbox.sandboxTransfer(input);
  }

  advanceSandboxChain(): Promise<number> {
    return this.#sandbox.advanceSandboxChain();
  }
}
