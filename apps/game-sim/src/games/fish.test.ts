import { describe, expect, it } from 'vitest';
import type { FairDraw } from './engine.ts';
import { FISH_TYPES, fishEngine, type FishOutcome } from './fish.ts';
import { simulationDraw } from './provably-fair.ts';

const rollDraw = (roll: number, expectedN: number): FairDraw => ({
  int(n) {
    expect(n).toBe(expectedN);
    return roll;
  },
});

describe('fish', () => {
  it('catches on rolls 0-94 out of 100 x m and pays bullet x m', () => {
    const hit = fishEngine.play({ bulletMinor: '100', fish: 'shark' }, rollDraw(94, 5000));
    expect(hit).toMatchObject({ stakeMinor: 100n, payoutMinor: 5000n, validBetMinor: 100n });
    expect((hit.outcome as FishOutcome).hit).toBe(true);
    const miss = fishEngine.play({ bulletMinor: '100', fish: 'shark' }, rollDraw(95, 5000));
    expect(miss.payoutMinor).toBe(0n);
    expect(miss.outcome).toEqual({
      fish: 'shark',
      multiplier: 50,
      roll: 95,
      hit: false,
      payoutMinor: '0',
    });
  });

  it('returns exactly 95% on every fish (enumeration of the rolls)', () => {
    for (const fish of FISH_TYPES) {
      const n = 100 * fish.multiplier;
      let paid = 0n;
      for (let roll = 0; roll < n; roll += 1) {
        paid += fishEngine.play(
          { bulletMinor: '100', fish: fish.id },
          rollDraw(roll, n),
        ).payoutMinor;
      }
      // n shots of 100 return 95% of n x 100.
      expect(paid, fish.id).toBe(BigInt(n) * 95n);
    }
  });

  it('lands near 95% over 1,000,000 shots', () => {
    const draw = simulationDraw('fish-rtp');
    const shots = 1_000_000;
    let paid = 0n;
    for (let i = 0; i < shots; i += 1) {
      const fish = FISH_TYPES[i % 5] as (typeof FISH_TYPES)[number]; // multipliers 2 to 10
      paid += fishEngine.play({ bulletMinor: '100', fish: fish.id }, draw).payoutMinor;
    }
    // Standard deviation per shot at most sqrt(0.95 x 10 - 0.9025) = 2.93 bullets:
    // 4 standard errors over 1M shots = 1.2%.
    expect(Math.abs(Number(paid) / (100 * shots) - 0.95)).toBeLessThan(0.012);
  });

  it('validates the bullet and the fish', () => {
    expect(fishEngine.validate({ bulletMinor: '10', fish: 'turtle' })).toBeNull();
    expect(fishEngine.validate({ bulletMinor: '9', fish: 'turtle' })).toBe('stake_below_min');
    expect(fishEngine.validate({ bulletMinor: '10001', fish: 'turtle' })).toBe('stake_above_max');
    expect(fishEngine.params.safeParse({ bulletMinor: '100', fish: 'mermaid' }).success).toBe(
      false,
    );
  });
});
