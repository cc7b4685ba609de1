import type { Sweep } from '../../../jobs/scheduler.ts';
import type { LedgerActor } from '../../money/ledger/index.ts';
import type { TransferDependencies } from './transfer-orders.ts';
import type { TransferPhases } from './transfer-phases.ts';
import { askStatus, readStatus } from './transfer-queries.ts';
import { claimDueTransfers, rescheduleTransfer, type TransferRow } from './transfer.repository.ts';
import { CHECK_LEASE_MS, nextCheckAt } from './transfer-schedule.ts';

/**
 * Reconciliation: orders left in transit (an answer that never came, a 5xx, a crash between the
 * two phases) are asked about at the platform until its answer is final, then settled. The
 * schedule of the queries is in transfer-schedule.ts.
 */

export type ReconcileReport = {
  /** Orders whose status was asked. */
  checked: number;
  /** Of those, the ones now final. */
  settled: number;
  /** Of those, the ones still in transit (asked again later). */
  pending: number;
};

export type ReconcileOptions = {
  signal?: AbortSignal;
  batchSize?: number;
  concurrency?: number;
  maxBatches?: number;
  /** Only these members' orders (the runbook's "settle this member now", and tests). */
  memberIds?: readonly bigint[];
};

const JOB_ACTOR: LedgerActor = { type: 'job', id: 'transfer-reconciliation' };

/** Waits for `work` over `items`, at most `limit` at a time, answers in the items' order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class TransferReconciler {
  readonly #deps: TransferDependencies;
  readonly #phases: TransferPhases;

  constructor(dependencies: TransferDependencies, phases: TransferPhases) {
    this.#deps = dependencies;
    this.#phases = phases;
  }

  /**
   * Asks the platforms about orders in transit whose query is due, oldest first, and settles
   * those with a final answer. Claims are conditional updates, so two runs at once (two nodes)
   * never ask about one order together, and a run that dies leaves its claims to expire.
   */
  async reconcile(options: ReconcileOptions = {}): Promise<ReconcileReport> {
    const batchSize = options.batchSize ?? 50;
    const concurrency = options.concurrency ?? 8;
    const maxBatches = options.maxBatches ?? 20;
    const report: ReconcileReport = { checked: 0, settled: 0, pending: 0 };
    for (let batch = 0; batch < maxBatches; batch++) {
      if (options.signal?.aborted) break;
      const now = this.#deps.now();
      const claimed = await claimDueTransfers(
        this.#deps.db,
        now,
        new Date(now.getTime() + CHECK_LEASE_MS),
        batchSize,
        options.memberIds,
      );
      if (claimed.length === 0) break;
      const outcomes = await mapLimit(claimed, concurrency, (row) => this.#check(row));
      for (const outcome of outcomes) {
        report.checked += 1;
        if (outcome === 'settled') report.settled += 1;
        else report.pending += 1;
      }
      if (claimed.length < batchSize) break;
    }
    return report;
  }

  async #check(row: TransferRow): Promise<'settled' | 'pending'> {
    const { db, notFoundFinalAfterMs } = this.#deps;
    const { answer } = await askStatus(this.#deps, row, { source: 'sweep' });
    const now = this.#deps.now();
    const reading = readStatus(this.#deps, row, answer, now);
    if (!reading.final) {
      // Not found inside the window, no answer, a refusal, or a status about another order
      // (money stays in transit for a person to look at rather than move on a contradiction).
      await rescheduleTransfer(db, row.id, {
        nextCheckAt: nextCheckAt({
          createdAt: row.createdAt,
          now,
          attempts: row.checkAttempts,
          finalAfterMs: notFoundFinalAfterMs,
        }),
        lastError: reading.lastError,
      });
      return 'pending';
    }
    await this.#phases.settle(row, reading.outcome, JOB_ACTOR);
    return 'settled';
  }
}

// ---------------------------------------------------------------------------------------------
// The sweep.

export const TRANSFER_RECONCILIATION = 'transfer-reconciliation';
/**
 * As often as the scheduler ticks (5 s): an order's deciding query, due just past the window
 * after which "not found" is final, and an order freed from a lost claim (CHECK_LEASE_MS) wait
 * at most this for a run. A run with nothing due is one indexed update.
 */
export const TRANSFER_RECONCILIATION_INTERVAL_MS = 5_000;

/**
 * Asks the platforms about transfer orders left in transit and settles each once the platform's
 * answer is final. All of it is worked out from the orders' rows, and each order is claimed by a
 * conditional update, so a second run at once, or a run after a crash, neither asks twice nor
 * moves money twice.
 */
export function transferReconciliationSweep(deps: {
  /** The TransferService (its reconcile). */
  transfers: { reconcile(options: ReconcileOptions): Promise<ReconcileReport> };
  intervalMs?: number;
}): Sweep {
  return {
    name: TRANSFER_RECONCILIATION,
    intervalMs: deps.intervalMs ?? TRANSFER_RECONCILIATION_INTERVAL_MS,
    async run({ signal, log }) {
      const report = await deps.transfers.reconcile({ signal });
      if (report.checked > 0) log.info(report, 'transfer reconciliation');
    },
  };
}
