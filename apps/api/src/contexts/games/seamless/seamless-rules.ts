import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  SeamlessCreditRequest,
  SeamlessDebitRequest,
  SeamlessErrorCode,
  SeamlessRollbackRequest,
} from '@lobby/game-protocol';
import { isCurrencyCode, type CurrencyCode } from '@lobby/money';
import { appError, type AppError } from '../../../lib/app-error.ts';
import type { PostInput, PostResult } from '../../money/ledger/index.ts';
import { memberMoneyGateSql } from '../../identity/member/index.ts';
import { stakeLimitsSql } from '../../protection/limits/index.ts';
import { SEAMLESS_ERRORS } from './seamless.errors.ts';
import type { NewSeamlessTransactionRow, SeamlessTransactionRow } from './seamless.repository.ts';

/**
 * The seamless wallet's rules that need no database: ledger keys and reasons, what a repeat of
 * an id answers, the hashes of what a call asks for, and the money gate's SQL (built once).
 */

/** Ledger reasons of the seamless movements. */
export const SEAMLESS_REASONS = {
  debit: 'game_bet',
  credit: 'game_payout',
  rollback: 'game_bet_rollback',
} as const;

/** The ledger's idempotency key of a platform's transaction id (unique per platform). */
export function seamlessLedgerKey(platformId: number, transactionId: string): string {
  return `seamless:${platformId}:${transactionId}`;
}

/** A refusal in the protocol's terms; `balanceMinor` is answered with insufficient_funds. */
export function seamlessRefusal(code: SeamlessErrorCode, balanceMinor?: bigint): AppError {
  return appError(
    SEAMLESS_ERRORS,
    code,
    balanceMinor === undefined ? undefined : { params: { balanceMinor: balanceMinor.toString() } },
  );
}

/** What a platform's player name stands for at Lobby. */
export type Player = { brandCode: string; memberId: bigint; currency: CurrencyCode };

/**
 * `play`: a balance or a debit, which start play, so the member must be active and the platform
 * enabled for the brand. `settle`: a credit or rollback closes what a debit opened; refusing it
 * because the operator disabled the member or the platform since would leave the member without
 * a win or without the refund of a cancelled stake, so only the member's existence is checked.
 */
export type PlayerUse = 'play' | 'settle';

export type RecordedKind = SeamlessTransactionRow['kind'];

/** Thrown inside a counted stake's transaction to undo it: a limit would be passed. */
export class StakeLimitReached extends Error {}

/** Thrown inside a ledger transaction to undo it when the transaction id was taken meanwhile. */
export class TransactionIdTaken extends Error {
  constructor() {
    super('seamless transaction id taken by a concurrent call');
  }
}

/** Thrown inside a reversal to undo it when another rollback reversed the debit first. */
export class DebitAlreadyReversed extends Error {
  constructor() {
    super('seamless debit reversed by a concurrent rollback');
  }
}

/** SHA-256 of what a call asks for: a repeat must ask for exactly the same. */
function hashOf(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function debitHash(request: SeamlessDebitRequest): string {
  return hashOf(['debit', request.player, request.roundId, request.gameCode, request.amountMinor]);
}

export function creditHash(request: SeamlessCreditRequest): string {
  return hashOf(['credit', request.player, request.roundId, request.gameCode, request.amountMinor]);
}

export function rollbackHash(request: SeamlessRollbackRequest): string {
  return hashOf(['rollback', request.player, request.roundId, request.originalTransactionId]);
}

/**
 * The answer a repeated transaction id gets: the first outcome when the body is the same.
 *
 * A tombstone is an id that will never move money. One left by a rollback of a debit we never
 * saw names that rollback (`relatedTransactionId`): any debit under the id is refused with
 * transaction_rolled_back. One left by a refusal (insufficient funds for a debit, no debit in the
 * round for a credit) carries the refused call's hash, so a copy of that call is refused again
 * rather than succeeding later, when the platform has already taken the refusal as final.
 */
export function repeatOutcome(
  row: SeamlessTransactionRow,
  operation: RecordedKind,
  hash: string,
): 'ok' | SeamlessErrorCode {
  if (row.kind === 'tombstone') {
    if (row.relatedTransactionId !== null) {
      return operation === 'debit' ? 'transaction_rolled_back' : 'transaction_conflict';
    }
    if (row.requestHash !== hash) return 'transaction_conflict';
    return operation === 'debit' ? 'insufficient_funds' : 'round_not_found';
  }
  if (row.kind !== operation || row.requestHash !== hash) return 'transaction_conflict';
  return 'ok';
}

export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  json: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw seamlessRefusal('invalid_request');
  return parsed.data;
}

export function walletAfter(result: PostResult, memberId: bigint): bigint {
  const wallet = result.memberBalances.find(
    (leg) => leg.kind === 'member_wallet' && leg.memberId === memberId,
  );
  if (!wallet) throw new Error('seamless: the entry has no centre-wallet leg');
  return wallet.balanceMinor;
}

/**
 * A debit's money gate in the ledger's own statement (identity's memberMoneyGateSql), built
 * once: null, or why the member may not stake.
 */
export const MONEY_GATE = memberMoneyGateSql(
  {
    brandCode: sql`${sql.placeholder('gate_brand')}::text`,
    memberId: sql`${sql.placeholder('gate_member')}::bigint`,
  },
  'bet',
);

/** What STAKE_GATE answers for a member with a loss or wager limit: the stake is counted. */
export const STAKE_LIMITS = 'limits';

/**
 * A debit's guard: the money gate, then whether the member has a loss or wager limit (player
 * protection): such a stake goes the counted way (SeamlessService #limitedDebit), every other
 * stays one statement.
 */
export const STAKE_GATE = sql`coalesce(${MONEY_GATE}, ${stakeLimitsSql(
  sql`${sql.placeholder('gate_member')}::bigint`,
)})`;

export function currencyOfRow(row: SeamlessTransactionRow): CurrencyCode {
  if (!isCurrencyCode(row.currency)) throw new Error(`seamless: unknown currency ${row.currency}`);
  return row.currency;
}

/** The ledger entry of a debit or credit: the member's wallet against the platform's results. */
export function movementInput(
  platformId: number,
  operation: 'debit' | 'credit',
  player: Player,
  request: { roundId: string; gameCode: string },
  amountMinor: bigint,
  row: NewSeamlessTransactionRow,
): PostInput {
  const house = {
    kind: 'house_game_results' as const,
    ref: String(platformId),
    currency: player.currency,
  };
  const wallet = {
    kind: 'member_wallet' as const,
    memberId: player.memberId,
    currency: player.currency,
  };
  const toMember = operation === 'credit' ? amountMinor : -amountMinor;
  return {
    brandCode: player.brandCode,
    reason: SEAMLESS_REASONS[operation],
    idempotencyKey: seamlessLedgerKey(platformId, row.transactionId),
    actor: { type: 'provider', id: String(platformId) },
    memo: `${platformId}/${request.roundId}/${request.gameCode}`,
    lines: [
      { account: wallet, amountMinor: toMember },
      { account: house, amountMinor: -toMember },
    ],
  };
}
