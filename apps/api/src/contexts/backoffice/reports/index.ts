/** The reports module's public surface (decision 0022). */
export { registerReports, reportsModule } from './reports.plugin.ts';
export { ReportsService } from './reports.service.ts';
export {
  DEFAULT_REPORTS_SWEEP_INTERVAL_MS,
  REPORTS_ROLLUP,
  reportsRollupSweep,
  runReportsRollup,
} from './reports-sweep.ts';
export {
  reportAgentDays,
  reportCohortWeeks,
  reportDays,
  reportGameDays,
  reportMemberDays,
  reportMemberMonths,
} from './reports.schema.ts';
