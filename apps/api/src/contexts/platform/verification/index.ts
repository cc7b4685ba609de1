/** The verification module's public surface: what other modules may use. */
export { maskEmail, maskPhone } from './mask.ts';
export { createMessageProviders } from './message-providers.ts';
export { VERIFICATION_ERRORS } from './verification.errors.ts';
export { verificationModule } from './verification.plugin.ts';
export { VerificationService } from './verification.service.ts';
