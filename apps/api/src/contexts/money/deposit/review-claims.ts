import type { CashierNote } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import type { ClaimChange } from '../../../db/review-claims.ts';
import { appError, type AppError } from '../../../lib/app-error.ts';
import { claimSnapshot, judgeClaim, type ReviewClaim } from '../../../lib/cashier.ts';
import { OPERATOR_AUTH_ERRORS } from '../../../plugins/operator-auth.ts';
import type { ActionRecorder, OperatorIdentity } from '../../identity/operator/index.ts';

type ReviewedOrder = { id: bigint; orderNo: string; brandCode: string };

/** What a queue gives the claims: its repository (db/review-claims.ts), errors and log names. */
export type ReviewClaimsQueue<Row extends ReviewedOrder> = {
  findQueueRow(
    executor: Executor,
    orderNo: string,
  ): Promise<{ order: Row; claim: ReviewClaim | null } | undefined>;
  lockOrderClaim(
    executor: Executor,
    orderNo: string,
  ): Promise<{ order: Row; claim: ReviewClaim | null } | undefined>;
  writeOrderClaim(executor: Executor, orderId: bigint, change: ClaimChange): Promise<void>;
  insertOrderNote(
    executor: Executor,
    note: { orderId: bigint; brandCode: string; operatorId: bigint; body: string },
  ): Promise<{ id: bigint; createdAt: Date }>;
  /** Whether the order is still in review (its claim counts). */
  isOpen(order: Row): boolean;
  errors: {
    notFound(): AppError;
    notOpen(): AppError;
    notClaimed(): AppError;
    claimedByOther(holder: ReviewClaim): AppError;
  };
  /** The action-log names: the actions and the target type. */
  log: { claim: string; release: string; hold: string; note: string; targetType: string };
};

/**
 * Claims, holds, releases and notes of orders in review, for the deposit and the withdrawal
 * queues (contracts: cashier.ts), each logged with the claim before and after in its
 * transaction. A change locks the order's row, so of two operators claiming at once exactly
 * one wins, and a decision racing a claim waits for it.
 */
export class ReviewClaims<Row extends ReviewedOrder> {
  readonly #db: Database;
  readonly #operators: ActionRecorder | undefined;
  readonly #queue: ReviewClaimsQueue<Row>;

  constructor(dependencies: {
    db: Database;
    operators: ActionRecorder | undefined;
    queue: ReviewClaimsQueue<Row>;
  }) {
    this.#db = dependencies.db;
    this.#operators = dependencies.operators;
    this.#queue = dependencies.queue;
  }

  get #actions(): ActionRecorder {
    if (!this.#operators) throw new Error('ReviewClaims: no action recorder for operator calls');
    return this.#operators;
  }

