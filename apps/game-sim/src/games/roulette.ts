import { z } from 'zod';
import type { FairDraw, InstantEngine, RoundResult } from './engine.ts';
import { checkStake, describeLimits, minorString, type StakeLimits } from './common.ts';

/**
 * European roulette: one wheel of 37 pockets (0 to 36, a single zero), the ball lands in a
 * pocket drawn uniformly by the fair draw (int(37)). Several bets per spin; each is settled on
 * its own, paying its odds plus the stake back:
 *
 *   straight (one number, 0 to 36)   35 to 1   probability 1/37
 *   dozen 1-12, 13-24, 25-36          2 to 1   12/37
 *   column 1, 2, 3                    2 to 1   12/37  (column 1 is 1, 4, ..., 34)
 *   red / black, odd / even,          1 to 1   18/37  (zero is neither: every even-money bet
 *   low 1-18 / high 19-36                                loses on zero, no la partage)
 *
 * RTP of every bet: 36/37 = 97.297% (house edge 2.703%), checked by enumerating the 37 pockets
 * in roulette.test.ts.
 *
 * Valid bet (turnover that counts): the stake, less the hedged part of opposite even-money bets
 * (red against black, odd against even, low against high): twice the smaller side of each pair.
 *
 * Limits: each bet 1.00 to 1,000.00 (straight up to 200.00), at most 40 bets and 5,000.00 per spin.
 */

export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];
const RED = new Set(RED_NUMBERS);

export const EVEN_MONEY = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;
export type EvenMoney = (typeof EVEN_MONEY)[number];

const straightBet = z.object({
  type: z.literal('straight'),
  number: z.number().int().min(0).max(36),
  amountMinor: minorString,
});
const evenMoneyBet = z.object({ type: z.enum(EVEN_MONEY), amountMinor: minorString });
const groupBet = z.object({
  type: z.enum(['dozen', 'column']),
  index: z.number().int().min(1).max(3),
  amountMinor: minorString,
});
export const rouletteBet = z.union([straightBet, evenMoneyBet, groupBet]);
export type RouletteBet = z.infer<typeof rouletteBet>;

export const rouletteParams = z.object({ bets: z.array(rouletteBet).min(1).max(200) });
export type RouletteParams = z.infer<typeof rouletteParams>;

export const ROULETTE_LIMITS = {
  straight: { minMinor: 100n, maxMinor: 20_000n } satisfies StakeLimits,
  other: { minMinor: 100n, maxMinor: 100_000n } satisfies StakeLimits,
  maxBets: 40,
  maxTotalMinor: 500_000n,
};

/** Odds "to 1" of each bet type. */
export const ROULETTE_ODDS = { straight: 35, dozen: 2, column: 2, evenMoney: 1 } as const;

export function colorOf(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  return RED.has(pocket) ? 'red' : 'black';
}

/** Whether a bet wins on a pocket, and its odds to 1. */
export function betWins(bet: RouletteBet, pocket: number): { wins: boolean; odds: number } {
  switch (bet.type) {
    case 'straight':
      return { wins: bet.number === pocket, odds: ROULETTE_ODDS.straight };
    case 'dozen':
      return {
        wins: pocket >= (bet.index - 1) * 12 + 1 && pocket <= bet.index * 12,
        odds: ROULETTE_ODDS.dozen,
      };
    case 'column':
      return {
        wins: pocket !== 0 && ((pocket - 1) % 3) + 1 === bet.index,
        odds: ROULETTE_ODDS.column,
      };
    default: {
      const odds = ROULETTE_ODDS.evenMoney;
      if (pocket === 0) return { wins: false, odds };
      const wins = {
        red: RED.has(pocket),
        black: !RED.has(pocket),
        odd: pocket % 2 === 1,
        even: pocket % 2 === 0,
        low: pocket <= 18,
        high: pocket >= 19,
      }[bet.type];
      return { wins, odds };
    }
  }
}

const totalOf = (params: RouletteParams) =>
  params.bets.reduce((sum, bet) => sum + BigInt(bet.amountMinor), 0n);

/** The stake less the hedged part of opposite even-money bets. */
export function rouletteValidBet(params: RouletteParams): bigint {
  const sums = new Map<string, bigint>();
  for (const bet of params.bets) {
    sums.set(bet.type, (sums.get(bet.type) ?? 0n) + BigInt(bet.amountMinor));
  }
  let hedged = 0n;
  for (const [a, b] of [
    ['red', 'black'],
    ['odd', 'even'],
    ['low', 'high'],
  ] as const) {
    const x = sums.get(a) ?? 0n;
    const y = sums.get(b) ?? 0n;
    hedged += 2n * (x < y ? x : y);
  }
  return totalOf(params) - hedged;
}

export type RouletteOutcome = {
  pocket: number;
  color: 'green' | 'red' | 'black';
  bets: (RouletteBet & { wins: boolean; payoutMinor: string })[];
  payoutMinor: string;
};

export const rouletteEngine: InstantEngine<RouletteParams> = {
  mode: 'instant',
  kind: 'roulette',
  params: rouletteParams,
  validate(params) {
    if (params.bets.length > ROULETTE_LIMITS.maxBets) return 'too_many_bets';
    for (const bet of params.bets) {
      const limits = bet.type === 'straight' ? ROULETTE_LIMITS.straight : ROULETTE_LIMITS.other;
      const error = checkStake(BigInt(bet.amountMinor), limits);
      if (error) return error;
    }
    if (totalOf(params) > ROULETTE_LIMITS.maxTotalMinor) return 'total_above_max';
    return null;
  },
  stakeOf: totalOf,
  play(params, draw: FairDraw): RoundResult {
    const pocket = draw.int(37);
    let payout = 0n;
    const bets = params.bets.map((bet) => {
      const { wins, odds } = betWins(bet, pocket);
      const amount = wins ? BigInt(bet.amountMinor) * BigInt(odds + 1) : 0n;
      payout += amount;
      return { ...bet, wins, payoutMinor: amount.toString() };
    });
    const outcome: RouletteOutcome = {
      pocket,
      color: colorOf(pocket),
      bets,
      payoutMinor: payout.toString(),
    };
    return {
      stakeMinor: totalOf(params),
      payoutMinor: payout,
      validBetMinor: rouletteValidBet(params),
      outcome,
    };
  },
  describe() {
    return {
      pockets: 37,
      redNumbers: RED_NUMBERS,
      odds: ROULETTE_ODDS,
      limits: {
        straight: describeLimits(ROULETTE_LIMITS.straight),
        other: describeLimits(ROULETTE_LIMITS.other),
        maxBets: ROULETTE_LIMITS.maxBets,
        maxTotalMinor: ROULETTE_LIMITS.maxTotalMinor.toString(),
      },
      defaultStakeMinor: '1000',
      rtp: 36 / 37,
    };
  },
};
