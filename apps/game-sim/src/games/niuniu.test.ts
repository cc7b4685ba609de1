import { describe, expect, it } from 'vitest';
import type { Card, Suit } from './common.ts';
import {
  evaluateNiuniu,
  niuniuEngine,
  settleSeat,
  NIUNIU_SEATS,
  type NiuniuOutcome,
} from './niuniu.ts';
import { fairDraw, simulationDraw } from './provably-fair.ts';

/** "10H", "KS", "AD" ... to cards. */
function hand(text: string): Card[] {
  return text.split(' ').map((card) => {
    const rankText = card.slice(0, -1);
    const suit = card.slice(-1) as Suit;
    const rank = { A: 1, J: 11, Q: 12, K: 13 }[rankText] ?? Number(rankText);
    return { rank, suit };
  });
}

describe('Bull Bull hands', () => {
  it('finds the bull and its multiplier', () => {
    expect(evaluateNiuniu(hand('AS AH 2C 4D KS'))).toMatchObject({
      kind: 'none',
      bull: 0,
      multiplier: 1,
    });
    expect(evaluateNiuniu(hand('10S JH QC 3D 4S'))).toMatchObject({
      kind: 'bull',
      bull: 7,
      multiplier: 2,
    });
    // 3 + 7 + 10: bull; the other two 9 + 5 = 14: bull 4.
    expect(evaluateNiuniu(hand('3S 9H 7C 5D 10S'))).toMatchObject({
      kind: 'bull',
      bull: 4,
      multiplier: 1,
    });
    // No three of 2, 9, 8, A, 6 make a multiple of 10.
    expect(evaluateNiuniu(hand('2S 9H 8C AD 6S'))).toMatchObject({ kind: 'none', bull: 0 });
    expect(evaluateNiuniu(hand('3S 7H 10C 2D 4S'))).toMatchObject({
      kind: 'bull',
      bull: 6,
      multiplier: 1,
    });
    expect(evaluateNiuniu(hand('KS QH JC 5D 5S'))).toMatchObject({
      kind: 'bullbull',
      bull: 10,
      multiplier: 3,
    });
    expect(evaluateNiuniu(hand('JS QH KC JD QS'))).toMatchObject({
      kind: 'fiveFaces',
      multiplier: 4,
    });
    expect(evaluateNiuniu(hand('7S 7H 7C 7D 3S'))).toMatchObject({ kind: 'bomb', multiplier: 4 });
    expect(evaluateNiuniu(hand('AS AH 2C 2D 3S'))).toMatchObject({
      kind: 'fiveSmall',
      multiplier: 5,
    });
    // Below 5 each but 13 points: not five small (and 4 + 4 + 2 = 10, bull 1).
    expect(evaluateNiuniu(hand('AS 2H 4C 4D 2S')).kind).not.toBe('fiveSmall');
    expect(evaluateNiuniu(hand('AS 2H 4C 4D 2S'))).toMatchObject({ kind: 'bull', bull: 3 });
    expect(() => evaluateNiuniu(hand('AS 2H'))).toThrow(RangeError);
  });

  it('ranks five small > bomb > five faces > bull bull > bull 9 ... bull 1 > no bull', () => {
    const ladder = [
      'AS AH 2C 2D 3S', // five small
      '7S 7H 7C 7D 3S', // bomb
      'JS QH KC JD QS', // five faces
      'KS QH JC 5D 5S', // bull bull
      '10S JH QC 4D 5S', // bull 9
      '10S JH QC 3D 5S', // bull 8
      '10S JH QC 3D 4S', // bull 7
      '10S JH QC AD 5S', // bull 6
      '10S JH QC AD AS', // bull 2
      '10S JH QC AD KH', // bull 1
      'AS AH 2C 4D KS', // no bull
    ].map((text) => evaluateNiuniu(hand(text)).score);
    for (let i = 1; i < ladder.length; i += 1) {
      expect(ladder[i - 1] as number, `rung ${i}`).toBeGreaterThan(ladder[i] as number);
    }
  });

  it('breaks ties by the highest card, rank then suit', () => {
    const kSpades = evaluateNiuniu(hand('KS 5H 5C 2D 3S')); // 5 + 5 + K: bull 5, high K spades
    const kHearts = evaluateNiuniu(hand('KH 5S 5D 2C 3H')); // bull 5, high K hearts
    const qHigh = evaluateNiuniu(hand('QS 5H 5C 2D 3S')); // bull 5, high Q
    expect(kSpades.bull).toBe(5);
    expect(kSpades.score).toBeGreaterThan(kHearts.score);
    expect(kHearts.score).toBeGreaterThan(qHigh.score);
    // Bombs compare the rank of the four.
    expect(evaluateNiuniu(hand('8S 8H 8C 8D 2S')).score).toBeGreaterThan(
      evaluateNiuniu(hand('7S 7H 7C 7D KS')).score,
    );
  });
});

