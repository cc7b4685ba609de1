import {
  adminDepositsExportEndpoint,
  type AdminDepositDetail,
  type AdminDepositQueueRow,
  type CashierClaimFilter,
  type CashierMember,
  type CashierNote,
} from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import { appError, commonError, type AppError } from '../../../lib/app-error.ts';
import {
  queueWindow,
  reviewFields,
  reviewFilter,
  type claimSnapshot,
  type ReviewClaim,
} from '../../../lib/cashier.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import { brandFilter } from '../../../plugins/operator-auth.ts';
import { findMemberById } from '../../identity/member/index.ts';
import {
  decidedByNames,
  exportLog,
  type ActionRecorder,
  type DecidedByNames,
  type OperatorIdentity,
} from '../../identity/operator/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { currencyOf, toAdminOrder } from './deposit-orders.ts';
import { DEPOSIT_ERRORS } from './deposit.errors.ts';
import { ReviewClaims } from './review-claims.ts';
import {
  confirmedDepositTotals,
  findQueueRow,
  insertOrderNote,
  listOrderNotes,
  listQueue,
  lockOrderClaim,
  queueBatch,
  writeOrderClaim,
  type QueueFilter,
  type QueueRow,
} from './deposit-cashier.repository.ts';
import { OPEN_STATUSES, type OrderRow, type OrderStatus } from './deposit.repository.ts';

