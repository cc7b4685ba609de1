/** The session module's public surface: what other modules may use. */
export { hashSessionToken, newSessionToken, SessionService } from './session.service.ts';
