import type { TransactionType } from '@lobby/contracts';

/**
 * Every reason a ledger entry can have, and the type a member's transaction records show it as
 * (`other` for movements that are not the member's own business there: game results, seamless
 * bets and wins, which the bet records show). The one list: a movement with a reason missing
 * here does not compile, and the records read their types from it.
 */
export const LEDGER_REASONS = {
  deposit: 'deposit',
  withdrawal_request: 'withdrawal_request',
  withdrawal_paid: 'withdrawal_paid',
  withdrawal_rejected: 'withdrawal_rejected',
  adjustment: 'adjustment',
  // Transfers with transfer-wallet platforms: the move out of the wallet, its return when the
  // platform refused, and the money coming back from a platform.
  game_transfer_in_reserve: 'transfer_in',
  game_transfer_in_void: 'transfer_in',
  game_transfer_in: 'other',
  game_transfer_out_reserve: 'other',
  game_transfer_out: 'transfer_out',
  game_transfer_out_void: 'other',
  // What a platform's balance says the member won or lost, booked before money leaves it.
  game_result: 'other',
  // Seamless-wallet platforms: bets, wins and their rollbacks.
  game_bet: 'other',
  game_payout: 'other',
  game_bet_rollback: 'other',
  // Rewards (a re-sign's cost reads as a negative bonus).
  promo_sign: 'bonus',
  promo_resign: 'bonus',
  promo_bonus: 'bonus',
  promo_gift: 'bonus',
  vip_upgrade: 'bonus',
  vip_monthly: 'bonus',
  vip_rebate: 'rebate',
  agent_commission: 'commission',
} as const satisfies Record<string, TransactionType>;

export type LedgerReason = keyof typeof LEDGER_REASONS;

/** The records' type of a ledger reason; a reason of older entries not listed reads as other. */
export function recordTypeOf(reason: string): TransactionType {
  return Object.hasOwn(LEDGER_REASONS, reason) ? LEDGER_REASONS[reason as LedgerReason] : 'other';
}

/** The reasons a records type reads from. */
export function reasonsOfRecordType(type: TransactionType): LedgerReason[] {
  return (Object.keys(LEDGER_REASONS) as LedgerReason[]).filter(
    (reason) => LEDGER_REASONS[reason] === type,
  );
}
