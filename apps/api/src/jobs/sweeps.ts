import { usdtDepositWatcherSweep } from '../modules/deposit/usdt-deposit-watcher.ts';
import type { Sweep } from './scheduler.ts';

/**
 * Every periodic sweep of the API, run by the scheduler on one node at a time. Later modules add
 * theirs here: transfer reconciliation, bet-record sync, rebates, clean-up.
 */
export const sweeps: readonly Sweep[] = [usdtDepositWatcherSweep()];
