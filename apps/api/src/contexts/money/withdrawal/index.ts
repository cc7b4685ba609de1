/** The withdrawal module's public surface: what other modules may use. */
export { AdjustmentService, type AdjustmentResult } from './adjustment.service.ts';
export { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';
export { withdrawalModule } from './withdrawal.plugin.ts';
export { WithdrawalService } from './withdrawal.service.ts';
