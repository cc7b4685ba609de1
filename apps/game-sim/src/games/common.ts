import { z } from 'zod';
import type { FairDraw } from './engine.ts';

/**
 * Helpers shared by the engines: amounts on the wire are minor units as decimal strings, in the
 * engines they are bigint; limits are per bet.
 */

/** Minor units as a decimal string, the game protocol's `minorString` rule. */
export const minorString = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'minor units');

/** Error codes `validate` returns (the page has a text for each). */
export const ENGINE_ERRORS = [
  'stake_below_min',
  'stake_above_max',
  'stake_not_multiple',
  'no_bet',
  'too_many_bets',
  'total_above_max',
  'invalid_selection',
  'event_mismatch',
] as const;
export type EngineError = (typeof ENGINE_ERRORS)[number];

export type StakeLimits = {
  minMinor: bigint;
  maxMinor: bigint;
  /** Amounts must be a multiple of this (1 when absent). */
  stepMinor?: bigint;
};

export function checkStake(amountMinor: bigint, limits: StakeLimits): EngineError | null {
  if (amountMinor < limits.minMinor) return 'stake_below_min';
  if (amountMinor > limits.maxMinor) return 'stake_above_max';
  if (limits.stepMinor !== undefined && amountMinor % limits.stepMinor !== 0n) {
    return 'stake_not_multiple';
  }
  return null;
}

/** Limits as the screen receives them (strings, like every amount on the wire). */
export function describeLimits(limits: StakeLimits) {
  return {
    minMinor: limits.minMinor.toString(),
    maxMinor: limits.maxMinor.toString(),
    stepMinor: (limits.stepMinor ?? 1n).toString(),
  };
}

/** amount * numerator / denominator, rounded down (never pays a fraction of a minor unit). */
export function mulDivFloor(amount: bigint, numerator: bigint, denominator: bigint): bigint {
  return (amount * numerator) / denominator;
}

export type Suit = 'S' | 'H' | 'C' | 'D';
/** A playing card: rank 1 (ace) to 13 (king), suit spades, hearts, clubs, diamonds. */
export type Card = { rank: number; suit: Suit };

export const SUITS: readonly Suit[] = ['S', 'H', 'C', 'D'];

export function standardDeck(): Card[] {
  const cards: Card[] = [];
  for (const suit of SUITS) {
    for (let rank = 1; rank <= 13; rank += 1) cards.push({ rank, suit });
  }
  return cards;
}

/** Card text for outcomes and logs: "AS", "10H", "KD". */
export function cardText(card: Card): string {
  const rank =
    card.rank === 1
      ? 'A'
      : card.rank === 11
        ? 'J'
        : card.rank === 12
          ? 'Q'
          : card.rank === 13
            ? 'K'
            : String(card.rank);
  return `${rank}${card.suit}`;
}

/**
 * Cards dealt one at a time from `decks` fresh 52-card decks without replacement: each card is
 * uniformly one of those left (fair draw int(cards left)). Cards are numbered
 * deck-by-deck in standardDeck order; the pick skips the numbers already dealt.
 */
export function shoe(decks: number, draw: FairDraw): () => Card {
  const dealt: number[] = [];
  const size = decks * 52;
  return () => {
    if (dealt.length >= size) throw new RangeError('the shoe is empty');
    let index = draw.int(size - dealt.length);
    // dealt is kept sorted: each dealt number at or below the pick moves the pick up one.
    let at = 0;
    while (at < dealt.length && (dealt[at] as number) <= index) {
      index += 1;
      at += 1;
    }
    dealt.splice(at, 0, index);
    const inDeck = index % 52;
    return { rank: (inDeck % 13) + 1, suit: SUITS[Math.floor(inDeck / 13)] as Suit };
  };
}
