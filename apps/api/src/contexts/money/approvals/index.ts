/** The approvals module's public surface: what other modules may use. */
export { approvalsModule } from './approvals.plugin.ts';
export { ApprovalService } from './approvals.service.ts';
export type {
  ApprovalExecutor,
  ApprovalToCarryOut,
  DelegatedApprovalKind,
} from './approvals.service.ts';