export type DepositQueueQuery = {
  status?: OrderStatus | undefined;
  /** The brands to show: the operator's, or the one asked for (null: every brand). */
  brands: readonly string[] | null;
  limit: number;
  channelType?: string | undefined;
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

export type QueuePage<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The queue's query as the export takes it: the brand asked for, no paging. */
export type DepositExportQuery = Omit<
  DepositQueueQuery,
  'brands' | 'limit' | 'page' | 'pageSize'
> & {
  brand?: string | undefined;
};

/** The member beside an order in either queue: who they are, their money, their deposits. */
export async function cashierMemberOf(
  db: Executor,
  ledger: Pick<LedgerService, 'balances'>,
  order: { brandCode: string; memberId: bigint; currency: string },
): Promise<CashierMember> {
  const member = await findMemberById(db, order.brandCode, order.memberId);
  if (!member) throw new Error(`member ${order.memberId} of an order vanished`);
  const currency = currencyOf(order.currency);
  const balances = await ledger.balances(order.brandCode, order.memberId, currency);
  const deposits = await confirmedDepositTotals(db, order);
  return {
    id: String(member.id),
    username: member.username,
    realName: member.realName,
    status: member.status,
    registeredAt: member.createdAt.toISOString(),
    lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: member.lastLoginIp,
    currency,
    balance: toDecimalString(balances.walletMinor, currency),
    locked: toDecimalString(balances.lockedMinor, currency),
    depositsCount: deposits.count,
    depositsTotal: toDecimalString(deposits.totalMinor, currency),
  };
}

/**
 * The deposit queue: claims, holds and notes of orders in review, and the list and detail the
 * cashiers work from (contracts: cashier.ts). Every change is logged with the claim before and
 * after, in its transaction; a claim change locks the order's row, so of two operators claiming
 * at once exactly one wins.
 */
export class DepositCashier {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #operators: ActionRecorder | undefined;
  readonly #claims: ReviewClaims<OrderRow>;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    operators: ActionRecorder | undefined;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#operators = dependencies.operators;
    this.#claims = new ReviewClaims({
      db: dependencies.db,
      operators: dependencies.operators,
      queue: {
        findQueueRow,
        lockOrderClaim,
        writeOrderClaim,
        insertOrderNote,
        isOpen: (order) => OPEN_STATUSES.includes(order.status),
        errors: {
          notFound: () => commonError('not_found'),
          notOpen: () => appError(DEPOSIT_ERRORS, 'deposit_not_pending'),
          notClaimed: () => appError(DEPOSIT_ERRORS, 'order_not_claimed'),
          claimedByOther,
        },
        log: {
          claim: 'deposit_claim',
          release: 'deposit_release',
          hold: 'deposit_hold',
          note: 'deposit_note',
          targetType: 'deposit_order',
        },
      },
    });
  }

  get #actions(): ActionRecorder {
    if (!this.#operators) throw new Error('DepositCashier: no action recorder for operator calls');
    return this.#operators;
  }

  async queue(
    operator: OperatorIdentity,
    query: DepositQueueQuery,
  ): Promise<AdminDepositQueueRow[] | QueuePage<AdminDepositQueueRow>> {
    const window = queueWindow(query);
    const { rows, total } = await listQueue(
      this.#db,
      queueFilter(operator, query, window),
      { by: query.sort ?? 'createdAt', order: query.order ?? 'desc' },
      { offset: window.offset, limit: window.pageSize },
    );
    const items = await this.#views(rows);
    return window.paged ? { items, total, page: window.page, pageSize: window.pageSize } : items;
  }

  /**
   * The queue's filter as CSV: by order id (a key that never changes), in `order`, newest first
   * by default as the queue (`sort` does not apply: an amount or a time is not a unique key).
   * A bad filter is refused here, before the answer starts.
   */
  exportCsv(
    operator: OperatorIdentity,
    query: DepositExportQuery,
    ip: string,
  ): CsvExport<AdminDepositQueueRow & { id: bigint }> {
    const brands = brandFilter(operator, query.brand || undefined);
    // No paging: the limit only satisfies the window's type.
    const filter = queueFilter(operator, { ...query, brands }, queueWindow({ ...query, limit: 1 }));
    const order = query.order ?? 'desc';
    return {
      name: 'deposits',
      columns: csvColumns(adminDepositsExportEndpoint.columns, {
        order_no: (row) => row.orderNo,
        brand: (row) => row.brandCode,
        member_id: (row) => row.memberId,
        username: (row) => row.username,
        status: (row) => row.status,
        channel: (row) => row.channel,
        channel_type: (row) => row.channelType,
        channel_name: (row) => row.channelName,
        amount: (row) => row.amount,
        currency: (row) => row.currency,
        coin_amount: (row) => row.coin?.amount,
        coin_rate: (row) => row.coin?.rate,
        tx_hash: (row) => row.coin?.txHash,
        payer_name: (row) => row.notice?.payerName,
        transferred_at: (row) => row.notice?.transferredAt,
        details: (row) => JSON.stringify(row.details),
        reason: (row) => row.reason,
        decided_by: (row) => row.decidedBy,
        ledger_entry_id: (row) => row.ledgerEntryId,
        created_at: (row) => row.createdAt,
        decided_at: (row) => row.decidedAt,
        claimed_by: (row) => row.claimedBy,
        claimed_at: (row) => row.claimedAt,
        claim_stale: (row) => row.claimStale,
        on_hold: (row) => row.onHold,
        hold_reason: (row) => row.holdReason,
        held_at: (row) => row.heldAt,
        notes_count: (row) => row.notesCount,
      }),
      read: async (after, limit) => {
        const rows = await queueBatch(this.#db, filter, { order, afterId: after?.id, limit });
        const views = await this.#views(rows);
        return views.map((view, index) => ({ ...view, id: rows[index]!.order.id }));
      },
      log: exportLog(this.#actions, this.#db, operator, { list: 'deposits', filter: query, ip }),
    };
  }

  async detail(orderNo: string): Promise<AdminDepositDetail> {
    const row = await findQueueRow(this.#db, orderNo);
    if (!row) throw commonError('not_found');
    const notes = await listOrderNotes(this.#db, row.order.id);
    const [order] = await this.#views([row]);
    return {
      order: order!,
      member: await cashierMemberOf(this.#db, this.#ledger, row.order),
      notes: notes.map(toNoteView),
    };
  }

  /**
   * Claims an open order: a free one, the caller's own (their activity is renewed), a stale
   * one, or with `takeover` and `cashier.takeover` anyone's.
   */
  async claim(
    operator: OperatorIdentity,
    orderNo: string,
    input: { takeover: boolean; ip: string },
  ): Promise<AdminDepositQueueRow> {
    await this.#claims.claim(operator, orderNo, input);
    return this.#row(orderNo);
  }

  /** Gives a claim back (and ends its hold): the holder's, or anyone's with `cashier.takeover`. */
  async release(
    operator: OperatorIdentity,
    orderNo: string,
    input: { ip: string },
  ): Promise<AdminDepositQueueRow> {
    await this.#claims.release(operator, orderNo, input);
    return this.#row(orderNo);
  }

  /** Puts an open order on hold with a reason, claiming it when it is free (or stale). */
  async hold(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason: string; ip: string },
  ): Promise<AdminDepositQueueRow> {
    await this.#claims.hold(operator, orderNo, input);
    return this.#row(orderNo);
  }

  /** Appends a review note to an order, open or decided. */
  async addNote(
    operator: OperatorIdentity,
    orderNo: string,
    input: { body: string; ip: string },
  ): Promise<CashierNote> {
    return this.#claims.addNote(operator, orderNo, input);
  }

  /** Refuses early, before any money work, when another operator holds the open order. */
  async assertMayDecide(operator: OperatorIdentity, orderNo: string): Promise<void> {
    return this.#claims.assertMayDecide(operator, orderNo);
  }

  /**
   * In a decision's transaction: refuses when another operator holds the order (live claim),
   * else ends the claim the decision closes. Answers the claim as it was (null: none), for the
   * decision's log row.
   */
  async settleForDecision(
    transaction: Executor,
    operator: OperatorIdentity,
    orderNo: string,
  ): Promise<ReturnType<typeof claimSnapshot>> {
    return this.#claims.settleForDecision(transaction, operator, orderNo);
  }

  async #row(orderNo: string): Promise<AdminDepositQueueRow> {
    const row = await findQueueRow(this.#db, orderNo);
    if (!row) throw commonError('not_found');
    const [view] = await this.#views([row]);
    return view!;
  }

  /** Queue rows as shown, who decided each read in one query. */
  async #views(rows: QueueRow[]): Promise<AdminDepositQueueRow[]> {
    const names = await decidedByNames(
      this.#db,
      rows.map((row) => row.order.decidedBy),
    );
    return rows.map((row) => toQueueView(row, names));
  }
}

/** The repository's filter of a queue query (amounts and times read by `queueWindow`). */
function queueFilter(
  operator: OperatorIdentity,
  query: Pick<DepositQueueQuery, 'brands' | 'status' | 'channelType' | 'claim' | 'username'>,
  window: ReturnType<typeof queueWindow>,
): QueueFilter {
  return {
    ...reviewFilter(operator.operatorId, query, window),
    status: query.status,
    channelType: query.channelType,
  };
}

function toQueueView(row: QueueRow, names: DecidedByNames): AdminDepositQueueRow {
  return {
    ...toAdminOrder(row.order, row.username, names),
    ...reviewFields(row.claim, row.notesCount),
  };
}

function toNoteView(note: { id: bigint; author: string; body: string; createdAt: Date }) {
  return {
    id: String(note.id),
    author: note.author,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  };
}

function claimedByOther(holder: ReviewClaim): AppError {
  return appError(DEPOSIT_ERRORS, 'order_claimed_by_other', {
    params: { operator: holder.operator, since: holder.claimedAt.toISOString() },
  });
}
