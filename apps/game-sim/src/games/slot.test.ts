import { describe, expect, it } from 'vitest';
import type { FairDraw } from './engine.ts';
import { fairDraw, simulationDraw } from './provably-fair.ts';
import {
  LINE_COUNT,
  PAYLINES,
  PAYTABLE,
  REEL_STRIPS,
  SCATTER_PAYS,
  SLOT_RTP,
  SLOT_SPIN_STDDEV,
  SLOT_SYMBOLS,
  evaluateWindow,
  linePay,
  slotEngine,
  type SlotOutcome,
  type SlotSymbol,
} from './slot.ts';

/** A draw that stops the reels where the test says. */
function stopsDraw(stops: number[]): FairDraw {
  let i = 0;
  return {
    int(n) {
      const stop = stops[i++] ?? 0;
      expect(stop).toBeLessThan(n);
      return stop;
    },
  };
}

/** Exact theoretical RTP, analytically (see the top of slot.ts). */
function theoreticalRtp(): { lines: number; scatters: number } {
  const probability = REEL_STRIPS.map((strip) => {
    const p = new Map<SlotSymbol, number>();
    for (const symbol of strip) p.set(symbol, (p.get(symbol) ?? 0) + 1 / strip.length);
    return p;
  });
  let lines = 0;
  const sequence: SlotSymbol[] = [];
  const walk = (reel: number, chance: number) => {
    if (chance === 0) return;
    if (reel === 5) {
      lines += chance * (linePay(sequence)?.pay ?? 0);
      return;
    }
    for (const symbol of SLOT_SYMBOLS) {
      sequence[reel] = symbol;
      walk(reel + 1, chance * ((probability[reel] as Map<SlotSymbol, number>).get(symbol) ?? 0));
    }
  };
  walk(0, 1);
  // Scatter count distribution: per reel over its stops, then convolved over the reels.
  let distribution = [1];
  for (const strip of REEL_STRIPS) {
    const perReel = [0, 0, 0, 0];
    for (let stop = 0; stop < strip.length; stop += 1) {
      let count = 0;
      for (let row = 0; row < 3; row += 1)
        if (strip[(stop + row) % strip.length] === 'S') count += 1;
      perReel[count] = (perReel[count] as number) + 1 / strip.length;
    }
    const next = new Array<number>(distribution.length + 3).fill(0);
    distribution.forEach((a, i) =>
      perReel.forEach((b, j) => {
        next[i + j] = (next[i + j] as number) + a * b;
      }),
    );
    distribution = next;
  }
  const scatters = distribution.reduce(
    (sum, p, k) => sum + p * (SCATTER_PAYS[Math.min(k, 5)] ?? 0),
    0,
  );
  // Every line has the same expectation; 10 lines of a tenth of the bet each.
  return { lines, scatters };
}

