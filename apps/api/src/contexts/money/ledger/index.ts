/** The ledger module's public surface: what other modules may use. */
export { LedgerAdminService } from './ledger-admin.service.ts';
export { LEDGER_REASONS, reasonsOfRecordType, recordTypeOf } from './ledger-reasons.ts';
export type { LedgerReason } from './ledger-reasons.ts';
export { LEDGER_ERRORS } from './ledger.errors.ts';
export { ledgerModule } from './ledger.plugin.ts';
export { memberBalances, memberBalancesRow, referralBonusTotal } from './ledger.repository.ts';
export { journalEntries, ledgerAccounts, postings } from './ledger.schema.ts';
export { LedgerService, operatorActor } from './ledger.service.ts';
export type { MovementPart, MovementRelations } from './ledger.repository.ts';
export type {
  Alongside,
  GuardPart,
  InsertPart,
  LedgerActor,
  MemberLeg,
  PostingLine,
  PostInput,
  PostResult,
} from './ledger.service.ts';
