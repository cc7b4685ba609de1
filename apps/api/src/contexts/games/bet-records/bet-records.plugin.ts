import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../../platform/audit/index.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { ProviderClient } from '../games/index.ts';
import { betRecordSyncSweep } from './bet-record-sync.ts';
import { betRecordsRoutes } from './bet-records.routes.ts';
import type { BetRecordsService } from './bet-records.service.ts';
import { gameRecallRoutes } from './game-recall.routes.ts';
import type { GameRecallService } from './game-recall.service.ts';

/** The member's bet records and game recall, and the sweep that reads them from the platforms. */
export async function betRecordsModule(
  app: FastifyInstance,
  options: {
    betRecords: BetRecordsService;
    gameRecall: GameRecallService;
    provider: ProviderClient;
    brands: () => readonly Brand[];
    audit?: AuditLog;
  },
) {
  await app.register(betRecordsRoutes, { betRecords: options.betRecords });
  await app.register(gameRecallRoutes, { gameRecall: options.gameRecall });
  app.addSweep(
    betRecordSyncSweep({
      provider: options.provider,
      brands: options.brands,
      audit: options.audit,
    }),
  );
}