describe('Bull Bull settlement', () => {
  it('pays the winner hand multiplier less 5% commission, loses the banker multiplier', () => {
    const bullBull = evaluateNiuniu(hand('KS QH JC 5D 5S'));
    const bull3 = evaluateNiuniu(hand('10S JH QC AD 2S'));
    const bull8 = evaluateNiuniu(hand('10S JH QC 3D 5S'));
    // Frozen 5000; wins 3 x 1000 less 5%: 5000 + 2850.
    expect(settleSeat(1000n, bullBull, bull3)).toEqual({
      wins: true,
      multiplier: 3,
      payoutMinor: 7850n,
      validBetMinor: 3000n,
    });
    // Loses 2 x 1000 to the banker's bull 8.
    expect(settleSeat(1000n, bull3, bull8)).toEqual({
      wins: false,
      multiplier: 2,
      payoutMinor: 3000n,
      validBetMinor: 2000n,
    });
    // Bull 8 wins 2 x 15 = 30 less 5% = 28.5, rounded down: 75 frozen + 28.
    expect(settleSeat(15n, bull8, bull3).payoutMinor).toBe(75n + 28n);
  });

  it('plays a round: 25 distinct cards, frozen stake, seats settled', () => {
    const params = niuniuEngine.params.parse({ tian: '1000', xuan: '200' });
    expect(niuniuEngine.validate(params)).toBeNull();
    const result = niuniuEngine.play(
      params,
      fairDraw({ serverSeed: 'c'.repeat(64), clientSeed: 'x', nonce: 0 }),
    );
    const outcome = result.outcome as NiuniuOutcome;
    const all = [
      ...outcome.banker.cards,
      ...NIUNIU_SEATS.flatMap((seat) => outcome.seats[seat].cards),
    ];
    expect(new Set(all).size).toBe(25);
    expect(result.stakeMinor).toBe(6000n);
    expect(outcome.seats.di.payoutMinor).toBe('0');
    const paid = NIUNIU_SEATS.reduce(
      (sum, seat) => sum + BigInt(outcome.seats[seat].payoutMinor),
      0n,
    );
    expect(result.payoutMinor).toBe(paid);
    expect(outcome.payoutMinor).toBe(paid.toString());
    // A seat's payout is between 0 (lost 5x) and 5x + 5x less commission.
    expect(result.payoutMinor).toBeGreaterThanOrEqual(0n);
    expect(result.payoutMinor).toBeLessThanOrEqual(6000n + 5700n);
  });

  it('validates the bets', () => {
    const parse = (value: unknown) => niuniuEngine.params.parse(value);
    expect(niuniuEngine.validate(parse({}))).toBe('no_bet');
    expect(niuniuEngine.validate(parse({ di: '99' }))).toBe('stake_below_min');
    expect(niuniuEngine.validate(parse({ huang: '100001' }))).toBe('stake_above_max');
    expect(niuniuEngine.stakeOf(parse({ di: '100', huang: '300' }))).toBe(2000n);
  });

  it('returns 1 - 0.025 x E[m] per unit bet, E[m] = 1.613 (simulation)', () => {
    const rounds = 150_000;
    const draw = simulationDraw('niuniu-return');
    const params = niuniuEngine.params.parse({
      tian: '1000',
      di: '1000',
      xuan: '1000',
      huang: '1000',
    });
    let net = 0n;
    let validBet = 0n;
    for (let i = 0; i < rounds; i += 1) {
      const result = niuniuEngine.play(params, draw);
      net += result.payoutMinor - result.stakeMinor;
      validBet += result.validBetMinor;
    }
    const bets = 4 * 1000 * rounds;
    const meanMultiplier = Number(validBet) / bets;
    const returnPerBet = 1 + Number(net) / bets;
    // 600,000 seat results: standard error of E[m] about 0.001, of the return about 0.0022
    // (the seats of one round share the banker, so a little more than independent seats).
    expect(Math.abs(meanMultiplier - 1.613)).toBeLessThan(0.006);
    expect(Math.abs(returnPerBet - 0.9597)).toBeLessThan(0.012);
  });
});
