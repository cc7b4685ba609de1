/** The risk module's public surface: what other modules may use. */
export { RISK_ERRORS } from './risk.errors.ts';
export { riskModule } from './risk.plugin.ts';
export { RiskAlertsService, type FreezeMember } from './risk-alerts.service.ts';
export { RiskService, type RiskEvents, type RiskUsage } from './risk.service.ts';
export type { SharedIdentifiers } from './risk-rules.ts';
export { riskAlerts, riskAlertNotes, riskDepositFailures } from './risk.schema.ts';
