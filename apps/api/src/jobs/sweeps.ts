import type { Database } from '../db/client.ts';
import { usdtDepositWatcherSweep } from '../modules/deposit/usdt-deposit-watcher.ts';
import { betRecordSyncSweep } from '../modules/bet-records/bet-record-sync.ts';
import type { Brand } from '../modules/brand/brand.service.ts';
import type { ProviderClient } from '../modules/games/provider-client.ts';
import { transferReconciliationSweep } from '../modules/transfer/transfer-reconciliation.ts';
import type { TransferService } from '../modules/transfer/transfer.service.ts';
import { uploadCleanupSweep } from '../modules/upload/upload-cleanup.ts';
import { vipSweeps, type VipSweepOptions } from '../modules/vip/vip-sweeps.ts';
import {
  agentStatementSweep,
  type AgentStatementSweepOptions,
} from '../modules/agent/agent-statement-sweep.ts';
import { chatIdleSweep } from '../modules/chat/chat-idle-sweep.ts';
import type { ChatService } from '../modules/chat/chat.service.ts';
import type { Sweep } from './scheduler.ts';

/** What the sweeps work with: the app's services, built once by buildApp. */
export type SweepServices = {
  db: Database;
  /** Bet-record sync: the platforms' API and the brands served (whose platforms, whose players). */
  betRecords?: { provider: ProviderClient; brands: () => readonly Brand[] };
  /** Transfer reconciliation: asks the platforms about orders in transit. */
  transfers?: TransferService;
  /** VIP upgrades, daily rebates and monthly bonuses, for the brands served. */
  vip?: VipSweepOptions;
  /** Monthly agent commission statements, for the brands served. */
  agentStatements?: AgentStatementSweepOptions;
  /** Customer service: ends conversations left idle. */
  chat?: ChatService;
};

/**
 * Every periodic sweep of the API, run by the scheduler on one node at a time: deposit watching,
 * transfer reconciliation, bet-record sync, and later rebates and clean-up.
 */
export function createSweeps(services: SweepServices): Sweep[] {
  return [
    usdtDepositWatcherSweep(),
    ...(services.betRecords ? [betRecordSyncSweep(services.betRecords)] : []),
    ...(services.transfers ? [transferReconciliationSweep({ transfers: services.transfers })] : []),
    // Hourly: feedback images never attached to a ticket, once older than a day.
    uploadCleanupSweep(),
    ...(services.vip ? vipSweeps(services.vip) : []),
    ...(services.agentStatements ? [agentStatementSweep(services.agentStatements)] : []),
    ...(services.chat ? [chatIdleSweep({ chat: services.chat })] : []),
  ];
}
