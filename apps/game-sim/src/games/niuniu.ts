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
  type Suit,
} from './common.ts';

/**
 * Bull Bull (百人牛牛), four seats against the banker, settled in one round.
 *
 * Deal: one 52-card deck, five cards to the banker and to each seat 天 tian, 地 di, 玄 xuan,
 * 黄 huang (25 cards, each uniformly one of those left, by the fair draw). The member bets on
 * one or more seats; every seat plays only against the banker.
 *
 * Hands (points: ace 1, 2 to 10 their pips, J Q K 10), best first:
 *   five small 五小牛   all five cards below 5 and their points total 10 or less   x5
 *   bomb 炸弹           four cards of one rank                                     x4
 *   five faces 五花牛   all five cards J, Q or K                                   x4
 *   bull bull 牛牛      three cards total a multiple of 10, the other two too     x3
 *   bull 7 to bull 9    three cards total a multiple of 10, the other two 7-9     x2
 *   bull 1 to bull 6    the same, the other two total 1 to 6 (mod 10)              x1
 *   no bull 无牛        no three cards total a multiple of 10                      x1
 * Equal hands compare the highest card: rank K high to A low, then suit
 * spades > hearts > clubs > diamonds (two bombs compare the rank of the four); with one deck
 * there is never a tie.
 *
 * Settlement per seat with bet b: the winning hand's multiplier m applies. The seat wins: it is
 * paid b x m less 5% commission (rounded down to the minor unit); the seat loses: it loses
 * b x m. Because a loss can reach 5 x b, the round stakes 5 x b per seat (the largest
 * multiplier; what is not lost comes back in the payout), as real tables freeze it.
 * Valid bet: b x m of each seat.
 *
 * Return: a seat and the banker are dealt alike and never tie, so each wins half the time and
 * the expected multiplier of the winning hand, E[m] = 1.613 (simulated, standard error 0.001,
 * niuniu.test.ts), is the same whichever side wins. Per unit bet a seat then returns
 * 1 + 0.5 x E[m] x (0.95 - 1) = 1 - 0.025 x E[m] = 95.97% (it loses 4.03% of the bet, 2.5%
 * of the valid bet; 99.19% of the frozen 5 x b stake comes back on average).
 * Hand frequencies (one hand): no bull 33.5%, bull 1-6 39.4%, bull 7-9 19.7%, bull bull 7.3%,
 * five faces, bomb, five small about 0.03% each.
 *
 * Limits: each seat 1.00 to 1,000.00.
 */

export const NIUNIU_SEATS = ['tian', 'di', 'xuan', 'huang'] as const;
export type NiuniuSeat = (typeof NIUNIU_SEATS)[number];

export const NIUNIU_MAX_MULTIPLIER = 5;
export const NIUNIU_COMMISSION_PERCENT = 5;
export const NIUNIU_LIMITS: StakeLimits = { minMinor: 100n, maxMinor: 100_000n };

export type NiuniuHandKind = 'none' | 'bull' | 'bullbull' | 'fiveFaces' | 'bomb' | 'fiveSmall';

export type NiuniuHand = {
  kind: NiuniuHandKind;
  /** 1 to 9 for 'bull', 10 for 'bullbull', 0 otherwise. */
  bull: number;
  multiplier: number;
  /** Higher beats lower: the ranking above, then the tie-breaker. */
  score: number;
};

const SUIT_ORDER: Record<Suit, number> = { S: 4, H: 3, C: 2, D: 1 };
const KIND_ORDER: Record<NiuniuHandKind, number> = {
  none: 0,
  bull: 0,
  bullbull: 10,
  fiveFaces: 11,
  bomb: 12,
  fiveSmall: 13,
};

export function points(card: Card): number {
  return card.rank >= 10 ? 10 : card.rank;
}

export function evaluateNiuniu(cards: readonly Card[]): NiuniuHand {
  if (cards.length !== 5) throw new RangeError('a Bull Bull hand has five cards');
  const total = cards.reduce((sum, card) => sum + points(card), 0);
  const highest = cards.reduce((best, card) =>
    card.rank > best.rank ||
    (card.rank === best.rank && SUIT_ORDER[card.suit] > SUIT_ORDER[best.suit])
      ? card
      : best,
  );
  // Tie-breaker: rank then suit of the highest card (bombs: the rank of the four).
  let tieBreak = highest.rank * 10 + SUIT_ORDER[highest.suit];
  const counts = new Map<number, number>();
  for (const card of cards) counts.set(card.rank, (counts.get(card.rank) ?? 0) + 1);

  let kind: NiuniuHandKind;
  let bull = 0;
  const quad = [...counts].find(([, count]) => count === 4);
  if (cards.every((card) => card.rank < 5) && total <= 10) {
    kind = 'fiveSmall';
  } else if (quad) {
    kind = 'bomb';
    tieBreak = quad[0] * 10;
  } else if (cards.every((card) => card.rank >= 11)) {
    kind = 'fiveFaces';
  } else {
    let hasBull = false;
    for (let a = 0; a < 5 && !hasBull; a += 1)
      for (let b = a + 1; b < 5 && !hasBull; b += 1)
        for (let c = b + 1; c < 5 && !hasBull; c += 1) {
          const three =
            points(cards[a] as Card) + points(cards[b] as Card) + points(cards[c] as Card);
          if (three % 10 === 0) hasBull = true;
        }
    // Whichever three make the bull, the other two total (total - three) = total mod 10.
    bull = hasBull ? total % 10 || 10 : 0;
    kind = !hasBull ? 'none' : bull === 10 ? 'bullbull' : 'bull';
  }
  const level = kind === 'bull' || kind === 'none' ? bull : KIND_ORDER[kind];
  return { kind, bull, multiplier: multiplierOf(kind, bull), score: level * 1000 + tieBreak };
}

