import type { FastifyBaseLogger } from 'fastify';
import {
  TRANSFER_RESOLUTION_OUTCOMES,
  adminTransferExceptionsExportEndpoint,
  type AdminApproval,
  type AdminTransfer,
  type AdminTransferQuery,
  type Language,
  type TransferResolutionOutcome,
} from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import { brandFilter, type OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { exportLog, type ActionRecorder } from '../../identity/operator/index.ts';
import type { ApprovalService, ApprovalToCarryOut } from '../../money/approvals/index.ts';
import { operatorActor, type LedgerService } from '../../money/ledger/index.ts';
import type { PlayerDirectory, ProviderClient } from '../games/index.ts';
import { TRANSFER_ADMIN_ERRORS } from './transfer-admin.errors.ts';
import {
  brandOfTransfer,
  findAdminTransfer,
  findTransferQuery,
  listTransferExceptions,
  listTransferQueries,
  querySummaries,
  transferExceptionBatch,
  type AdminTransferRow,
  type TransferExceptionFilter,
  type TransferQueryRow,
} from './transfer-admin.repository.ts';
import { currencyOf, platformNameOf, type TransferDependencies } from './transfer-orders.ts';
import { TransferPhases, type TransferOutcome } from './transfer-phases.ts';
import { askStatus, readStatus, type StatusQuery } from './transfer-queries.ts';
import { NOT_FOUND_FINAL_AFTER_MS } from './transfer-schedule.ts';
import type { TransferRow } from './transfer.repository.ts';

/** At most this many status queries in a transfer's detail (newest first). */
const HISTORY_LIMIT = 500;

type Approvals = Pick<ApprovalService, 'fileRequest' | 'pendingRequests'>;
type AdminTransferDetail = AdminTransfer & { history: AdminTransferQuery[] };
type ExceptionsQuery = {
  brand?: string | undefined;
  platform?: number | undefined;
  direction?: 'in' | 'out' | undefined;
  minAgeMinutes?: number | undefined;
  member?: string | undefined;
};

function queryView(
  query: Omit<TransferQueryRow, 'id' | 'transferId' | 'operatorId'> & { id: bigint | null },
): AdminTransferQuery {
  return {
    id: query.id === null ? '' : String(query.id),
    askedAt: query.askedAt.toISOString(),
    source: query.source,
    operator: query.source === 'sweep' ? null : query.operatorName,
    answer: query.answer,
    status: query.status,
    detail: query.detail,
    latencyMs: query.latencyMs,
  };
}

function outcomeOf(text: string | undefined): TransferResolutionOutcome | null {
  return TRANSFER_RESOLUTION_OUTCOMES.find((outcome) => outcome === text) ?? null;
}

function pendingView(request: AdminApproval | undefined): AdminTransfer['pendingResolution'] {
  const outcome = outcomeOf(request?.details.outcome);
  if (!request || !outcome) return null;
  return {
    approvalId: request.id,
    outcome,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt,
  };
}

/** What a query came back with, for the action log and an approval's result. */
function answerOf(query: StatusQuery): Record<string, string | null> {
  return {
    answer: query.record.answer,
    status: query.record.status ?? null,
    detail: query.record.detail ?? null,
  };
}

/**
 * The back office's transfer exceptions: transfers left in transit past the status-query window
 * (the sweep keeps asking, but a person should look), with every status query made about them;
 * asking the platform again now, settled exactly as the sweep would settle it; and the manual
 * resolution, a maker-checker request (approvals module, kind `transfer_resolution`) that is
 * carried out here when a second operator approves it, after one more status query.
 */
export class TransferAdminService {
  readonly #deps: TransferDependencies;
  readonly #phases: TransferPhases;
  readonly #operators: ActionRecorder;
  readonly #approvals: Approvals;

  constructor(options: {
    db: Database;
    ledger: LedgerService;
    provider: ProviderClient;
    players: PlayerDirectory;
    operators: ActionRecorder;
    approvals: Approvals;
    now?: () => Date;
    notFoundFinalAfterMs?: number;
    log?: FastifyBaseLogger;
  }) {
    this.#deps = {
      db: options.db,
      ledger: options.ledger,
      provider: options.provider,
      players: options.players,
      now: options.now ?? (() => new Date()),
      notFoundFinalAfterMs: options.notFoundFinalAfterMs ?? NOT_FOUND_FINAL_AFTER_MS,
      log: options.log,
    };
    this.#phases = new TransferPhases(this.#deps);
    this.#operators = options.operators;
    this.#approvals = options.approvals;
  }

  /** The brand of a transfer, or null when there is none: the operator guard's brand rule. */
  brandOf(id: string): Promise<string | null> {
    return brandOfTransfer(this.#deps.db, BigInt(id));
  }

  async exceptions(
    operator: OperatorIdentity,
    query: ExceptionsQuery & { page: number; pageSize: number },
    language: Language,
  ): Promise<{ items: AdminTransfer[]; total: number }> {
    const { rows, total } = await listTransferExceptions(
      this.#deps.db,
      this.#exceptionsFilter(operator, query),
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return { items: await this.#views(rows, language), total };
  }

  /**
   * The exceptions of the list's filter as CSV, oldest first by id, in keyset batches. The
   * window is the one at the export's start, so every batch selects from the same set.
   */
  exportExceptions(
    operator: OperatorIdentity,
    query: ExceptionsQuery,
    request: { ip: string; language: Language },
  ): CsvExport<AdminTransfer> {
    const filter = this.#exceptionsFilter(operator, query);
    return {
      name: 'transfer-exceptions',
      columns: csvColumns(adminTransferExceptionsExportEndpoint.columns, {
        id: (row) => row.id,
        order_no: (row) => row.orderNo,
        brand: (row) => row.brand,
        member_id: (row) => row.memberId,
        username: (row) => row.username,
        platform_id: (row) => row.platformId,
        platform_name: (row) => row.platformName,
        direction: (row) => row.direction,
        amount: (row) => row.amount,
        currency: (row) => row.currency,
        status: (row) => row.status,
        created_at: (row) => row.createdAt,
        attempts: (row) => row.attempts,
        queries: (row) => row.queries,
        next_check_at: (row) => row.nextCheckAt,
        last_error: (row) => row.lastError,
        last_query_at: (row) => row.lastQuery?.askedAt,
        last_query_source: (row) => row.lastQuery?.source,
        last_query_answer: (row) => row.lastQuery?.answer,
        last_query_status: (row) => row.lastQuery?.status,
        last_query_detail: (row) => row.lastQuery?.detail,
        pending_resolution: (row) => row.pendingResolution?.outcome,
        resolution_requested_by: (row) => row.pendingResolution?.requestedBy,
      }),
      read: async (after, limit) =>
        this.#views(
          await transferExceptionBatch(
            this.#deps.db,
            filter,
            after === undefined ? undefined : BigInt(after.id),
            limit,
          ),
          request.language,
        ),
      log: exportLog(this.#operators, this.#deps.db, operator, {
        list: 'transfer_exceptions',
        filter: query,
        ip: request.ip,
      }),
    };
  }

  #exceptionsFilter(operator: OperatorIdentity, query: ExceptionsQuery): TransferExceptionFilter {
    const nowMs = this.#deps.now().getTime();
    return {
      windowStart: new Date(nowMs - this.#deps.notFoundFinalAfterMs),
      brands: brandFilter(operator, query.brand || undefined),
      platformId: query.platform,
      direction: query.direction,
      createdBefore:
        query.minAgeMinutes === undefined
          ? undefined
          : new Date(nowMs - query.minAgeMinutes * 60_000),
      usernameKey: query.member ? query.member.toLowerCase() : undefined,
    };
  }

  /** A transfer with its status queries, newest first. */
  async detail(id: string, language: Language): Promise<AdminTransferDetail> {
    const row = await this.#find(id);
    const [view] = await this.#views([row], language);
    if (!view) throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_found');
    const history = await listTransferQueries(this.#deps.db, row.id, HISTORY_LIMIT);
    return { ...view, history: history.map(queryView) };
  }

  /**
   * Asks the platform about a transfer in transit now, as the operator. A final answer settles
   * it exactly as the sweep would (the same reading, the same settlement keyed by the order);
   * the query is in the history and the action log either way.
   */
  async query(
    operator: OperatorIdentity,
    id: string,
    ip: string,
    language: Language,
  ): Promise<{ query: AdminTransferQuery; settled: boolean; transfer: AdminTransfer }> {
    const row = await this.#find(id);
    if (row.status !== 'in_transit') {
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_in_transit');
    }
    const asked = await askStatus(this.#deps, row, {
      source: 'operator',
      operatorId: operator.operatorId,
    });
    const reading = readStatus(this.#deps, row, asked.answer, this.#deps.now());
    const logged = (settled: boolean, after: { status: string; reason: string | null }) => ({
      action: 'transfer_query',
      brandCode: row.brandCode,
      targetType: 'transfer',
      targetId: String(row.id),
      details: {
        orderNo: row.orderNo,
        platformAnswer: answerOf(asked),
        settled,
        before: { status: row.status, reason: row.reason },
        after,
      },
      ip,
    });
    let settled = false;
    if (reading.final) {
      const { outcome } = reading;
      await this.#phases.settle(row, outcome, operatorActor(operator), async (transaction) => {
        settled = true;
        await this.#operators.record(
          transaction,
          operator,
          logged(true, {
            status: outcome.status,
            reason: outcome.status === 'failed' ? outcome.reason : null,
          }),
        );
      });
    }
    const after = await this.#find(id);
    if (!settled) {
      await this.#operators.record(
        this.#deps.db,
        operator,
        logged(false, { status: after.status, reason: after.reason }),
      );
    }
    const stored =
      asked.queryId === null ? null : await findTransferQuery(this.#deps.db, asked.queryId);
    const [transfer] = await this.#views([after], language);
    if (!transfer) throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_found');
    return {
      query: queryView(
        stored ?? {
          ...asked.record,
          id: null,
          operatorName: operator.username,
          status: asked.record.status ?? null,
          detail: asked.record.detail ?? null,
        },
      ),
      settled,
      transfer,
    };
  }

  /**
   * Asks for a manual resolution of a transfer in transit past the status-query window: a
   * request a second operator approves (the approvals queue), never applied at once. The same
   * request again answers the one pending; the other outcome while one is pending is refused.
   */
  async requestResolution(
    operator: OperatorIdentity,
    id: string,
    input: { outcome: TransferResolutionOutcome; evidence: string; ip: string },
  ): Promise<{ approvalRequest: AdminApproval }> {
    const row = await this.#find(id);
    this.#assertResolvable(row);
    const pending = await this.#approvals.pendingRequests('transfer_resolution', [row.orderNo]);
    const existing = pending.get(row.orderNo);
    if (existing && existing.details.outcome !== input.outcome) {
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_resolution_pending');
    }
    return this.#approvals.fileRequest(operator, {
      brandCode: row.brandCode,
      kind: 'transfer_resolution',
      target: row.orderNo,
      amountMinor: row.amountMinor,
      reason: input.evidence,
      payload: { outcome: input.outcome, transferId: String(row.id), orderNo: row.orderNo },
      ip: input.ip,
    });
  }

  /**
   * Carries out an approved resolution as the approver (the approvals module calls it). One
   * more status query first: a final answer against the requested outcome refuses it and
   * settles nothing; a final answer that agrees settles as the sweep would; no usable answer
   * settles the requested outcome on the evidence. The settlement is the module's own, keyed by
   * the order, so approving twice (or at once) moves the money once; the action log row, with
   * the evidence and both operators, is written in its transaction.
   */
  async carryOutResolution(input: {
    operator: OperatorIdentity;
    request: ApprovalToCarryOut;
    ip: string;
  }): Promise<Record<string, unknown>> {
    const { operator, request, ip } = input;
    const outcome = outcomeOf(request.payload.outcome);
    const transferId = request.payload.transferId ?? '';
    const row = /^\d{1,18}$/.test(transferId)
      ? await findAdminTransfer(this.#deps.db, BigInt(transferId))
      : null;
    if (!outcome || !row || row.brandCode !== request.brandCode || row.orderNo !== request.target) {
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_found');
    }
    const wanted: TransferOutcome =
      outcome === 'succeeded'
        ? { status: 'success' }
        : { status: 'failed', reason: 'transfer_failed_confirmed' };
    const result = (after: TransferRow, settled: boolean, platformAnswer: unknown) => ({
      orderNo: row.orderNo,
      outcome,
      status: after.status,
      reason: after.reason,
      settled,
      platformAnswer,
    });
    if (row.status !== 'in_transit') {
      // Settled already: by this approval before a crash (the same outcome), else refused.
      if (row.status === wanted.status) return result(row, false, null);
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_in_transit');
    }
    this.#assertResolvable(row);
    const asked = await askStatus(this.#deps, row, {
      source: 'resolution',
      operatorId: operator.operatorId,
    });
    const reading = readStatus(this.#deps, row, asked.answer, this.#deps.now());
    if (reading.final && reading.outcome.status !== wanted.status) {
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_resolution_contradicted');
    }
    const settleWith = reading.final ? reading.outcome : wanted;
    let settled = false;
    const after = await this.#phases.settle(
      row,
      settleWith,
      operatorActor(operator),
      async (transaction) => {
        settled = true;
        await this.#operators.record(transaction, operator, {
          action: 'transfer_resolve',
          brandCode: row.brandCode,
          targetType: 'transfer',
          targetId: String(row.id),
          reason: request.reason,
          details: {
            orderNo: row.orderNo,
            outcome,
            evidence: request.reason,
            approvalId: String(request.id),
            requestedBy: request.requestedByName,
            approvedBy: operator.username,
            platformAnswer: answerOf(asked),
            before: { status: row.status, reason: row.reason },
            after: {
              status: settleWith.status,
              reason: settleWith.status === 'failed' ? settleWith.reason : null,
            },
          },
          ip,
        });
      },
    );
    // Settled the other way meanwhile (the sweep heard from the platform): nothing moved here.
    if (after.status !== wanted.status) {
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_resolution_contradicted');
    }
    return result(after, settled, answerOf(asked));
  }

  /** In transit and past the window in which a request signed for it could still land. */
  #assertResolvable(row: TransferRow): void {
    if (row.status !== 'in_transit') {
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_in_transit');
    }
    const age = this.#deps.now().getTime() - row.createdAt.getTime();
    if (age <= this.#deps.notFoundFinalAfterMs) {
      throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_still_checking');
    }
  }

  async #find(id: string): Promise<AdminTransferRow> {
    const row = await findAdminTransfer(this.#deps.db, BigInt(id));
    if (!row) throw appError(TRANSFER_ADMIN_ERRORS, 'transfer_not_found');
    return row;
  }

  async #views(rows: AdminTransferRow[], language: Language): Promise<AdminTransfer[]> {
    const summaries = await querySummaries(
      this.#deps.db,
      rows.map((row) => row.id),
    );
    const pending = await this.#approvals.pendingRequests(
      'transfer_resolution',
      rows.filter((row) => row.status === 'in_transit').map((row) => row.orderNo),
    );
    const windowStartMs = this.#deps.now().getTime() - this.#deps.notFoundFinalAfterMs;
    return rows.map((row) => {
      const summary = summaries.get(row.id);
      const inTransit = row.status === 'in_transit';
      return {
        id: String(row.id),
        orderNo: row.orderNo,
        brand: row.brandCode,
        memberId: String(row.memberId),
        username: row.username,
        platformId: row.platformId,
        platformName: platformNameOf(row.platformId, language),
        direction: row.direction,
        amount: toDecimalString(row.amountMinor, currencyOf(row)),
        currency: row.currency,
        status: row.status,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
        attempts: row.checkAttempts,
        queries: summary?.total ?? 0,
        nextCheckAt: inTransit ? (row.nextCheckAt?.toISOString() ?? null) : null,
        lastError: row.lastError,
        exception:
          inTransit &&
          (row.createdAt.getTime() <= windowStartMs || row.lastError === 'status_mismatch'),
        lastQuery: summary ? queryView(summary.last) : null,
        pendingResolution: pendingView(pending.get(row.orderNo)),
      };
    });
  }
}
