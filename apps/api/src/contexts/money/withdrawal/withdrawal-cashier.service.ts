import {
  adminWithdrawalsExportEndpoint,
  type AdminApproval,
  type AdminWithdrawalDetail,
  type AdminWithdrawalQueueRow,
  type CashierClaimFilter,
  type CashierNote,
  type WithdrawalStatus,
} from '@lobby/contracts';
import { fromDecimalString, isCurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { queueWindow, reviewFields, reviewFilter } from '../../../lib/cashier.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import { brandFilter } from '../../../plugins/operator-auth.ts';
import {
  decidedByNames,
  exportLog,
  type ActionRecorder,
  type OperatorIdentity,
} from '../../identity/operator/index.ts';
import { cashierMemberOf } from '../deposit/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PayoutAccountRow, PayoutService } from '../payout/index.ts';
import {
  findQueueRow,
  holdWithoutClaim,
  listOrderNotes,
  listQueue,
  queueBatch,
  type QueueFilter,
  type QueueRow,
} from './withdrawal-cashier.repository.ts';
import { WithdrawalClaims } from './withdrawal-claims.ts';
import { withdrawalRisks, type BetTotals } from './withdrawal-risk.ts';
import { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';
import { toAdminOrder } from './withdrawal.service.ts';

/** The open second-approval requests of withdrawals, by order number (the approvals module). */
export type OpenApprovals = (orderNos: readonly string[]) => Promise<Map<string, AdminApproval>>;

export type WithdrawalQueueQuery = {
  status: WithdrawalStatus;
  /** The brands to show: the operator's, or the one asked for (null: every brand). */
  brands: readonly string[] | null;
  limit: number;
  claim?: CashierClaimFilter | undefined;
  username?: string | undefined;
  amountMin?: string | undefined;
  amountMax?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: 'createdAt' | 'amount' | undefined;
  order?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The queue's query as the export takes it: the brand asked for, no paging. */
export type WithdrawalExportQuery = Omit<
  WithdrawalQueueQuery,
  'brands' | 'limit' | 'page' | 'pageSize'
> & { brand?: string | undefined };

/**
 * The withdrawal queue the cashiers work from: the list with each order's claim, its open
 * second approval and its risk flags, an order's detail with the risk figures, and the claims,
 * holds and notes (withdrawal-claims.ts). Paying and rejecting stay in WithdrawalService.
 */
export class WithdrawalCashier {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #payouts: PayoutService;
  readonly #betTotals: BetTotals;
  readonly #approvals: OpenApprovals;
  readonly #claims: WithdrawalClaims;
  readonly #operators: ActionRecorder;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    payouts: PayoutService;
    operators: ActionRecorder;
    betTotals: BetTotals;
    approvals: OpenApprovals;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#payouts = dependencies.payouts;
    this.#betTotals = dependencies.betTotals;
    this.#approvals = dependencies.approvals;
    this.#operators = dependencies.operators;
    this.#claims = new WithdrawalClaims({
      db: dependencies.db,
      operators: dependencies.operators,
    });
  }

  /** Pending orders oldest first (a queue), decided ones newest first, unless asked otherwise. */
  async queue(
    operator: OperatorIdentity,
    query: WithdrawalQueueQuery,
  ): Promise<AdminWithdrawalQueueRow[] | Page<AdminWithdrawalQueueRow>> {
    const window = queueWindow(query);
    const { rows, total } = await listQueue(
      this.#db,
      queueFilter(operator, query, window),
      {
        by: query.sort ?? 'createdAt',
        order: query.order ?? (query.status === 'pending' ? 'asc' : 'desc'),
      },
      { offset: window.offset, limit: window.pageSize },
    );
    const items = (await this.#views(rows)).map((view) => view.row);
    return window.paged ? { items, total, page: window.page, pageSize: window.pageSize } : items;
  }

  /**
   * The queue's filter as CSV: by order id (a key that never changes), in `order`, by default
   * pending oldest first and decided newest first as the queue (`sort` does not apply). Each
   * batch carries its rows' approvals and risk flags, read as the queue reads them.
   */
  exportCsv(
    operator: OperatorIdentity,
    query: WithdrawalExportQuery,
    ip: string,
  ): CsvExport<AdminWithdrawalQueueRow & { id: bigint }> {
    const brands = brandFilter(operator, query.brand || undefined);
    // No paging: the limit only satisfies the window's type.
    const filter = queueFilter(operator, { ...query, brands }, queueWindow({ ...query, limit: 1 }));
    const order = query.order ?? (query.status === 'pending' ? 'asc' : 'desc');
    return {
      name: 'withdrawals',
      columns: csvColumns(adminWithdrawalsExportEndpoint.columns, {
        order_no: (row) => row.orderNo,
        brand: (row) => row.brand,
        username: (row) => row.username,
        status: (row) => row.status,
        amount: (row) => row.amount,
        currency: (row) => row.currency,
        account_type: (row) => row.account.type,
        institution: (row) => row.account.institution,
        institution_name: (row) => row.account.institutionName,
        holder_name: (row) => row.account.holderName,
        account_number: (row) => row.account.accountNumber,
        reason: (row) => row.reason,
        decided_by: (row) => row.decidedBy,
        created_at: (row) => row.createdAt,
        decided_at: (row) => row.decidedAt,
        claimed_by: (row) => row.claimedBy,
        claimed_at: (row) => row.claimedAt,
        claim_stale: (row) => row.claimStale,
        on_hold: (row) => row.onHold,
        hold_reason: (row) => row.holdReason,
        held_at: (row) => row.heldAt,
        notes_count: (row) => row.notesCount,
        approval_status: (row) => row.approvalRequest?.status,
        approval_requested_by: (row) => row.approvalRequest?.requestedBy,
        risk_flags: (row) => row.riskFlags.join(';'),
      }),
      read: async (after, limit) => {
        const rows = await queueBatch(this.#db, filter, { order, afterId: after?.id, limit });
        const views = await this.#views(rows);
        return views.map((view, index) => ({ ...view.row, id: rows[index]!.order.id }));
      },
      log: exportLog(this.#operators, this.#db, operator, {
        list: 'withdrawals',
        filter: query,
        ip,
      }),
    };
  }

  async detail(orderNo: string): Promise<AdminWithdrawalDetail> {
    const row = await findQueueRow(this.#db, orderNo);
    if (!row) throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found');
    const [view] = await this.#views([row]);
    if (!view) throw new Error(`withdrawal ${orderNo}: no view`);
    const notes = await listOrderNotes(this.#db, row.order.id);
    return {
      order: view.row,
      member: await cashierMemberOf(this.#db, this.#ledger, row.order),
      notes: notes.map((note) => ({
        id: String(note.id),
        author: note.author,
        body: note.body,
        createdAt: note.createdAt.toISOString(),
      })),
      approvalRequest: view.approval,
      risk: view.risk,
    };
  }

  async claim(
    operator: OperatorIdentity,
    orderNo: string,
    input: { takeover: boolean; ip: string },
  ): Promise<AdminWithdrawalQueueRow> {
    await this.#claims.claim(operator, orderNo, input);
    return this.#row(orderNo);
  }

  async release(
    operator: OperatorIdentity,
    orderNo: string,
    input: { ip: string },
  ): Promise<AdminWithdrawalQueueRow> {
    await this.#claims.release(operator, orderNo, input);
    return this.#row(orderNo);
  }

  async hold(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason: string; ip: string },
  ): Promise<AdminWithdrawalQueueRow> {
    await this.#claims.hold(operator, orderNo, input);
    return this.#row(orderNo);
  }

  addNote(
    operator: OperatorIdentity,
    orderNo: string,
    input: { body: string; ip: string },
  ): Promise<CashierNote> {
    return this.#claims.addNote(operator, orderNo, input);
  }

  /**
   * A withdrawal's deposits and valid bets since the member's previous withdrawal, as its risk
   * signals read them (the risk rules' low-wager rule); null when there is no such order.
   */
  async wagering(
    orderNo: string,
  ): Promise<{ depositsMinor: bigint; validBetMinor: bigint; currency: string } | null> {
    const row = await findQueueRow(this.#db, orderNo);
    if (!row || !isCurrencyCode(row.order.currency)) return null;
    const currency = row.order.currency;
    const account = (await this.#payouts.accountsByIds([row.order.payoutAccountId])).get(
      row.order.payoutAccountId,
    );
    if (!account) return null;
    const risk = (
      await withdrawalRisks(this.#db, this.#betTotals, [{ order: row.order, account }])
    ).get(orderNo);
    if (!risk) return null;
    return {
      depositsMinor: fromDecimalString(risk.wagering.deposits, currency),
      validBetMinor: fromDecimalString(risk.wagering.validBets, currency),
      currency,
    };
  }

  /**
   * Puts a pending withdrawal on hold for review on behalf of the risk rules (no operator holds
   * it; a cashier claims it as usual). False when it is not pending or already held.
   */
  holdForRisk(orderNo: string, reason: string): Promise<boolean> {
    return holdWithoutClaim(this.#db, orderNo, reason);
  }

  async #row(orderNo: string): Promise<AdminWithdrawalQueueRow> {
    const row = await findQueueRow(this.#db, orderNo);
    if (!row) throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found');
    const [view] = await this.#views([row]);
    if (!view) throw new Error(`withdrawal ${orderNo}: no view`);
    return view.row;
  }

  /** Rows with their payout accounts, open approval requests and risk signals. */
  async #views(rows: QueueRow[]) {
    const accounts = await this.#payouts.accountsByIds(
      rows.map((row) => row.order.payoutAccountId),
    );
    const accountOf = (row: QueueRow): PayoutAccountRow => {
      const account = accounts.get(row.order.payoutAccountId);
      // The foreign key and soft deletes keep every order's account.
      if (!account) throw new Error(`order ${row.order.orderNo}: payout account missing`);
      return account;
    };
    const approvals = await this.#approvals(rows.map((row) => row.order.orderNo));
    const names = await decidedByNames(
      this.#db,
      rows.map((row) => row.order.decidedBy),
    );
    const risks = await withdrawalRisks(
      this.#db,
      this.#betTotals,
      rows.map((row) => ({ order: row.order, account: accountOf(row) })),
    );
    return rows.map((row) => {
      const approval = approvals.get(row.order.orderNo) ?? null;
      const risk = risks.get(row.order.orderNo);
      if (!risk) throw new Error(`order ${row.order.orderNo}: no risk signals`);
      return {
        row: {
          ...toAdminOrder(row.order, row.username, accountOf(row), names),
          ...reviewFields(row.claim, row.notesCount),
          ...heldWithoutClaim(row),
          approvalRequest: approval
            ? {
                id: approval.id,
                status: approval.status,
                requestedBy: approval.requestedBy,
                requestedAt: approval.requestedAt,
              }
            : null,
          riskFlags: risk.flags,
        },
        approval,
        risk,
      };
    });
  }
}

/** A hold the risk rules put on an order nobody claimed: shown as a hold all the same. */
function heldWithoutClaim(row: QueueRow) {
  const { holdReason, heldAt } = row.order;
  return row.claim === null && holdReason !== null
    ? { onHold: true, holdReason, heldAt: heldAt?.toISOString() ?? null }
    : {};
}

/** The repository's filter of a queue query (amounts and times read by `queueWindow`). */
function queueFilter(
  operator: OperatorIdentity,
  query: Pick<WithdrawalQueueQuery, 'brands' | 'status' | 'claim' | 'username'>,
  window: ReturnType<typeof queueWindow>,
): QueueFilter {
  return {
    ...reviewFilter(operator.operatorId, query, window),
    status: query.status,
  };
}
