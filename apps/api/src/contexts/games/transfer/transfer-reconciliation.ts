import type { Sweep } from '../../../jobs/scheduler.ts';
import type { TransferService } from './transfer.service.ts';

export const TRANSFER_RECONCILIATION = 'transfer-reconciliation';
/**
 * As often as the scheduler ticks (5 s): an order's deciding query, due just past the window
 * after which "not found" is final, and an order freed from a lost claim (CHECK_LEASE_MS) wait
 * at most this for a run. A run with nothing due is one indexed update.
 */
export const TRANSFER_RECONCILIATION_INTERVAL_MS = 5_000;

/**
 * Asks the platforms about transfer orders left in transit (an answer that never came, a 5xx, a
 * crash between the two phases) and settles each once the platform's answer is final. All of it
 * is worked out from the orders' rows, and each order is claimed by a conditional update, so a
 * second run at once, or a run after a crash, neither asks twice nor moves money twice.
 */
export function transferReconciliationSweep(deps: {
  transfers: TransferService;
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
