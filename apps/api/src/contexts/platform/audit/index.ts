/** The audit module's public surface: what other modules may use. */
export { AUDIT_KINDS, AuditLog } from './audit.service.ts';
export type { AuditActor, AuditBreak, AuditEvent, AuditKind } from './audit.service.ts';
export type { AuditEventRow } from './audit.repository.ts';
export { eventCtes } from './audit.repository.ts';
export type { EventValues } from './audit.repository.ts';
export { auditChains, auditEvents } from './audit.schema.ts';
