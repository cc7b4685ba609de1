/** The deposit module's public surface: what other modules may use. */
export { depositModule } from './deposit.plugin.ts';
export {
  findMemberOrder,
  listMemberCreditedOrders,
  membersWithDepositsConfirmedSince,
  sumConfirmedDeposits,
} from './deposit.repository.ts';
export { seedDepositChannels } from './deposit.seed.ts';
export { DepositService } from './deposit.service.ts';