describe('slot rules', () => {
  it('pays the longest left-to-right run with wild substitution', () => {
    expect(linePay(['H1', 'H1', 'H1', 'L1', 'L2'])).toEqual({ symbol: 'H1', count: 3, pay: 40 });
    expect(linePay(['W', 'H1', 'W', 'H1', 'L2'])).toEqual({ symbol: 'H1', count: 4, pay: 150 });
    expect(linePay(['L4', 'L4', 'W', 'W', 'W'])).toEqual({ symbol: 'L4', count: 5, pay: 50 });
    // Three wilds alone (50) beat the four L4 they also make (10).
    expect(linePay(['W', 'W', 'W', 'L4', 'L1'])).toEqual({ symbol: 'W', count: 3, pay: 50 });
    expect(linePay(['W', 'W', 'W', 'W', 'W'])).toEqual({ symbol: 'W', count: 5, pay: 1000 });
    // Not from the leftmost reel, a scatter breaks the line, two in a row pay nothing.
    expect(linePay(['L1', 'H1', 'H1', 'H1', 'H1'])).toBeNull();
    expect(linePay(['H2', 'S', 'H2', 'H2', 'H2'])).toBeNull();
    expect(linePay(['W', 'W', 'S', 'H1', 'H1'])).toBeNull();
    expect(linePay(['H3', 'H3', 'L1', 'H3', 'H3'])).toBeNull();
  });

  it('has 10 distinct paylines and pays scatters anywhere', () => {
    expect(new Set(PAYLINES.map((line) => line.join())).size).toBe(LINE_COUNT);
    const window: SlotSymbol[][] = [
      ['S', 'L1', 'L2'],
      ['L3', 'S', 'L4'],
      ['L2', 'L1', 'L3'],
      ['L4', 'L3', 'S'],
      ['H1', 'H2', 'H3'],
    ];
    const result = evaluateWindow(window);
    expect(result.scatterCount).toBe(3);
    expect(result.scatterPay).toBe(2);
    expect(result.lines).toEqual([]);
  });

  it('settles a spin in minor units: line wins x line bet plus scatter x total bet', () => {
    // Reel stops that put W on every middle row: line 1 pays 1000 line bets.
    const stops = REEL_STRIPS.map(
      (strip) => (strip.indexOf('W') - 1 + strip.length) % strip.length,
    );
    const result = slotEngine.play({ betMinor: '1000' }, stopsDraw(stops));
    const outcome = result.outcome as SlotOutcome;
    expect(outcome.window.map((column) => column[1])).toEqual(['W', 'W', 'W', 'W', 'W']);
    const line1 = outcome.lines.find((line) => line.line === 1);
    expect(line1).toMatchObject({ symbol: 'W', count: 5, pay: 1000, payoutMinor: '100000' });
    const expected =
      outcome.lines.reduce(
        (sum, line) => sum + 100n * BigInt(PAYTABLE[line.symbol][line.count - 3] as number),
        0n,
      ) +
      1000n * BigInt(outcome.scatter.pay);
    expect(result.payoutMinor).toBe(expected);
    expect(result.stakeMinor).toBe(1000n);
    expect(result.validBetMinor).toBe(1000n);
    expect(outcome.payoutMinor).toBe(expected.toString());
  });

  it('validates the stake', () => {
    expect(slotEngine.validate({ betMinor: '1000' })).toBeNull();
    expect(slotEngine.validate({ betMinor: '50' })).toBe('stake_below_min');
    expect(slotEngine.validate({ betMinor: '100010' })).toBe('stake_above_max');
    expect(slotEngine.validate({ betMinor: '1005' })).toBe('stake_not_multiple');
    expect(slotEngine.params.safeParse({ betMinor: '-5' }).success).toBe(false);
    expect(slotEngine.params.safeParse({ betMinor: '1.5' }).success).toBe(false);
  });

  it('replays the same spin from the same seeds', () => {
    const fairness = { serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 7 };
    const a = slotEngine.play({ betMinor: '500' }, fairDraw(fairness));
    const b = slotEngine.play({ betMinor: '500' }, fairDraw(fairness));
    expect(a).toEqual(b);
  });
});

