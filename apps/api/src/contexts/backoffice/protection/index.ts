/** The protection-admin module's public surface: what other modules may use. */
export { protectionAdminRoutes as protectionAdminModule } from './protection-admin.routes.ts';
export { ProtectionAdminService } from './protection-admin.service.ts';
