import { z } from 'zod';
import type { FairDraw, InstantEngine, RoundResult } from './engine.ts';
import {
  cardText,
  checkStake,
  describeLimits,
  minorString,
  shoe,
  type Card,
  type StakeLimits,
} from './common.ts';

/**
 * Baccarat (punto banco), dealt from a fresh 8-deck shoe every round (each card uniformly one of
 * those left, by the fair draw).
 *
 * Card values: ace 1, 2 to 9 their pips, 10 and faces 0; a hand is worth its total mod 10.
 * Deal order: player, banker, player, banker; then
 * - a natural (8 or 9 in either first two cards): both stand, the round is decided;
 * - the player draws a third card on 0 to 5 and stands on 6 or 7;
 * - if the player stood, the banker draws on 0 to 5 and stands on 6 or 7;
 * - if the player drew, the banker (by the player's third card P) draws on:
 *     0-2 always; 3 unless P is 8; 4 if P is 2-7; 5 if P is 4-7; 6 if P is 6 or 7; 7 never.
 *
 * Bets and payouts (stake returned on a win):
 * - player 1 to 1; banker 1 to 1 less 5% commission (0.95 to 1, rounded down to the minor
 *   unit); tie 8 to 1;
 * - on a tie, player and banker bets push (the stake comes back, valid bet 0).
 * Valid bet: the tie stake plus, unless the round is a tie, |player - banker| (a player bet
 * hedged by a banker bet counts only for the difference).
 *
 * RTP (8 decks, exact figures from the literature, checked by simulation in baccarat.test.ts):
 * banker 98.94%, player 98.76%, tie 85.64%; outcome probabilities banker 45.86%, player
 * 44.62%, tie 9.52%.
 *
 * Limits: player and banker 1.00 to 2,000.00 each, tie 1.00 to 500.00; at least one bet.
 */

export const BACCARAT_DECKS = 8;

export const BACCARAT_LIMITS = {
  main: { minMinor: 100n, maxMinor: 200_000n } satisfies StakeLimits,
  tie: { minMinor: 100n, maxMinor: 50_000n } satisfies StakeLimits,
};

export const baccaratParams = z.object({
  player: minorString.default('0'),
  banker: minorString.default('0'),
  tie: minorString.default('0'),
});
export type BaccaratParams = z.infer<typeof baccaratParams>;

export type BaccaratWinner = 'player' | 'banker' | 'tie';

export function cardValue(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

export function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
}

/** The banker's third-card rule; `playerThird` is the value of the player's third card, or null. */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export type BaccaratCoup = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  natural: boolean;
};

/** Deals one coup from a card source (the shoe in play, a fixed list in tests). */
export function dealCoup(next: () => Card): BaccaratCoup {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  let playerTotal = handTotal(player);
  let bankerTotal = handTotal(banker);
  const natural = playerTotal >= 8 || bankerTotal >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerTotal <= 5) {
      const card = next();
      player.push(card);
      playerThird = cardValue(card);
      playerTotal = handTotal(player);
    }
    if (bankerDraws(bankerTotal, playerThird)) {
      banker.push(next());
      bankerTotal = handTotal(banker);
    }
  }
  const winner: BaccaratWinner =
    playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner, natural };
}

/** What the bets pay back (stake included) and the valid bet, for a coup's winner. */
export function settleBaccarat(
  params: BaccaratParams,
  winner: BaccaratWinner,
): { payoutMinor: bigint; validBetMinor: bigint; parts: Record<BaccaratWinner, bigint> } {
  const player = BigInt(params.player);
  const banker = BigInt(params.banker);
  const tie = BigInt(params.tie);
  const parts: Record<BaccaratWinner, bigint> = { player: 0n, banker: 0n, tie: 0n };
  if (winner === 'player') parts.player = player * 2n;
  if (winner === 'banker') parts.banker = banker + (banker * 95n) / 100n;
  if (winner === 'tie') {
    parts.player = player;
    parts.banker = banker;
    parts.tie = tie * 9n;
  }
  const hedge = player > banker ? player - banker : banker - player;
  return {
    payoutMinor: parts.player + parts.banker + parts.tie,
    validBetMinor: tie + (winner === 'tie' ? 0n : hedge),
    parts,
  };
}

export type BaccaratOutcome = {
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  natural: boolean;
  payouts: Record<BaccaratWinner, string>;
  payoutMinor: string;
};

const stakeOf = (params: BaccaratParams) =>
  BigInt(params.player) + BigInt(params.banker) + BigInt(params.tie);

export const baccaratEngine: InstantEngine<BaccaratParams> = {
  mode: 'instant',
  kind: 'baccarat',
  params: baccaratParams,
  validate(params) {
    if (stakeOf(params) === 0n) return 'no_bet';
    for (const side of ['player', 'banker', 'tie'] as const) {
      const amount = BigInt(params[side]);
      if (amount === 0n) continue;
      const error = checkStake(amount, side === 'tie' ? BACCARAT_LIMITS.tie : BACCARAT_LIMITS.main);
      if (error) return error;
    }
    return null;
  },
  stakeOf,
  play(params, draw: FairDraw): RoundResult {
    const coup = dealCoup(shoe(BACCARAT_DECKS, draw));
    const settled = settleBaccarat(params, coup.winner);
    const outcome: BaccaratOutcome = {
      player: coup.player.map(cardText),
      banker: coup.banker.map(cardText),
      playerTotal: coup.playerTotal,
      bankerTotal: coup.bankerTotal,
      winner: coup.winner,
      natural: coup.natural,
      payouts: {
        player: settled.parts.player.toString(),
        banker: settled.parts.banker.toString(),
        tie: settled.parts.tie.toString(),
      },
      payoutMinor: settled.payoutMinor.toString(),
    };
    return {
      stakeMinor: stakeOf(params),
      payoutMinor: settled.payoutMinor,
      validBetMinor: settled.validBetMinor,
      outcome,
    };
  },
  describe() {
    return {
      decks: BACCARAT_DECKS,
      payouts: { player: '1:1', banker: '0.95:1', tie: '8:1' },
      bankerCommissionPercent: 5,
      tiePushes: ['player', 'banker'],
      limits: {
        player: describeLimits(BACCARAT_LIMITS.main),
        banker: describeLimits(BACCARAT_LIMITS.main),
        tie: describeLimits(BACCARAT_LIMITS.tie),
      },
      defaultStakeMinor: '1000',
      rtp: { banker: 0.9894, player: 0.9876, tie: 0.8564 },
    };
  },
};
