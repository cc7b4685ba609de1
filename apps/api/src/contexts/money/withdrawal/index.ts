/** The withdrawal module's public surface: what other modules may use. */
export { AdjustmentService, type AdjustmentResult } from './adjustment.service.ts';
export { WithdrawalCashier, type OpenApprovals } from './withdrawal-cashier.service.ts';
export type { BetTotals } from './withdrawal-risk.ts';
export { linkedAccountCounts } from './withdrawal-risk.repository.ts';
export { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';
export {
  countPendingMemberOrders,
  openWithdrawalOrderCounts,
  withdrawalOrderCountsSince,
  type WithdrawalOrderCount,
} from './withdrawal.repository.ts';
export { withdrawalModule } from './withdrawal.plugin.ts';
export { withdrawalOrders } from './withdrawal.schema.ts';
export { WithdrawalService } from './withdrawal.service.ts';
