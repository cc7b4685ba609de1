import { describe, expect, it } from 'vitest';
import type { FairDraw } from './engine.ts';
import {
  betWins,
  colorOf,
  rouletteEngine,
  rouletteValidBet,
  type RouletteBet,
  type RouletteOutcome,
} from './roulette.ts';

const pocketDraw = (pocket: number): FairDraw => ({
  int(n) {
    expect(n).toBe(37);
    return pocket;
  },
});

const EVERY_BET: RouletteBet[] = [
  ...Array.from({ length: 37 }, (_, number) => ({
    type: 'straight' as const,
    number,
    amountMinor: '100',
  })),
  ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => ({
    type,
    amountMinor: '100',
  })),
  ...[1, 2, 3].flatMap((index) => [
    { type: 'dozen' as const, index, amountMinor: '100' },
    { type: 'column' as const, index, amountMinor: '100' },
  ]),
];

describe('roulette', () => {
  it('has 18 red, 18 black and a green zero', () => {
    const colors = Array.from({ length: 37 }, (_, n) => colorOf(n));
    expect(colors.filter((c) => c === 'red')).toHaveLength(18);
    expect(colors.filter((c) => c === 'black')).toHaveLength(18);
    expect(colors[0]).toBe('green');
    expect(colorOf(1)).toBe('red');
    expect(colorOf(2)).toBe('black');
    expect(colorOf(10)).toBe('black');
    expect(colorOf(19)).toBe('red');
    expect(colorOf(36)).toBe('red');
  });

  it('covers the right numbers with dozens and columns', () => {
    const numbers = (bet: RouletteBet) =>
      Array.from({ length: 37 }, (_, n) => n).filter((n) => betWins(bet, n).wins);
    expect(numbers({ type: 'column', index: 1, amountMinor: '1' })).toEqual([
      1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34,
    ]);
    expect(numbers({ type: 'column', index: 3, amountMinor: '1' })).toEqual([
      3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36,
    ]);
    expect(numbers({ type: 'dozen', index: 3, amountMinor: '1' })).toEqual([
      25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36,
    ]);
    expect(numbers({ type: 'low', amountMinor: '1' })).toEqual(
      Array.from({ length: 18 }, (_, i) => i + 1),
    );
    expect(numbers({ type: 'even', amountMinor: '1' })).not.toContain(0);
  });

  it('pays 35:1, 2:1 and 1:1 with the stake back', () => {
    const result = rouletteEngine.play(
      {
        bets: [
          { type: 'straight', number: 17, amountMinor: '1000' },
          { type: 'black', amountMinor: '500' },
          { type: 'red', amountMinor: '500' },
          { type: 'dozen', index: 2, amountMinor: '300' },
          { type: 'column', index: 2, amountMinor: '200' },
          { type: 'odd', amountMinor: '100' },
          { type: 'high', amountMinor: '100' },
        ],
      },
      pocketDraw(17),
    );
    const outcome = result.outcome as RouletteOutcome;
    expect(outcome.pocket).toBe(17);
    expect(outcome.color).toBe('black');
    expect(outcome.bets.map((bet) => bet.payoutMinor)).toEqual([
      '36000',
      '1000',
      '0',
      '900',
      '600',
      '200',
      '0',
    ]);
    expect(result.stakeMinor).toBe(2700n);
    expect(result.payoutMinor).toBe(38700n);
    // red and black hedge 500 each: 2700 - 1000.
    expect(result.validBetMinor).toBe(1700n);
  });

  it('loses every outside bet on zero', () => {
    const bets = EVERY_BET.filter((bet) => bet.type !== 'straight');
    const result = rouletteEngine.play({ bets }, pocketDraw(0));
    expect(result.payoutMinor).toBe(0n);
    const zero = rouletteEngine.play(
      { bets: [{ type: 'straight', number: 0, amountMinor: '100' }] },
      pocketDraw(0),
    );
    expect(zero.payoutMinor).toBe(3600n);
  });

  it('returns exactly 36/37 on every bet (enumeration of the 37 pockets)', () => {
    for (const bet of EVERY_BET) {
      let paid = 0n;
      for (let pocket = 0; pocket < 37; pocket += 1) {
        paid += rouletteEngine.play({ bets: [bet] }, pocketDraw(pocket)).payoutMinor;
      }
      // 37 spins of 100 pay back 36 x 100.
      expect(paid, JSON.stringify(bet)).toBe(3600n);
    }
  });

  it('counts the hedged part of opposite even-money bets out of the valid bet', () => {
    expect(
      rouletteValidBet({
        bets: [
          { type: 'red', amountMinor: '1000' },
          { type: 'black', amountMinor: '600' },
          { type: 'odd', amountMinor: '300' },
          { type: 'straight', number: 5, amountMinor: '100' },
        ],
      }),
    ).toBe(800n);
  });

  it('validates limits', () => {
    const one = (bet: RouletteBet) => rouletteEngine.validate({ bets: [bet] });
    expect(one({ type: 'red', amountMinor: '100' })).toBeNull();
    expect(one({ type: 'red', amountMinor: '99' })).toBe('stake_below_min');
    expect(one({ type: 'straight', number: 3, amountMinor: '20001' })).toBe('stake_above_max');
    expect(one({ type: 'red', amountMinor: '100000' })).toBeNull();
    expect(
      rouletteEngine.validate({
        bets: Array.from({ length: 41 }, () => ({ type: 'red' as const, amountMinor: '100' })),
      }),
    ).toBe('too_many_bets');
    expect(
      rouletteEngine.validate({
        bets: Array.from({ length: 6 }, () => ({ type: 'red' as const, amountMinor: '100000' })),
      }),
    ).toBe('total_above_max');
    expect(rouletteEngine.params.safeParse({ bets: [] }).success).toBe(false);
    expect(
      rouletteEngine.params.safeParse({
        bets: [{ type: 'straight', number: 37, amountMinor: '100' }],
      }).success,
    ).toBe(false);
    expect(
      rouletteEngine.params.safeParse({
        bets: [{ type: 'dozen', index: 4, amountMinor: '100' }],
      }).success,
    ).toBe(false);
  });
});
