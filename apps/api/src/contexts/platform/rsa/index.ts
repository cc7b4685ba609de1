/** The rsa module's public surface: what other modules may use. */
export { RsaKeys } from './rsa.service.ts';
