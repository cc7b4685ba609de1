/** The transfer module's public surface: what other modules may use. */
export { transferModule } from './transfer.plugin.ts';
export { TransferService, transfersInTransitMinor } from './transfer.service.ts';
export { inTransitFigures, inTransitSql, type InTransitFigures } from './transfer.repository.ts';
export { TransferAdminService } from './transfer-admin.service.ts';
export { querySummaries, type TransferQueryRow } from './transfer-admin.repository.ts';
export { gameTransfers } from './transfer.schema.ts';