export function multiplierOf(kind: NiuniuHandKind, bull: number): number {
  switch (kind) {
    case 'fiveSmall':
      return 5;
    case 'bomb':
    case 'fiveFaces':
      return 4;
    case 'bullbull':
      return 3;
    case 'bull':
      return bull >= 7 ? 2 : 1;
    case 'none':
      return 1;
  }
}

export const niuniuParams = z.object({
  tian: minorString.default('0'),
  di: minorString.default('0'),
  xuan: minorString.default('0'),
  huang: minorString.default('0'),
});
export type NiuniuParams = z.infer<typeof niuniuParams>;

const betTotal = (params: NiuniuParams) =>
  NIUNIU_SEATS.reduce((sum, seat) => sum + BigInt(params[seat]), 0n);

/** One seat's bet against the banker: what comes back of its 5 x b frozen stake, valid bet. */
export function settleSeat(
  bet: bigint,
  seat: NiuniuHand,
  banker: NiuniuHand,
): { wins: boolean; multiplier: number; payoutMinor: bigint; validBetMinor: bigint } {
  const frozen = bet * BigInt(NIUNIU_MAX_MULTIPLIER);
  const wins = seat.score > banker.score;
  const multiplier = wins ? seat.multiplier : banker.multiplier;
  const moved = bet * BigInt(multiplier);
  const payout = wins
    ? frozen + (moved * BigInt(100 - NIUNIU_COMMISSION_PERCENT)) / 100n
    : frozen - moved;
  return { wins, multiplier, payoutMinor: payout, validBetMinor: moved };
}

export type NiuniuOutcome = {
  banker: { cards: string[]; kind: NiuniuHandKind; bull: number; multiplier: number };
  seats: Record<
    NiuniuSeat,
    {
      cards: string[];
      kind: NiuniuHandKind;
      bull: number;
      multiplier: number;
      wins: boolean;
      betMinor: string;
      payoutMinor: string;
    }
  >;
  payoutMinor: string;
};

export const niuniuEngine: InstantEngine<NiuniuParams> = {
  mode: 'instant',
  kind: 'niuniu',
  params: niuniuParams,
  validate(params) {
    if (betTotal(params) === 0n) return 'no_bet';
    for (const seat of NIUNIU_SEATS) {
      const bet = BigInt(params[seat]);
      if (bet === 0n) continue;
      const error = checkStake(bet, NIUNIU_LIMITS);
      if (error) return error;
    }
    return null;
  },
  stakeOf(params) {
    return betTotal(params) * BigInt(NIUNIU_MAX_MULTIPLIER);
  },
  play(params, draw: FairDraw): RoundResult {
    const next = shoe(1, draw);
    const deal = () => [next(), next(), next(), next(), next()];
    const bankerCards = deal();
    const banker = evaluateNiuniu(bankerCards);
    let payout = 0n;
    let validBet = 0n;
    const seats = {} as NiuniuOutcome['seats'];
    for (const seat of NIUNIU_SEATS) {
      const cards = deal();
      const hand = evaluateNiuniu(cards);
      const bet = BigInt(params[seat]);
      const settled = settleSeat(bet, hand, banker);
      if (bet > 0n) {
        payout += settled.payoutMinor;
        validBet += settled.validBetMinor;
      }
      seats[seat] = {
        cards: cards.map(cardText),
        kind: hand.kind,
        bull: hand.bull,
        multiplier: hand.multiplier,
        wins: settled.wins,
        betMinor: bet.toString(),
        payoutMinor: (bet > 0n ? settled.payoutMinor : 0n).toString(),
      };
    }
    const outcome: NiuniuOutcome = {
      banker: {
        cards: bankerCards.map(cardText),
        kind: banker.kind,
        bull: banker.bull,
        multiplier: banker.multiplier,
      },
      seats,
      payoutMinor: payout.toString(),
    };
    return {
      stakeMinor: betTotal(params) * BigInt(NIUNIU_MAX_MULTIPLIER),
      payoutMinor: payout,
      validBetMinor: validBet,
      outcome,
    };
  },
  describe() {
    return {
      seats: NIUNIU_SEATS,
      multipliers: {
        none: 1,
        bull1to6: 1,
        bull7to9: 2,
        bullbull: 3,
        fiveFaces: 4,
        bomb: 4,
        fiveSmall: 5,
      },
      commissionPercent: NIUNIU_COMMISSION_PERCENT,
      frozenMultiplier: NIUNIU_MAX_MULTIPLIER,
      limits: describeLimits(NIUNIU_LIMITS),
      defaultStakeMinor: '1000',
      rtp: 0.9597,
    };
  },
};
