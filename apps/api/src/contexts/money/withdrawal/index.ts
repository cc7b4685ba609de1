/** The withdrawal module's public surface: what other modules may use. */
export { AdjustmentService } from './adjustment.service.ts';
export { withdrawalModule } from './withdrawal.plugin.ts';
export { WithdrawalService } from './withdrawal.service.ts';
