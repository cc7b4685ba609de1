/** The deposit module's public surface: what other modules may use. */
export { cashierMemberOf } from './deposit-cashier.service.ts';
export { depositsInWindows } from './deposit-cashier.repository.ts';
export { depositModule } from './deposit.plugin.ts';
export {
  countOpenMemberOrders,
  depositOrderCountsSince,
  depositsCountedSince,
  findMemberOrder,
  listMemberCreditedOrders,
  membersWithDepositsConfirmedSince,
  openDepositOrderCounts,
  sumConfirmedDeposits,
  type DepositOrderCount,
} from './deposit.repository.ts';
export { depositChannels, depositOrders } from './deposit.schema.ts';
export { seedDepositChannels } from './deposit.seed.ts';
export { DepositService } from './deposit.service.ts';
export { ReviewClaims, type ReviewClaimsQueue } from './review-claims.ts';
