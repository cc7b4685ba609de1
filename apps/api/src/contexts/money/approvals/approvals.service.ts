import {
  type AdminApproval,
  type AdminWithdrawal,
  type ApprovalKind,
  type Permission,
} from '@lobby/contracts';
import { fromDecimalString, parseAmount, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import {
  brandFilter,
  OPERATOR_AUTH_ERRORS,
  type OperatorIdentity,
} from '../../../plugins/operator-auth.ts';
import { findMemberByUsername } from '../../identity/member/index.ts';
import type { ActionRecorder } from '../../identity/operator/index.ts';
import { brandCurrency, type Brand, type BrandRegistry } from '../../platform/brand/index.ts';
import { outstandingTurnover } from '../turnover/index.ts';
import type { WalletService } from '../wallet/index.ts';
import {
  WITHDRAWAL_ERRORS,
  type AdjustmentResult,
  type AdjustmentService,
  type WithdrawalService,
} from '../withdrawal/index.ts';
import { APPROVAL_ERRORS } from './approvals.errors.ts';
import { approvalsExport, type ApprovalsExportQuery } from './approvals-export.ts';
import {
  brandOfApprovalRequest,
  decideApprovalRequest,
  findApprovalRequest,
  findPendingRequest,
  findPendingRequests,
  insertApprovalRequest,
  listApprovalRequests,
  markApproving,
  type ApprovalRow,
} from './approvals.repository.ts';

/** The permission a second operator needs, besides approvals.decide, to approve a kind. */
const DECIDER_PERMISSION: Record<ApprovalKind, Permission> = {
  balance_adjustment: 'money.adjust',
  turnover_waiver: 'money.adjust',
  withdrawal_approval: 'withdrawals.approve_large',
  transfer_resolution: 'transfers.resolve',
};

/** Kinds whose action belongs to a higher context, which files the request and carries it out. */
export type DelegatedApprovalKind = 'transfer_resolution';
type ThresholdKind = Exclude<ApprovalKind, DelegatedApprovalKind>;

/** A request as the context that carries it out receives it. */
export type ApprovalToCarryOut = {
  id: bigint;
  brandCode: string;
  target: string;
  reason: string;
  payload: Record<string, string>;
  requestedBy: bigint;
  requestedByName: string;
};

/**
 * Carries out an approved request of a delegated kind as `operator` (the approver) and answers
 * its result. Like every approved action it is all or nothing and idempotent: a throw leaves
 * the request pending again, and a repeat after a crash moves no money twice.
 */
export type ApprovalExecutor = (input: {
  operator: OperatorIdentity;
  request: ApprovalToCarryOut;
  ip: string;
}) => Promise<Record<string, unknown>>;

type Requested = { approvalRequest: AdminApproval };

function toView(row: ApprovalRow): AdminApproval {
  const currency = row.currency as CurrencyCode;
  return {
    id: String(row.id),
    brand: row.brandCode,
    kind: row.kind,
    target: row.target,
    amount: toDecimalString(row.amountMinor, currency),
    currency,
    reason: row.reason,
    details: row.payload,
    status: row.status,
    requestedBy: row.requestedByName,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    result: row.result ?? null,
  };
}

/**
 * Maker-checker for the operator actions that move or release money: a balance adjustment, a
 * turnover waiver and a withdrawal's payment. Below the brand's threshold they are carried out
 * at once; above it they become a request, and a second operator holding the permission carries
 * them out by approving it (the requester never decides their own). The actions are idempotent
 * (the adjustment's key, the order's one decision, a waiver of what is outstanding), so an
 * approval that two operators give at once, or one given again after a crash, moves money once.
 */
export class ApprovalService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #operators: ActionRecorder;
  readonly #adjustments: AdjustmentService;
  readonly #wallet: WalletService;
  readonly #withdrawals: WithdrawalService;
  readonly #delegated: Partial<Record<DelegatedApprovalKind, ApprovalExecutor>>;

  constructor(options: {
    db: Database;
    brands: BrandRegistry;
    operators: ActionRecorder;
    adjustments: AdjustmentService;
    wallet: WalletService;
    withdrawals: WithdrawalService;
    /**
     * The actions of higher contexts (money never imports them): app.ts hands them in at start,
     * each called only once requests arrive.
     */
    delegated?: Partial<Record<DelegatedApprovalKind, ApprovalExecutor>>;
  }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#operators = options.operators;
    this.#adjustments = options.adjustments;
    this.#wallet = options.wallet;
    this.#withdrawals = options.withdrawals;
    this.#delegated = options.delegated ?? {};
  }

  /** The brand's threshold for a kind, in minor units. */
  #threshold(brand: Brand, kind: ThresholdKind): bigint {
    // The registry parsed the policy with its defaults when it loaded the brand.
    const limits = brand.backOffice.secondApprovalAbove;
    const text = {
      balance_adjustment: limits.adjustment,
      turnover_waiver: limits.waiver,
      withdrawal_approval: limits.withdrawal,
    }[kind];
    return fromDecimalString(text, brandCurrency(brand));
  }

  #brand(code: string): Brand {
    const brand = this.#brands.get(code.toLowerCase());
    if (!brand) throw commonError('unknown_site');
    return brand;
  }

  async adjust(
    operator: OperatorIdentity,
    input: {
      brand: string;
      username: string;
      amount: string;
      reason: string;
      idempotencyKey: string;
      ip: string;
    },
  ): Promise<AdjustmentResult | Requested> {
    const brand = this.#brand(input.brand);
    const currency = brandCurrency(brand);
    const parsed = parseAmount(input.amount, currency, { allowNegative: true });
    if (!parsed.ok || parsed.minor === 0n) {
      throw appError(WITHDRAWAL_ERRORS, 'adjustment_amount_invalid');
    }
    const size = parsed.minor < 0n ? -parsed.minor : parsed.minor;
    if (size <= this.#threshold(brand, 'balance_adjustment')) {
      return this.#adjustments.adjust(operator, brand, input);
    }
    const member = await findMemberByUsername(
      this.#db,
      brand.config.code,
      input.username.toLowerCase(),
    );
    if (!member) throw appError(WITHDRAWAL_ERRORS, 'member_not_found');
    return this.#request(operator, brand, {
      kind: 'balance_adjustment',
      target: member.username,
      amountMinor: size,
      reason: input.reason,
      payload: {
        amount: toDecimalString(parsed.minor, currency),
        idempotencyKey: input.idempotencyKey,
      },
      ip: input.ip,
    });
  }

  async waive(
    operator: OperatorIdentity,
    input: { brand: string; username: string; reason: string; ip: string },
  ): Promise<{ waived: string } | Requested> {
    const brand = this.#brand(input.brand);
    const member = await findMemberByUsername(
      this.#db,
      brand.config.code,
      input.username.toLowerCase(),
    );
    if (!member) throw commonError('not_found');
    const outstanding = await outstandingTurnover(
      this.#db,
      brand.config.code,
      member.id,
      brandCurrency(brand),
    );
    if (outstanding <= this.#threshold(brand, 'turnover_waiver')) {
      return this.#wallet.waiveTurnover(operator, brand, input);
    }
    return this.#request(operator, brand, {
      kind: 'turnover_waiver',
      target: member.username,
      amountMinor: outstanding,
      reason: input.reason,
      payload: {},
      ip: input.ip,
    });
  }

  async approveWithdrawal(
    operator: OperatorIdentity,
    input: { orderNo: string; note?: string | undefined; ip: string },
  ): Promise<AdminWithdrawal | Requested> {
    const order = await this.#withdrawals.orderForApproval(input.orderNo);
    if (!order) throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found');
    const brand = this.#brand(order.brandCode);
    if (
      order.status !== 'pending' ||
      order.amountMinor <= this.#threshold(brand, 'withdrawal_approval')
    ) {
      return this.#withdrawals.approve(operator, input.orderNo, input.note, input.ip);
    }
    // The maker holds the order while it waits (the cashiers' claim); another's claim refuses.
    await this.#withdrawals.claimForSecondApproval(operator, input.orderNo, input.ip);
    return this.#request(operator, brand, {
      kind: 'withdrawal_approval',
      target: input.orderNo,
      amountMinor: order.amountMinor,
      reason: input.note ?? '',
      payload: input.note ? { note: input.note } : {},
      ip: input.ip,
    });
  }

  /**
   * Files a request of a delegated kind for the context that carries it out (always a request:
   * these actions have no threshold), or answers the one already pending for the same target.
   */
  fileRequest(
    operator: OperatorIdentity,
    input: {
      brandCode: string;
      kind: DelegatedApprovalKind;
      target: string;
      amountMinor: bigint;
      reason: string;
      payload: Record<string, string>;
      ip: string;
    },
  ): Promise<Requested> {
    const { brandCode, ...request } = input;
    return this.#request(operator, this.#brand(brandCode), request);
  }

  /** The undecided requests of a kind for these targets, by target (the oldest of each). */
  async pendingRequests(
    kind: ApprovalKind,
    targets: readonly string[],
  ): Promise<Map<string, AdminApproval>> {
    const pending = new Map<string, AdminApproval>();
    for (const row of await findPendingRequests(this.#db, kind, targets)) {
      if (!pending.has(row.target)) pending.set(row.target, toView(row));
    }
    return pending;
  }

  /** Files the request (or answers the one already pending for the same action), logged. */
  async #request(
    operator: OperatorIdentity,
    brand: Brand,
    request: {
      kind: ApprovalKind;
      target: string;
      amountMinor: bigint;
      reason: string;
      payload: Record<string, string>;
      ip: string;
    },
  ): Promise<Requested> {
    const brandCode = brand.config.code;
    const existing = await findPendingRequest(
      this.#db,
      brandCode,
      request.kind,
      request.target,
      request.payload.idempotencyKey,
    );
    if (existing) return { approvalRequest: toView(existing) };
    const id = await this.#db.transaction(async (transaction) => {
      const created = await insertApprovalRequest(transaction, {
        brandCode,
        kind: request.kind,
        target: request.target,
        amountMinor: request.amountMinor,
        currency: brandCurrency(brand),
        reason: request.reason,
        payload: request.payload,
        requestedBy: operator.operatorId,
      });
      await this.#operators.record(transaction, operator, {
        action: 'approval_request',
        brandCode,
        targetType: 'approval',
        targetId: String(created),
        reason: request.reason,
        details: {
          kind: request.kind,
          target: request.target,
          ...request.payload,
          before: null,
          after: {
            kind: request.kind,
            target: request.target,
            amount: toDecimalString(request.amountMinor, brandCurrency(brand)),
            status: 'pending',
          },
        },
        ip: request.ip,
      });
      return created;
    });
    const row = await findApprovalRequest(this.#db, id);
    if (!row) throw new Error('an approval request vanished after it was filed');
    return { approvalRequest: toView(row) };
  }

  async list(
    operator: OperatorIdentity,
    query: {
      status: 'pending' | 'approving' | 'approved' | 'rejected';
      brand?: string | undefined;
      kind?: ApprovalKind | undefined;
      page: number;
      pageSize: number;
    },
  ): Promise<{ items: AdminApproval[]; total: number }> {
    const { rows, total } = await listApprovalRequests(
      this.#db,
      {
        status: query.status,
        brands: brandFilter(operator, query.brand || undefined),
        kind: query.kind,
      },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return { items: rows.map(toView), total };
  }

  /** The queue of the list's filter as CSV (approvals-export.ts). */
  exportCsv(operator: OperatorIdentity, query: ApprovalsExportQuery, ip: string) {
    return approvalsExport({ db: this.#db, operators: this.#operators }, operator, query, ip);
  }

  /** The brand of a request, or null when there is none: the operator guard's brand rule. */
  brandOf(id: string): Promise<string | null> {
    return brandOfApprovalRequest(this.#db, BigInt(id));
  }

  /** Carries the request out as the approver, then marks it approved with what it answered. */
  async approve(
    operator: OperatorIdentity,
    id: string,
    note: string | undefined,
    ip: string,
  ): Promise<AdminApproval> {
    const request = await this.#decidable(operator, BigInt(id));
    if (!(await markApproving(this.#db, request.id, operator.operatorId))) {
      throw appError(APPROVAL_ERRORS, 'approval_not_pending');
    }
    const brand = this.#brand(request.brandCode);
    let result: Record<string, unknown>;
    try {
      result = await this.#carryOut(operator, brand, request, ip);
    } catch (error) {
      // Nothing moved (each action is all or nothing): the request waits for a decision again.
      await markApproving(this.#db, request.id, null);
      throw error;
    }
    await this.#db.transaction(async (transaction) => {
      await decideApprovalRequest(transaction, request.id, {
        status: 'approved',
        decidedBy: operator.operatorId,
        note: note ?? null,
        result,
      });
      await this.#operators.record(transaction, operator, {
        action: 'approval_approve',
        brandCode: request.brandCode,
        targetType: 'approval',
        targetId: String(request.id),
        ...(note ? { reason: note } : {}),
        details: {
          kind: request.kind,
          target: request.target,
          requestedBy: request.requestedByName,
          before: { status: 'pending' },
          after: { status: 'approved', result },
        },
        ip,
      });
    });
    return this.#view(request.id);
  }

  async reject(
    operator: OperatorIdentity,
    id: string,
    note: string,
    ip: string,
  ): Promise<AdminApproval> {
    const request = await this.#decidable(operator, BigInt(id));
    const decided = await this.#db.transaction(async (transaction) => {
      const locked = await findApprovalRequest(transaction, request.id, { lock: true });
      if (locked?.status !== 'pending') return false;
      await decideApprovalRequest(transaction, request.id, {
        status: 'rejected',
        decidedBy: operator.operatorId,
        note,
        result: null,
      });
      await this.#operators.record(transaction, operator, {
        action: 'approval_reject',
        brandCode: request.brandCode,
        targetType: 'approval',
        targetId: String(request.id),
        reason: note,
        details: {
          kind: request.kind,
          target: request.target,
          requestedBy: request.requestedByName,
          before: { status: 'pending' },
          after: { status: 'rejected' },
        },
        ip,
      });
      return true;
    });
    if (!decided) throw appError(APPROVAL_ERRORS, 'approval_not_pending');
    return this.#view(request.id);
  }

  /** A request this operator may decide: pending, someone else's, and of a kind they may approve. */
  async #decidable(operator: OperatorIdentity, id: bigint): Promise<ApprovalRow> {
    const request = await findApprovalRequest(this.#db, id);
    if (!request) throw appError(APPROVAL_ERRORS, 'approval_not_found');
    if (request.status === 'approved' || request.status === 'rejected') {
      throw appError(APPROVAL_ERRORS, 'approval_not_pending');
    }
    if (request.requestedBy === operator.operatorId) {
      throw appError(APPROVAL_ERRORS, 'approval_own_request');
    }
    if (!operator.permissions.has(DECIDER_PERMISSION[request.kind])) {
      throw appError(OPERATOR_AUTH_ERRORS, 'forbidden');
    }
    return request;
  }

  async #carryOut(
    operator: OperatorIdentity,
    brand: Brand,
    request: ApprovalRow,
    ip: string,
  ): Promise<Record<string, unknown>> {
    const context = `approval ${request.id} by ${request.requestedByName}`;
    switch (request.kind) {
      case 'balance_adjustment':
        return this.#adjustments.adjust(operator, brand, {
          username: request.target,
          amount: request.payload.amount ?? '0',
          reason: `${request.reason} (${context})`,
          idempotencyKey: request.payload.idempotencyKey ?? `approval-${request.id}`,
          ip,
        });
      case 'turnover_waiver':
        return this.#wallet.waiveTurnover(operator, brand, {
          username: request.target,
          reason: `${request.reason} (${context})`,
          ip,
        });
      case 'withdrawal_approval':
        return this.#withdrawals.approve(
          operator,
          request.target,
          request.payload.note ?? context,
          ip,
          { secondApproval: true },
        );
      case 'transfer_resolution': {
        const execute = this.#delegated[request.kind];
        if (!execute) throw new Error(`no executor of ${request.kind} approvals`);
        return execute({
          operator,
          request: {
            id: request.id,
            brandCode: request.brandCode,
            target: request.target,
            reason: request.reason,
            payload: request.payload,
            requestedBy: request.requestedBy,
            requestedByName: request.requestedByName,
          },
          ip,
        });
      }
    }
  }

  async #view(id: bigint): Promise<AdminApproval> {
    const row = await findApprovalRequest(this.#db, id);
    if (!row) throw appError(APPROVAL_ERRORS, 'approval_not_found');
    return toView(row);
  }
}
