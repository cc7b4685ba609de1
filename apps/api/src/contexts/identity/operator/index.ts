/** The operator module's public surface: what other modules may use. */
export { changes, exportLog, omit, type Change } from './operator-actions.ts';
export { decidedByNames, operatorDecidedBy, type DecidedByNames } from './operator-actor.ts';
export { operatorModule } from './operator.plugin.ts';
export { operators } from './operator.schema.ts';
export { OperatorService } from './operator.service.ts';
export { operatorActionInsertSql } from './operator.repository.ts';
export { OperatorAdminService } from './operators-admin.service.ts';
export {
  TOTP_KEY_LABEL,
  resealTotpSecrets,
  type TotpRekeyReport,
  type UnreadableTotpSecret,
} from './totp-rekey.service.ts';
export type { ActionRecorder, LoggedAction, OperatorIdentity } from './operator.service.ts';
