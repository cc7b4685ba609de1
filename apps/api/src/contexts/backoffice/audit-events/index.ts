/** The audit-events module's public surface: what other modules may use. */
export { auditEventsRoutes as auditEventsModule } from './audit-events.routes.ts';
export { AuditEventsService } from './audit-events.service.ts';
