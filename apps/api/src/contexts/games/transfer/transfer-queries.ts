import { performance } from 'node:perf_hooks';
import type { TransferStatusResponse } from '@lobby/game-protocol';
import type { ProviderOutcome } from '../games/index.ts';
import type { TransferDependencies } from './transfer-orders.ts';
import type { TransferOutcome } from './transfer-phases.ts';
import { insertTransferQuery, type NewTransferQueryRow } from './transfer-admin.repository.ts';
import type { TransferRow } from './transfer.repository.ts';

/**
 * A status query about an order in transit, and what its answer means. The sweep, an operator's
 * "ask again" and an approved manual resolution all ask through `askStatus` (so every query is
 * in the history) and read the answer with `readStatus` (so all settle an order alike).
 */

/** Who asks: the sweep, or an operator (asking again, or approving a manual resolution). */
export type StatusAsker =
  { source: 'sweep' } | { source: 'operator' | 'resolution'; operatorId: bigint };

export type StatusAnswer = ProviderOutcome<TransferStatusResponse>;

/** One query as the history keeps it. */
export type StatusRecord = Pick<
  NewTransferQueryRow,
  'askedAt' | 'source' | 'answer' | 'status' | 'detail' | 'latencyMs'
>;

export type StatusQuery = {
  answer: StatusAnswer;
  record: StatusRecord;
  /** The history row, or null when it could not be written (the query counts all the same). */
  queryId: bigint | null;
};

/** What an answer means for the order: final (settle it so), or not yet and why. */
export type StatusReading =
  { final: true; outcome: TransferOutcome } | { final: false; lastError: string };

/** True when the platform describes another order under our number (a bug on one side). */
function describesAnother(row: TransferRow, answer: TransferStatusResponse): boolean {
  return (
    (answer.direction !== undefined && answer.direction !== row.direction) ||
    (answer.amountMinor !== undefined && answer.amountMinor !== String(row.amountMinor))
  );
}

/**
 * The reading of the platform's answer about `row` at `now`. "Not found" is final only once the
 * order is older than the window in which a request signed for it could still land; a status
 * about another order never settles anything (money stays in transit for a person to look at).
 */
export function readStatus(
  deps: Pick<TransferDependencies, 'notFoundFinalAfterMs' | 'log'>,
  row: TransferRow,
  answer: StatusAnswer,
  now: Date,
): StatusReading {
  if (answer.kind === 'unknown') return { final: false, lastError: answer.reason };
  // A refused query (maintenance, say) says nothing about the order.
  if (answer.kind === 'refused') return { final: false, lastError: `refused:${answer.error}` };
  const status = answer.value;
  if (status.status === 'not_found') {
    const age = now.getTime() - row.createdAt.getTime();
    if (age <= deps.notFoundFinalAfterMs) return { final: false, lastError: 'not_found' };
    return { final: true, outcome: { status: 'failed', reason: 'transfer_not_received' } };
  }
  if (describesAnother(row, status)) {
    deps.log?.error(
      { orderNo: row.orderNo, answer: status },
      'transfer status does not match order',
    );
    return { final: false, lastError: 'status_mismatch' };
  }
  return {
    final: true,
    outcome:
      status.status === 'success'
        ? { status: 'success' }
        : { status: 'failed', reason: 'transfer_refused' },
  };
}

/** The history row's fields of an answer. */
function historyOf(
  row: TransferRow,
  answer: StatusAnswer,
): Pick<NewTransferQueryRow, 'answer' | 'status' | 'detail'> {
  switch (answer.kind) {
    case 'ok':
      return {
        answer: 'status',
        status: answer.value.status,
        detail: describesAnother(row, answer.value) ? 'status_mismatch' : null,
      };
    case 'refused':
      return { answer: 'error', status: null, detail: `refused:${answer.error}` };
    case 'unknown':
      return answer.reason === 'timeout'
        ? { answer: 'timeout', status: null, detail: null }
        : { answer: 'error', status: null, detail: answer.reason };
  }
}

/**
 * Asks the platform for the order's status and writes the query to the history. Writing the
 * history never fails the query: a sweep must not stop settling money for want of a log row.
 */
export async function askStatus(
  deps: Pick<TransferDependencies, 'db' | 'provider' | 'now' | 'log'>,
  row: TransferRow,
  asker: StatusAsker,
): Promise<StatusQuery> {
  const askedAt = deps.now();
  const started = performance.now();
  const answer = await deps.provider.transferStatus(row.platformId, row.orderNo);
  const latencyMs = Math.max(0, Math.round(performance.now() - started));
  const record: StatusRecord = {
    askedAt,
    source: asker.source,
    latencyMs,
    ...historyOf(row, answer),
  };
  let queryId: bigint | null = null;
  try {
    queryId = await insertTransferQuery(deps.db, {
      ...record,
      transferId: row.id,
      operatorId: asker.source === 'sweep' ? null : asker.operatorId,
    });
  } catch (error) {
    deps.log?.warn({ err: error, orderNo: row.orderNo }, 'transfer status query not recorded');
  }
  return { answer, record, queryId };
}
