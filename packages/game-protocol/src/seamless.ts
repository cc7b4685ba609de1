import { z } from 'zod';
import { minorString, playerName } from './provider-api.ts';

/**
 * The seamless-wallet callbacks (wallet type 2): the platform calls Lobby's wallet at
 * `${lobbyBaseUrl}${SEAMLESS_PATH_PREFIX}/{platformId}/{operation}`, JSON, signed with the
 * platform's secret (signing.ts). Each call is idempotent by transactionId: a repeat answers the
 * first outcome and moves nothing. The platform retries a call with backoff until it gets a
 * final answer (a 200, or a 4xx); a 5xx or a timeout is not final.
 *
 * Rollback of a transaction Lobby never saw answers success with nothing moved (the industry's
 * answer: there is nothing to undo) and leaves a tombstone, so the debit arriving late under
 * that id is refused with transaction_rolled_back.
 */
export const SEAMLESS_PATH_PREFIX = '/api/provider/seamless/v1';
export const SEAMLESS_OPERATIONS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type SeamlessOperation = (typeof SEAMLESS_OPERATIONS)[number];

const transactionId = z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/);

export const seamlessBalanceRequest = z.object({ player: playerName });

export const seamlessDebitRequest = z.object({
  transactionId,
  player: playerName,
  roundId: z.string().min(1).max(64),
  gameCode: z.string().min(1).max(64),
  amountMinor: minorString.refine((value) => value !== '0', 'positive'),
});

export const seamlessCreditRequest = z.object({
  transactionId,
  player: playerName,
  roundId: z.string().min(1).max(64),
  gameCode: z.string().min(1).max(64),
  /** A losing round is settled with a credit of zero, so the round closes. */
  amountMinor: minorString,
});

export const seamlessRollbackRequest = z.object({
  transactionId,
  player: playerName,
  roundId: z.string().min(1).max(64),
  /** The debit being undone. */
  originalTransactionId: transactionId,
});

/** Success of any operation: the player's balance after it. */
export const seamlessOkResponse = z.object({ status: z.literal('ok'), balanceMinor: minorString });

/** Final refusals, answered with HTTP 4xx; nothing moved. */
export const seamlessErrorCode = z.enum([
  'bad_signature',
  'invalid_request',
  'player_not_found',
  'insufficient_funds',
  /**
   * The player's own responsible-gambling limit (loss or wager) or a time-out or self-exclusion
   * stops the stake: final, nothing moved; the game shows the player why.
   */
  'limit_reached',
  'transaction_rolled_back',
  /** The same transaction id came with a different body. */
  'transaction_conflict',
  /** A credit or rollback for a round whose debit Lobby does not hold (credit only). */
  'round_not_found',
]);
export type SeamlessErrorCode = z.infer<typeof seamlessErrorCode>;
export const seamlessErrorResponse = z.object({
  status: z.literal('error'),
  error: seamlessErrorCode,
  balanceMinor: minorString.optional(),
});

export type SeamlessDebitRequest = z.infer<typeof seamlessDebitRequest>;
export type SeamlessCreditRequest = z.infer<typeof seamlessCreditRequest>;
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequest>;
export type SeamlessOkResponse = z.infer<typeof seamlessOkResponse>;
export type SeamlessErrorResponse = z.infer<typeof seamlessErrorResponse>;
