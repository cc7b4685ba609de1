import { describe, expect, it } from 'vitest';
import type { GameKind } from '@lobby/game-protocol';
import { engineFor } from './registry.ts';
import { fairDraw } from './provably-fair.ts';

const KINDS: GameKind[] = [
  'slot',
  'roulette',
  'baccarat',
  'fish',
  'lottery',
  'sports',
  'esports',
  'niuniu',
];

const SAMPLE_PARAMS: Partial<Record<GameKind, unknown>> = {
  slot: { betMinor: '1000' },
  roulette: { bets: [{ type: 'red', amountMinor: '1000' }] },
  baccarat: { banker: '1000' },
  fish: { bulletMinor: '100', fish: 'turtle' },
  niuniu: { tian: '1000' },
};

describe('engine registry', () => {
  it('has an engine for every kind, and everything the screen gets is JSON', () => {
    for (const kind of KINDS) {
      const engine = engineFor(kind);
      expect(engine.kind).toBe(kind);
      expect(() => JSON.stringify(engine.describe())).not.toThrow();
      if (engine.mode === 'instant') {
        expect(['slot', 'roulette', 'baccarat', 'fish', 'niuniu']).toContain(kind);
        const params = engine.params.parse(SAMPLE_PARAMS[kind]);
        expect(engine.validate(params)).toBeNull();
        const result = engine.play(
          params,
          fairDraw({ serverSeed: '1'.repeat(64), clientSeed: 'r', nonce: 1 }),
        );
        expect(result.stakeMinor).toBe(engine.stakeOf(params));
        expect(result.payoutMinor).toBeGreaterThanOrEqual(0n);
        expect(result.validBetMinor).toBeLessThanOrEqual(result.stakeMinor);
        expect(() => JSON.stringify(result.outcome)).not.toThrow();
      } else {
        expect(['lottery', 'sports', 'esports']).toContain(kind);
        const [event] = engine.eventsAround(new Date('2026-11-21T12:00:00Z'));
        if (!event) throw new Error('no events');
        expect(() => JSON.stringify(event)).not.toThrow();
        const result = engine.resolve(
          event,
          fairDraw({ serverSeed: '2'.repeat(64), clientSeed: event.id, nonce: 0 }),
        );
        expect(() => JSON.stringify(result)).not.toThrow();
      }
    }
    expect(() => engineFor('poker' as GameKind)).toThrow(RangeError);
  });
});
