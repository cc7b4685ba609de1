/** The KYC module's public surface: what other modules may use. */
export { KYC_ERRORS } from './kyc.errors.ts';
export { kycModule } from './kyc.plugin.ts';
export { KycReview } from './kyc-review.service.ts';
export { kycSubmissions } from './kyc.schema.ts';
export {
  KycService,
  type ConfirmedDeposits,
  type KycGate,
  type KycStanding,
} from './kyc.service.ts';
