import { z } from 'zod';
import { betRecordSchema } from './games.ts';
import { memberHistoryParamsSchema } from './member-history.ts';

/**
 * Game recall: the last rounds of a game a member played, with the round details the game's
 * provider keeps (the bet as placed, what happened, the provably fair seeds). The member reads
 * their own (session); an operator reads a member's in the member 360 view (`members.read`, the
 * operator's brands). Rounds come from Lobby's bet records; the details are fetched from the
 * provider on every read, so a provider that cannot answer refuses the read with
 * `recall_unavailable` (or `game_maintenance`), and a round the provider no longer keeps has
 * `details: null`.
 */

/** How many of a game's latest rounds a recall shows. */
export const GAME_RECALL_ROUNDS = 10;
/** How many of the games played a recall lists (the most recently played first). */
export const GAME_RECALL_GAMES = 100;

export const recallGameSchema = z.object({
  platformId: z.number().int(),
  platformName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  category: z.number().int(),
  /** Settled rounds of this game in the member's bet records. */
  rounds: z.number().int(),
  lastPlayedAt: z.string(),
});
export type RecallGame = z.infer<typeof recallGameSchema>;

export const recallDetailsSchema = z.object({
  /** The game's kind at the provider: baccarat, slot, roulette, niuniu, fish, lottery, sports. */
  gameKind: z.string(),
  /** The bet as the game took it (the provider's own fields; amounts in minor units). */
  bet: z.unknown(),
  /** The outcome: cards, reels, pocket, draw or score, as the provider reports it. */
  result: z.unknown(),
  /** The draw or match of a scheduled game; null for instant games. */
  eventId: z.string().nullable(),
  fairness: z
    .object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
    })
    .nullable(),
});
export type RecallDetails = z.infer<typeof recallDetailsSchema>;

export const recallRoundSchema = betRecordSchema.extend({
  /** The provider's details of the round; null when the provider no longer keeps it. */
  details: recallDetailsSchema.nullable(),
});
export type RecallRound = z.infer<typeof recallRoundSchema>;

const recallGameQuery = z.object({
  platform: z.coerce.number().int().min(1).max(999_999),
  game: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a game code'),
});

const recallRoundsResponse = z.object({
  platformId: z.number().int(),
  platformName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  currency: z.string(),
  /** Newest first, at most GAME_RECALL_ROUNDS. */
  rounds: z.array(recallRoundSchema),
});

/** The games the member played, most recently played first. */
export const recallGamesEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/record/recall/games',
  response: z.object({ items: z.array(recallGameSchema) }),
} as const;

/** The last rounds of one game the member played: none for a game they have not played. */
export const recallRoundsEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/record/recall/rounds',
  query: recallGameQuery,
  response: recallRoundsResponse,
} as const;

export const adminMemberRecallGamesEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/recall/games',
  params: memberHistoryParamsSchema,
  response: z.object({ items: z.array(recallGameSchema) }),
} as const;

export const adminMemberRecallRoundsEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/recall/rounds',
  params: memberHistoryParamsSchema,
  query: recallGameQuery,
  response: recallRoundsResponse,
} as const;
