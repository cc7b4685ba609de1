/** The records module's public surface: what other modules may use. */
export { recordsModule } from './records.plugin.ts';
export { RecordsService } from './records.service.ts';
export { memberRecordRange, type RecordRange, type RecordRangeQuery } from './record-range.ts';
export { memberDepositFlows } from './records.repository.ts';
export { netDepositsSummary, type NetDepositsSummary } from './records.service.ts';
export { RECORDS_ERRORS } from './records.errors.ts';
