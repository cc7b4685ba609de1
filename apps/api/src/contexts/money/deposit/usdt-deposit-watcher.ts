import type { Sweep } from '../../../jobs/scheduler.ts';
import { LedgerService } from '../ledger/index.ts';
import { DepositService } from './deposit.service.ts';

export const USDT_DEPOSIT_WATCHER = 'usdt-deposit-watcher';

/**
 * Watches the (sandbox) chain for USDT sent to members' deposit addresses. Each run is one
 * block of the sandbox chain (every transfer not yet credited gains a confirmation), then
 * credits each transfer that has the confirmations its brand's USDT channel asks for, at the
 * channel's rate. All of it is worked out from database state, so a second run, or a run after
 * a crash, credits each transaction once.
 */
export function usdtDepositWatcherSweep(deps: { intervalMs?: number } = {}): Sweep {
  return {
    name: USDT_DEPOSIT_WATCHER,
    intervalMs: deps.intervalMs ?? 10_000,
    async run({ db, signal, log }) {
      // The watcher credits transfers to orders members opened: it opens none itself.
      const deposits = new DepositService({ db, ledger: new LedgerService(db), orderGuards: [] });
      const advanced = await deposits.advanceSandboxChain();
      const report = await deposits.creditConfirmedTransfers(signal, log);
      if (report.credited > 0 || report.failed > 0) log.info({ advanced, ...report }, 'usdt sweep');
    },
  };
}
