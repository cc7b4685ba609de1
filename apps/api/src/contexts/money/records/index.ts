/** The records module's public surface: what other modules may use. */
export { recordsModule } from './records.plugin.ts';
export { RecordsService } from './records.service.ts';