  /**
   * Claims an open order: a free one, the caller's own (their activity is renewed), a stale
   * one, or with `takeover` and `cashier.takeover` anyone's. `implicit` (a payment that waits
   * for a second approval keeps its maker's claim) leaves the caller's own claim as it is.
   */
  async claim(
    operator: OperatorIdentity,
    orderNo: string,
    input: { takeover: boolean; ip: string; implicit?: 'second_approval' },
  ): Promise<void> {
    await this.#db.transaction(async (transaction) => {
      const { order, claim } = await this.#lockOpen(transaction, orderNo);
      const verdict = judgeClaim(claim, {
        operatorId: operator.operatorId,
        takeover: input.takeover,
      });
      if (verdict.kind === 'refused') throw this.#queue.errors.claimedByOther(verdict.holder);
      if (verdict.kind === 'own' && input.implicit) return;
      if (verdict.kind === 'taken' && !verdict.stale) assertMayTakeOver(operator);
      await this.#queue.writeOrderClaim(transaction, order.id, {
        kind: 'claim',
        operatorId: operator.operatorId,
        newClaim: verdict.kind !== 'own',
      });
      await this.#log(transaction, operator, order, this.#queue.log.claim, claim, input.ip, {
        ...(verdict.kind === 'taken'
          ? { takenOverFrom: verdict.from.operator, stale: verdict.stale }
          : {}),
        ...(input.implicit ? { implicit: input.implicit } : {}),
      });
    });
  }

  /** Gives a claim back (and ends its hold): the holder's, or anyone's with `cashier.takeover`. */
  async release(operator: OperatorIdentity, orderNo: string, input: { ip: string }) {
    await this.#db.transaction(async (transaction) => {
      const { order, claim } = await this.#lockOpen(transaction, orderNo);
      if (!claim) throw this.#queue.errors.notClaimed();
      if (
        claim.operatorId !== operator.operatorId &&
        !operator.permissions.has('cashier.takeover')
      ) {
        throw this.#queue.errors.claimedByOther(claim);
      }
      await this.#queue.writeOrderClaim(transaction, order.id, { kind: 'clear' });
      await this.#log(transaction, operator, order, this.#queue.log.release, claim, input.ip);
    });
  }

  /** Puts an open order on hold with a reason, claiming it when it is free (or stale). */
  async hold(operator: OperatorIdentity, orderNo: string, input: { reason: string; ip: string }) {
    await this.#db.transaction(async (transaction) => {
      const { order, claim } = await this.#lockOpen(transaction, orderNo);
      const verdict = judgeClaim(claim, { operatorId: operator.operatorId });
      if (verdict.kind === 'refused') throw this.#queue.errors.claimedByOther(verdict.holder);
      await this.#queue.writeOrderClaim(transaction, order.id, {
        kind: 'hold',
        operatorId: operator.operatorId,
        newClaim: verdict.kind !== 'own',
        reason: input.reason,
      });
      await this.#log(transaction, operator, order, this.#queue.log.hold, claim, input.ip, {
        ...(verdict.kind === 'taken' ? { takenOverFrom: verdict.from.operator, stale: true } : {}),
        reason: input.reason,
      });
    });
  }

  /** Appends a review note to an order, open or decided. */
  async addNote(
    operator: OperatorIdentity,
    orderNo: string,
    input: { body: string; ip: string },
  ): Promise<CashierNote> {
    return this.#db.transaction(async (transaction) => {
      const locked = await this.#queue.lockOrderClaim(transaction, orderNo);
      if (!locked) throw this.#queue.errors.notFound();
      const { order } = locked;
      const note = await this.#queue.insertOrderNote(transaction, {
        orderId: order.id,
        brandCode: order.brandCode,
        operatorId: operator.operatorId,
        body: input.body,
      });
      await this.#actions.record(transaction, operator, {
        action: this.#queue.log.note,
        brandCode: order.brandCode,
        targetType: this.#queue.log.targetType,
        targetId: order.orderNo,
        details: { before: null, after: { noteId: String(note.id), body: input.body } },
        ip: input.ip,
      });
      return {
        id: String(note.id),
        author: operator.username,
        body: input.body,
        createdAt: note.createdAt.toISOString(),
      };
    });
  }

  /** Refuses early, before any money work, when another operator holds the open order. */
  async assertMayDecide(operator: OperatorIdentity, orderNo: string): Promise<void> {
    const row = await this.#queue.findQueueRow(this.#db, orderNo);
    if (!row || !this.#queue.isOpen(row.order)) return;
    const verdict = judgeClaim(row.claim, { operatorId: operator.operatorId });
    if (verdict.kind === 'refused') throw this.#queue.errors.claimedByOther(verdict.holder);
  }

  /**
   * In a decision's transaction: refuses when another operator holds the order (live claim),
   * unless the decision carries out a second approval of the holder's request; ends the claim
   * the decision closes. Answers the claim as it was (null: none), for the decision's log row.
   */
  async settleForDecision(
    transaction: Executor,
    operator: OperatorIdentity,
    orderNo: string,
    options: { secondApproval: boolean } = { secondApproval: false },
  ): Promise<ReturnType<typeof claimSnapshot>> {
    const locked = await this.#queue.lockOrderClaim(transaction, orderNo);
    if (!locked?.claim) return null;
    const verdict = judgeClaim(locked.claim, { operatorId: operator.operatorId });
    if (verdict.kind === 'refused' && !options.secondApproval) {
      throw this.#queue.errors.claimedByOther(verdict.holder);
    }
    await this.#queue.writeOrderClaim(transaction, locked.order.id, { kind: 'clear' });
    return claimSnapshot(locked.claim);
  }

  async #lockOpen(transaction: Executor, orderNo: string) {
    const locked = await this.#queue.lockOrderClaim(transaction, orderNo);
    if (!locked) throw this.#queue.errors.notFound();
    if (!this.#queue.isOpen(locked.order)) throw this.#queue.errors.notOpen();
    return locked;
  }

  /** The action-log row of a claim change, with the claim before and after it. */
  async #log(
    transaction: Executor,
    operator: OperatorIdentity,
    order: Row,
    action: string,
    before: ReviewClaim | null,
    ip: string,
    extra: Record<string, unknown> & { reason?: string } = {},
  ): Promise<void> {
    const after = await this.#queue.lockOrderClaim(transaction, order.orderNo);
    const { reason, ...details } = extra;
    await this.#actions.record(transaction, operator, {
      action,
      brandCode: order.brandCode,
      targetType: this.#queue.log.targetType,
      targetId: order.orderNo,
      ...(reason === undefined ? {} : { reason }),
      details: {
        ...details,
        before: claimSnapshot(before),
        after: claimSnapshot(after?.claim ?? null),
      },
      ip,
    });
  }
}

function assertMayTakeOver(operator: OperatorIdentity): void {
  if (!operator.permissions.has('cashier.takeover')) {
    throw appError(OPERATOR_AUTH_ERRORS, 'forbidden');
  }
}
