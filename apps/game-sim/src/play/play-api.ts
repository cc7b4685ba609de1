import { z } from 'zod';
import { minorString } from '@lobby/game-protocol';
import { CLIENT_SEED_PATTERN } from '../games/provably-fair.ts';

/**
 * The play API between the game pages (apps/game-sim/public, same origin) and the simulator.
 * Every call under /play/api/ names its session in the `x-play-session` header; bodies are
 * JSON; money is minor units as decimal strings. Failures answer `{error, message}` (and
 * `code`, the engine's reason, for invalid_params) with a 4xx, or 503 for maintenance and a
 * silent seamless wallet.
 */

export const PLAY_SESSION_HEADER = 'x-play-session';

/** Embedded in the HTML shell as `<script type="application/json" id="play-config">`. */
export const playConfig = z.object({
  sessionId: z.string(),
  lang: z.enum(['zh-CN', 'zh-TW', 'en']),
  kind: z.string(),
  gameCode: z.string(),
  platformId: z.number().int(),
  gameName: z.string(),
  /** Where the exit button goes; null: no exit button. */
  returnUrl: z.string().nullable(),
});
export type PlayConfig = z.infer<typeof playConfig>;

export const playErrorCode = z.enum([
  /** 401: the session is unknown or expired; the page asks the player to relaunch. */
  'session_invalid',
  /** 400: the request is not the API's shape. */
  'invalid_request',
  /** 400: the engine refused the bet; `code` says why. */
  'invalid_params',
  /** 400: this game does not play that way (a round of a scheduled game, fish of a slot). */
  'wrong_game_mode',
  /** 409 */
  'insufficient_balance',
  /** 409: the event no longer takes bets. */
  'event_closed',
  /** 409: Lobby's wallet refused the stake (seamless); `code` is its reason. */
  'wallet_refused',
  /** 503: Lobby's wallet did not answer (seamless); nothing was staked. */
  'wallet_unavailable',
  /** 503 */
  'maintenance',
]);
export type PlayErrorCode = z.infer<typeof playErrorCode>;
export const playError = z.object({
  error: playErrorCode,
  message: z.string(),
  code: z.string().optional(),
});

/** The provably fair commitment shown before a round: the hash, never the seed. */
export const fairnessCommitment = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

// GET /play/api/state
export const stateResponse = z.object({
  player: z.string(),
  currency: z.string(),
  balanceMinor: minorString,
  walletType: z.union([z.literal(1), z.literal(2)]),
  game: z.object({
    platformId: z.number().int(),
    code: z.string(),
    kind: z.string(),
    name: z.string(),
  }),
  /** engine.describe(): paytable, odds, limits. */
  rules: z.unknown(),
  fairness: fairnessCommitment,
  inRound: z.boolean(),
});

// POST /play/api/seed
export const seedRequest = z.object({ clientSeed: z.string().regex(CLIENT_SEED_PATTERN) });
export const seedResponse = z.object({ fairness: fairnessCommitment });

// POST /play/api/round (instant games)
export const roundRequest = z.object({ params: z.unknown() });
export const roundResponse = z.object({
  roundId: z.string(),
  stakeMinor: minorString,
  payoutMinor: minorString,
  balanceMinor: minorString,
  outcome: z.unknown(),
  /** This round's fairness, the server seed revealed. */
  fairness: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
  }),
  /** The commitment of the next round. */
  next: z.object({ serverSeedHash: z.string(), nonce: z.number().int() }),
});

// GET /play/api/events (scheduled games)
export const eventView = z.object({
  id: z.string(),
  closesAt: z.string(),
  resultAt: z.string(),
  details: z.unknown(),
  /** Null until the event is resolved. */
  result: z.unknown().nullable(),
  fairness: z.object({
    serverSeedHash: z.string(),
    /** Revealed once the event is resolved. */
    serverSeed: z.string().nullable(),
  }),
});
export const eventsResponse = z.object({ events: z.array(eventView) });

// POST /play/api/bets (scheduled games)
export const placeBetRequest = z.object({ params: z.unknown() });
export const placeBetResponse = z.object({
  betId: z.string(),
  stakeMinor: minorString,
  balanceMinor: minorString,
  status: z.literal('pending'),
});

// GET /play/api/bets: the latest 50 bets of this player in this game, newest first.
export const betView = z.object({
  betId: z.string(),
  eventId: z.string(),
  params: z.unknown(),
  stakeMinor: minorString,
  status: z.enum(['pending', 'settled']),
  payoutMinor: minorString.nullable(),
  settledAt: z.string().nullable(),
});
export const betsListResponse = z.object({ bets: z.array(betView) });

// POST /play/api/fish/enter, POST /play/api/fish/leave (no body)
export const fishResponse = z.object({ inRound: z.boolean() });

export type StateResponse = z.infer<typeof stateResponse>;
export type RoundResponse = z.infer<typeof roundResponse>;
export type EventView = z.infer<typeof eventView>;
export type PlaceBetResponse = z.infer<typeof placeBetResponse>;
export type BetView = z.infer<typeof betView>;
