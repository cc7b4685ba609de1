/** The bet-records module's public surface: what other modules may use. */
export { betRecordsModule } from './bet-records.plugin.ts';
export {
  listMemberBetRecords,
  memberBetRecordBatch,
  type BetRecordCursor,
  membersWithBetsSyncedSince,
  membersWithValidBets,
  referralBetTotals,
  settledPlaySince,
  sumValidBets,
  validBetsByMemberAndCategory,
} from './bet-records.repository.ts';
export { gameBetRecords } from './bet-records.schema.ts';
export {
  betTotalsInWindows,
  type BetWindow,
  type BetWindowTotals,
} from './bet-windows.repository.ts';
export { BetRecordsService } from './bet-records.service.ts';
export { GAME_RECALL_ERRORS } from './game-recall.errors.ts';
export { GameRecallService, type RecallMember } from './game-recall.service.ts';
