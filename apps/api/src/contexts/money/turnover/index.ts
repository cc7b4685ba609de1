/** The turnover module's public surface: what other modules may use. */
export {
  addTurnover,
  outstandingTurnover,
  reduceTurnover,
  turnoverForDeposit,
  waiveTurnover,
} from './turnover.ts';
export { outstandingSql } from './turnover.repository.ts';
