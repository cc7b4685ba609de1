/** The transfer module's public surface: what other modules may use. */
export { transferModule } from './transfer.plugin.ts';
export { TransferService, transfersInTransitMinor } from './transfer.service.ts';
