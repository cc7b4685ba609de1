/** The presence module's public surface: what other modules may use. */
export { presenceModule } from './presence.plugin.ts';
export { PresenceService } from './presence.service.ts';
