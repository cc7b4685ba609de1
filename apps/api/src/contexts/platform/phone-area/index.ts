/** The phone-area module's public surface: what other modules may use. */
export { phoneAreaModule } from './phone-area.plugin.ts';
export { isKnownAreaCode } from './phone-area.service.ts';