describe('slot return to player', () => {
  it('has the documented exact theoretical RTP', () => {
    const { lines, scatters } = theoreticalRtp();
    expect(lines).toBeCloseTo(SLOT_RTP.lines, 5);
    expect(scatters).toBeCloseTo(SLOT_RTP.scatters, 5);
    expect(lines + scatters).toBeCloseTo(SLOT_RTP.theoretical, 5);
    expect(Math.abs(lines + scatters - 0.96)).toBeLessThan(0.001);
  });

  it('has the documented mean and standard deviation over every stop combination', () => {
    // Full enumeration (30.5M windows) with symbols as small integers so it runs in seconds.
    const index = new Map(SLOT_SYMBOLS.map((symbol, i) => [symbol, i]));
    const payOf = new Float64Array(9 ** 5);
    for (let code = 0; code < payOf.length; code += 1) {
      const symbols: SlotSymbol[] = [];
      for (let reel = 0, rest = code; reel < 5; reel += 1, rest = Math.floor(rest / 9)) {
        symbols.push(SLOT_SYMBOLS[rest % 9] as SlotSymbol);
      }
      payOf[code] = linePay(symbols)?.pay ?? 0;
    }
    const place = [1, 9, 81, 729, 6561];
    // columns[reel][stop] = symbol codes of the three rows times the reel's place value.
    const columns = REEL_STRIPS.map((strip, reel) =>
      strip.map((_, stop) =>
        [0, 1, 2].map(
          (row) =>
            (index.get(strip[(stop + row) % strip.length] as SlotSymbol) as number) *
            (place[reel] as number),
        ),
      ),
    );
    const scatters = REEL_STRIPS.map((strip) =>
      strip.map(
        (_, stop) => [0, 1, 2].filter((row) => strip[(stop + row) % strip.length] === 'S').length,
      ),
    );
    const lines = PAYLINES.map((rows) => rows.slice());
    const [c0, c1, c2, c3, c4] = columns as [
      number[][],
      number[][],
      number[][],
      number[][],
      number[][],
    ];
    const [s0, s1, s2, s3, s4] = scatters as [number[], number[], number[], number[], number[]];
    let count = 0;
    let sum = 0;
    let sumSquares = 0;
    for (let a = 0; a < c0.length; a += 1)
      for (let b = 0; b < c1.length; b += 1)
        for (let c = 0; c < c2.length; c += 1)
          for (let d = 0; d < c3.length; d += 1)
            for (let e = 0; e < c4.length; e += 1) {
              const w0 = c0[a] as number[];
              const w1 = c1[b] as number[];
              const w2 = c2[c] as number[];
              const w3 = c3[d] as number[];
              const w4 = c4[e] as number[];
              let total = 0;
              for (const rows of lines) {
                total += payOf[
                  (w0[rows[0] as number] as number) +
                    (w1[rows[1] as number] as number) +
                    (w2[rows[2] as number] as number) +
                    (w3[rows[3] as number] as number) +
                    (w4[rows[4] as number] as number)
                ] as number;
              }
              total /= LINE_COUNT;
              const scatterCount =
                (s0[a] as number) +
                (s1[b] as number) +
                (s2[c] as number) +
                (s3[d] as number) +
                (s4[e] as number);
              total += SCATTER_PAYS[Math.min(scatterCount, 5)] ?? 0;
              count += 1;
              sum += total;
              sumSquares += total * total;
            }
    const mean = sum / count;
    const stddev = Math.sqrt(sumSquares / count - mean * mean);
    expect(count).toBe(30_505_984);
    expect(mean).toBeCloseTo(SLOT_RTP.theoretical, 5);
    expect(stddev).toBeCloseTo(SLOT_SPIN_STDDEV, 3);
  });

  it('lands within the stated tolerance over 1,000,000 spins of the engine', () => {
    const spins = 1_000_000;
    const bet = 1000n;
    const draw = simulationDraw('slot-rtp-simulation');
    let staked = 0n;
    let paid = 0n;
    let hits = 0;
    for (let i = 0; i < spins; i += 1) {
      const result = slotEngine.play({ betMinor: '1000' }, draw);
      staked += result.stakeMinor;
      paid += result.payoutMinor;
      if (result.payoutMinor > 0n) hits += 1;
    }
    expect(staked).toBe(bet * BigInt(spins));
    const simulated = Number(paid) / Number(staked);
    // 4 standard errors of the mean of 1M spins: 4 * 2.6173 / sqrt(1e6) = 1.05%.
    const tolerance = (4 * SLOT_SPIN_STDDEV) / Math.sqrt(spins);
    console.info(
      `slot: simulated RTP ${(simulated * 100).toFixed(3)}% over ${spins} spins, hit rate ${((hits / spins) * 100).toFixed(2)}%`,
    );
    expect(Math.abs(simulated - SLOT_RTP.theoretical)).toBeLessThan(tolerance);
    expect(hits / spins).toBeGreaterThan(0.38);
    expect(hits / spins).toBeLessThan(0.392);
  });
});
