import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  drawFromWords,
  fairDraw,
  hashServerSeed,
  newServerSeed,
  simulationDraw,
  verifyCommitment,
  verifyRound,
} from './provably-fair.ts';

const inputs = { serverSeed: 'f'.repeat(64), clientSeed: 'lucky', nonce: 3 };

function words(list: number[]) {
  let i = 0;
  return () => {
    const word = list[i++];
    if (word === undefined) throw new Error('out of words');
    return word;
  };
}

describe('server seeds', () => {
  it('are 32 random bytes in hex, committed by SHA-256 of the hex text', () => {
    const a = newServerSeed();
    const b = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(hashServerSeed('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(verifyCommitment({ serverSeed: a, serverSeedHash: hashServerSeed(a) })).toBe(true);
    expect(verifyCommitment({ serverSeed: b, serverSeedHash: hashServerSeed(a) })).toBe(false);
  });
});

describe('fairDraw', () => {
  it('reads the HMAC-SHA256 stream as big-endian words', () => {
    const first = createHmac('sha256', inputs.serverSeed).update('lucky:3:0').digest();
    const second = createHmac('sha256', inputs.serverSeed).update('lucky:3:1').digest();
    const draw = fairDraw(inputs);
    // 2^32 is a multiple of itself: nothing is rejected, int returns the words themselves.
    const got = Array.from({ length: 9 }, () => draw.int(2 ** 32));
    const expected = [
      ...Array.from({ length: 8 }, (_, i) => first.readUInt32BE(i * 4)),
      second.readUInt32BE(0),
    ];
    expect(got).toEqual(expected);
  });

  it('is deterministic for the same inputs and changes with any of them', () => {
    const take = (draw: { int(n: number): number }) =>
      Array.from({ length: 50 }, () => draw.int(37));
    const base = take(fairDraw(inputs));
    expect(take(fairDraw(inputs))).toEqual(base);
    expect(take(fairDraw({ ...inputs, nonce: 4 }))).not.toEqual(base);
    expect(take(fairDraw({ ...inputs, clientSeed: 'other' }))).not.toEqual(base);
    expect(take(fairDraw({ ...inputs, serverSeed: 'e'.repeat(64) }))).not.toEqual(base);
    expect(base.every((value) => Number.isInteger(value) && value >= 0 && value < 37)).toBe(true);
  });

  it('rejects the words above the last whole multiple of n', () => {
    // 2^32 mod 3 = 1: the word 2^32 - 1 would favour 0 and is skipped.
    expect(drawFromWords(words([0xffffffff, 5])).int(3)).toBe(2);
    expect(drawFromWords(words([0xfffffffe])).int(3)).toBe(0xfffffffe % 3);
    // n = 2^31 + 1: every word from 2^31 + 1 on is rejected.
    expect(drawFromWords(words([2 ** 31 + 1, 0xffffffff, 7])).int(2 ** 31 + 1)).toBe(7);
    expect(drawFromWords(words([123])).int(1)).toBe(0);
    expect(() => drawFromWords(words([1])).int(0)).toThrow(RangeError);
    expect(() => drawFromWords(words([1])).int(1.5)).toThrow(RangeError);
    expect(() => drawFromWords(words([1])).int(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('has no modulo bias where plain modulo would show one', () => {
    // n = 3 * 2^30: plain `word % n` would land below 2^30 half of the time instead of a third.
    const n = 3 * 2 ** 30;
    const draw = fairDraw({ ...inputs, clientSeed: 'bias' });
    const samples = 30_000;
    let low = 0;
    for (let i = 0; i < samples; i += 1) if (draw.int(n) < 2 ** 30) low += 1;
    // Standard error sqrt(1/3 * 2/3 / 30000) = 0.27%; 2% is more than 7 of them.
    expect(Math.abs(low / samples - 1 / 3)).toBeLessThan(0.02);
  });

  it('is uniform on small ranges (chi-square)', () => {
    for (const draw of [fairDraw(inputs), simulationDraw('uniform')]) {
      const counts = new Array<number>(6).fill(0);
      const samples = 60_000;
      for (let i = 0; i < samples; i += 1) {
        const value = draw.int(6);
        counts[value] = (counts[value] as number) + 1;
      }
      const expected = samples / 6;
      const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      // 5 degrees of freedom: P(chi2 > 25.7) = 0.0001.
      expect(chi).toBeLessThan(25.7);
    }
  });

  it('replays a round from its revealed fairness', () => {
    const serverSeed = newServerSeed();
    const fairness = {
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: 'me',
      nonce: 12,
    };
    const played = fairDraw(fairness).int(1000);
    const check = verifyRound(fairness, (draw) => draw.int(1000));
    expect(check).toEqual({ commitmentOk: true, replay: played });
    expect(verifyRound({ ...fairness, serverSeedHash: '0'.repeat(64) }, () => 0).commitmentOk).toBe(
      false,
    );
  });
});
