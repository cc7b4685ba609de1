import { z } from 'zod';

/**
 * The transfer-wallet API every platform offers (Lobby calls it). Base path:
 * `${providerBaseUrl}/provider/v1/{platformId}`; every request signed (signing.ts); JSON bodies.
 * Amounts are integer minor units of the player's currency as decimal strings ("1250" is 12.50
 * CNY), never floats.
 *
 * Outcomes:
 * - 200 with the response below: the platform's final answer. A transfer it refuses (not enough
 *   balance, player in a round) is 200 with status "failed": nothing moved.
 * - 4xx with {error}: the request was refused before anything happened (bad signature, unknown
 *   player, invalid request, maintenance is 503).
 * - 5xx, a timeout or a dropped connection: unknown. The transfer may or may not have been
 *   applied; ask GET /transfers/{orderId} until it answers success, failed or not_found.
 */

export const minorString = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'minor units');
export const signedMinorString = z.string().regex(/^(0|-?[1-9][0-9]{0,17})$/, 'minor units');

/** Player names at a platform: `${brandCode}_${memberId}` (letters, digits, underscore). */
export const playerName = z.string().regex(/^[a-z0-9]{1,32}_[0-9]{1,19}$/);

/** Lobby's order id: unique across all of Lobby's orders, the platform's idempotency key. */
export const orderId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const currencyCode = z.enum(['CNY', 'USDT']);

export const PROVIDER_PATHS = {
  players: '/players',
  balance: '/players/:player/balance',
  transfers: '/transfers',
  transferStatus: '/transfers/:orderId',
  withdrawAll: '/players/:player/withdraw-all',
  launch: '/launch',
  bets: '/bets',
  round: '/rounds/:roundId',
} as const;

export const providerErrorCode = z.enum([
  'bad_signature',
  'unknown_platform',
  'player_not_found',
  'game_not_found',
  'round_not_found',
  'invalid_request',
  'maintenance',
  'internal',
]);
export type ProviderErrorCode = z.infer<typeof providerErrorCode>;
export const providerErrorBody = z.object({
  error: providerErrorCode,
  message: z.string().optional(),
});

// POST /players: creates the player if missing (idempotent).
export const createPlayerRequest = z.object({ player: playerName, currency: currencyCode });
export const createPlayerResponse = z.object({ player: playerName, created: z.boolean() });

// GET /players/{player}/balance
export const balanceResponse = z.object({
  player: playerName,
  currency: currencyCode,
  balanceMinor: minorString,
  /** True while a round is open; transfers out are refused then. */
  inRound: z.boolean(),
});

// POST /transfers: idempotent on orderId (a repeat answers the first outcome).
export const transferDirection = z.enum(['in', 'out']);
export const transferRequest = z.object({
  orderId,
  player: playerName,
  direction: transferDirection,
  amountMinor: minorString.refine((value) => value !== '0', 'positive'),
});
export const transferRefusal = z.enum([
  'insufficient_balance',
  'player_in_round',
  'order_conflict',
]);
export const transferResponse = z.object({
  orderId,
  status: z.enum(['success', 'failed']),
  reason: transferRefusal.optional(),
  /** The player's balance after the transfer (or unchanged after a refusal). */
  balanceMinor: minorString,
});

// GET /transfers/{orderId}
export const transferStatusResponse = z.object({
  orderId,
  status: z.enum(['success', 'failed', 'not_found']),
  direction: transferDirection.optional(),
  amountMinor: minorString.optional(),
  player: playerName.optional(),
});

// POST /players/{player}/withdraw-all: moves the whole balance out under Lobby's order id.
export const withdrawAllRequest = z.object({ orderId });
export const withdrawAllResponse = z.object({
  orderId,
  status: z.enum(['success', 'failed']),
  reason: transferRefusal.optional(),
  /** What left the platform (zero when the balance was empty; still a success). */
  amountMinor: minorString,
  balanceMinor: minorString,
});

// POST /launch: a one-time URL for the browser.
export const launchRequest = z.object({
  player: playerName,
  gameCode: z.string().min(1).max(64),
  lang: z.enum(['zh-CN', 'zh-TW', 'en']),
  /** Where the game's exit button goes (Lobby's page); absent: the game shows no exit. */
  returnUrl: z.string().url().max(512).optional(),
});
export const launchResponse = z.object({
  url: z.string().url(),
  expiresAt: z.string().datetime(),
});

// GET /bets?from=ISO&to=ISO&page=1&pageSize=500: settled rounds with from <= settledAt < to,
// ordered by settledAt then roundId, so paging a closed window is stable.
export const betsQuery = z.object({
  from: z.string().datetime(),
  to: z.string().datetime(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(500),
});
export const betRecord = z.object({
  /** Unique within the platform; overlapping windows repeat it, the receiver deduplicates. */
  roundId: z.string().min(1).max(64),
  player: playerName,
  gameCode: z.string().min(1).max(64),
  category: z.number().int(),
  betMinor: minorString,
  /** Turnover that counts: a push or a hedged bet counts less than its stake. */
  validBetMinor: minorString,
  /** What the round paid back, stake included (0 for a loss). */
  payoutMinor: minorString,
  placedAt: z.string().datetime(),
  settledAt: z.string().datetime(),
});
export const betsResponse = z.object({
  records: z.array(betRecord),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

// GET /rounds/{roundId}?player=NAME: one settled round of that player as the platform keeps it
// (game recall): the bet as placed, the result (cards, reels, pocket, draw, score...) and the
// provably fair seeds that decided it. A round of another player, or one not settled (not in
// GET /bets yet), answers 404 round_not_found.
export const roundQuery = z.object({ player: playerName });
export const roundDetails = betRecord.extend({
  /** The game's kind in the catalog (baccarat, slot, roulette, niuniu, fish, lottery, sports). */
  gameKind: z.string().min(1).max(32),
  /** What the player staked on, as the game took it (its play parameters). */
  bet: z.unknown(),
  /** What happened: the game's outcome, or the result of the event the bet was on. */
  result: z.unknown(),
  /** The draw or match a scheduled game's bet was on; null for instant games. */
  eventId: z.string().max(64).nullable(),
  /** The revealed provably fair inputs of the round (or of its event). */
  fairness: z
    .object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
    })
    .nullable(),
});
export const roundResponse = z.object({ round: roundDetails });

export type RoundDetails = z.infer<typeof roundDetails>;
export type TransferRequest = z.infer<typeof transferRequest>;
export type TransferResponse = z.infer<typeof transferResponse>;
export type TransferStatusResponse = z.infer<typeof transferStatusResponse>;
export type BalanceResponse = z.infer<typeof balanceResponse>;
export type WithdrawAllResponse = z.infer<typeof withdrawAllResponse>;
export type LaunchRequest = z.infer<typeof launchRequest>;
export type LaunchResponse = z.infer<typeof launchResponse>;
export type BetRecord = z.infer<typeof betRecord>;
export type BetsResponse = z.infer<typeof betsResponse>;
export type CurrencyCode = z.infer<typeof currencyCode>;
