import {
  GAME_RECALL_GAMES,
  GAME_RECALL_ROUNDS,
  type Language,
  type RecallDetails,
  type RecallGame,
  type RecallRound,
} from '@lobby/contracts';
import { catalogGame, catalogPlatform, type RoundDetails } from '@lobby/game-protocol';
import { toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import {
  GAMES_ERRORS,
  localized,
  playerNameOf,
  type ProviderClient,
  type ProviderOutcome,
} from '../games/index.ts';
import { GAME_RECALL_ERRORS } from './game-recall.errors.ts';
import { memberLatestRounds, memberPlayedGames } from './game-recall.repository.ts';

/** Whose rounds a recall reads: the member of a brand, in the brand's currency. */
export type RecallMember = { brandCode: string; memberId: bigint; currency: CurrencyCode };

export type RecallRounds = {
  platformId: number;
  platformName: string;
  gameCode: string;
  gameName: string;
  currency: string;
  rounds: RecallRound[];
};

function platformNameOf(platformId: number, language: Language): string {
  const platform = catalogPlatform(platformId);
  return platform ? localized(platform.name, language) : String(platformId);
}

function gameNameOf(platformId: number, gameCode: string, language: Language): string {
  const game = catalogGame(platformId, gameCode);
  // A game the catalog no longer lists still shows, under its code.
  return game ? localized(game.name, language) : gameCode;
}

/**
 * What a provider's answer about one round comes to: its details, null when it does not keep the
 * round (any more), or the refusal of the whole recall: one round that cannot be read makes the
 * recall unreliable, so the member is told to try again rather than shown a partial page.
 */
export function detailsOf(outcome: ProviderOutcome<{ round: RoundDetails }>): RecallDetails | null {
  if (outcome.kind === 'ok') {
    const { gameKind, bet, result, eventId, fairness } = outcome.value.round;
    return { gameKind, bet, result, eventId, fairness };
  }
  if (outcome.kind === 'refused' && outcome.error === 'round_not_found') return null;
  if (outcome.kind === 'refused' && outcome.error === 'maintenance') {
    throw appError(GAMES_ERRORS, 'game_maintenance');
  }
  throw appError(GAME_RECALL_ERRORS, 'recall_unavailable');
}

/**
 * Game recall: the games a member played and the last rounds of one of them, with each round's
 * details fetched from its provider (never stored here: the provider's record is the one that
 * counts). Used by the member's own screen and the member 360 view alike.
 */
export class GameRecallService {
  readonly #db: Database;
  readonly #provider: ProviderClient;

  constructor(dependencies: { db: Database; provider: ProviderClient }) {
    this.#db = dependencies.db;
    this.#provider = dependencies.provider;
  }

  async games(member: RecallMember, language: Language): Promise<{ items: RecallGame[] }> {
    const rows = await memberPlayedGames(this.#db, member, GAME_RECALL_GAMES);
    return {
      items: rows.map((row) => ({
        platformId: row.platformId,
        platformName: platformNameOf(row.platformId, language),
        gameCode: row.gameCode,
        gameName: gameNameOf(row.platformId, row.gameCode, language),
        category: row.category,
        rounds: row.rounds,
        lastPlayedAt: row.lastPlayedAt.toISOString(),
      })),
    };
  }

  /** The last rounds of one game, newest first: none of a game the member has not played. */
  async rounds(
    member: RecallMember,
    game: { platformId: number; gameCode: string },
    language: Language,
  ): Promise<RecallRounds> {
    const rows = await memberLatestRounds(this.#db, member, game, GAME_RECALL_ROUNDS);
    const player = playerNameOf(member.brandCode, member.memberId);
    const outcomes = await Promise.all(
      rows.map((row) => this.#provider.round(row.platformId, row.roundId, player)),
    );
    const money = (minor: bigint) => toDecimalString(minor, member.currency);
    const platformName = platformNameOf(game.platformId, language);
    const gameName = gameNameOf(game.platformId, game.gameCode, language);
    return {
      platformId: game.platformId,
      platformName,
      gameCode: game.gameCode,
      gameName,
      currency: member.currency,
      rounds: rows.map((row, index) => {
        const outcome = outcomes[index];
        if (!outcome) throw new Error('a provider outcome per round');
        return {
          roundId: row.roundId,
          platformId: row.platformId,
          platformName,
          gameCode: row.gameCode,
          gameName,
          category: row.category,
          bet: money(row.betMinor),
          validBet: money(row.validBetMinor),
          payout: money(row.payoutMinor),
          winLoss: money(row.payoutMinor - row.betMinor),
          currency: member.currency,
          placedAt: row.placedAt.toISOString(),
          settledAt: row.settledAt.toISOString(),
          details: detailsOf(outcome),
        };
      }),
    };
  }
}
