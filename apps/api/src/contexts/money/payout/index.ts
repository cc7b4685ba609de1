/** The payout module's public surface: what other modules may use. */
export { PAYOUT_ERRORS } from './payout.errors.ts';
export { payoutModule } from './payout.plugin.ts';
export type { PayoutAccountRow } from './payout.repository.ts';
export { payoutAccounts } from './payout.schema.ts';
export { institutionNameOf, PayoutService, toPayoutAccountView } from './payout.service.ts';
