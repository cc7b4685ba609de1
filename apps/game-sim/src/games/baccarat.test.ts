import { describe, expect, it } from 'vitest';
import { cardText, shoe, type Card } from './common.ts';
import {
  bankerDraws,
  baccaratEngine,
  dealCoup,
  settleBaccarat,
  type BaccaratOutcome,
} from './baccarat.ts';
import { fairDraw, simulationDraw } from './provably-fair.ts';

/** Cards by rank only (suits do not matter in baccarat): 1 ace ... 13 king. */
function cards(...ranks: number[]): () => Card {
  let i = 0;
  return () => {
    const rank = ranks[i++];
    if (rank === undefined) throw new Error('the rule drew one card too many');
    return { rank, suit: 'S' };
  };
}

describe('baccarat third-card rules', () => {
  it('matches the standard banker tableau', () => {
    // Rows: banker total 0 to 7; columns: player's third card 0 to 9 (D draws, S stands).
    const tableau = [
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDSD',
      'SSDDDDDDSS',
      'SSSSDDDDSS',
      'SSSSSSDDSS',
      'SSSSSSSSSS',
    ];
    tableau.forEach((row, total) => {
      for (let third = 0; third <= 9; third += 1) {
        expect(bankerDraws(total, third), `banker ${total}, player third ${third}`).toBe(
          row[third] === 'D',
        );
      }
    });
    // The player stood: the banker draws on 0-5 and stands on 6-7.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => bankerDraws(total, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('stops on a natural', () => {
    // Player 4 + 5 = 9 is a natural: the banker's 3 + 4 = 7 does not draw either.
    const coup = dealCoup(cards(4, 3, 5, 4));
    expect(coup).toMatchObject({ playerTotal: 9, bankerTotal: 7, winner: 'player', natural: true });
    expect(coup.player).toHaveLength(2);
    // Banker natural 8 against the player's 2: the player does not draw.
    expect(dealCoup(cards(1, 13, 1, 8))).toMatchObject({
      playerTotal: 2,
      bankerTotal: 8,
      winner: 'banker',
      natural: true,
    });
  });

  it('draws for the player on 0-5 and the banker by the tableau', () => {
    // Player A + 4 = 5 draws a 6 (total 1); banker 10 + 6 = 6 draws on a 6; gets 3: 9.
    const a = dealCoup(cards(1, 10, 4, 6, 6, 3));
    expect(a.player.map(cardText)).toEqual(['AS', '4S', '6S']);
    expect(a).toMatchObject({ playerTotal: 1, bankerTotal: 9, winner: 'banker', natural: false });
    // Player K + 6 = 6 stands; banker 2 + 3 = 5 draws (player stood) a 2: 7.
    const b = dealCoup(cards(13, 2, 6, 3, 2));
    expect(b).toMatchObject({ playerTotal: 6, bankerTotal: 7, winner: 'banker' });
    expect(b.player).toHaveLength(2);
    expect(b.banker).toHaveLength(3);
    // Player A + A = 2 draws an 8 (0); banker J + 3 = 3 stands on a third card 8.
    const c = dealCoup(cards(1, 11, 1, 3, 8));
    expect(c).toMatchObject({ playerTotal: 0, bankerTotal: 3, winner: 'banker' });
    expect(c.banker).toHaveLength(2);
    // Player 2 + 2 = 4 draws a Q (third card 0); banker 4 stands on 0.
    const d = dealCoup(cards(2, 2, 2, 2, 12));
    expect(d).toMatchObject({ playerTotal: 4, bankerTotal: 4, winner: 'tie' });
    // Banker 6 stands when the player stood on 7.
    const e = dealCoup(cards(3, 10, 4, 6));
    expect(e).toMatchObject({ playerTotal: 7, bankerTotal: 6, winner: 'player' });
  });
});

describe('baccarat settlement', () => {
  it('pays player 1:1, banker 0.95:1 rounded down and tie 8:1 with pushes', () => {
    expect(settleBaccarat({ player: '1000', banker: '0', tie: '0' }, 'player')).toMatchObject({
      payoutMinor: 2000n,
      validBetMinor: 1000n,
    });
    expect(settleBaccarat({ player: '0', banker: '1000', tie: '0' }, 'banker').payoutMinor).toBe(
      1950n,
    );
    // 15 x 0.95 = 14.25: 14 of commission-paid winnings plus the 15 stake.
    expect(settleBaccarat({ player: '0', banker: '15', tie: '0' }, 'banker').payoutMinor).toBe(29n);
    expect(settleBaccarat({ player: '1000', banker: '500', tie: '100' }, 'tie')).toMatchObject({
      payoutMinor: 2400n,
      validBetMinor: 100n,
    });
    // A pushed stake counts nothing.
    expect(settleBaccarat({ player: '1000', banker: '0', tie: '0' }, 'tie')).toMatchObject({
      payoutMinor: 1000n,
      validBetMinor: 0n,
    });
    // Hedged player and banker count for the difference.
    expect(settleBaccarat({ player: '1000', banker: '400', tie: '0' }, 'player')).toMatchObject({
      payoutMinor: 2000n,
      validBetMinor: 600n,
    });
    expect(settleBaccarat({ player: '1000', banker: '400', tie: '0' }, 'banker')).toMatchObject({
      payoutMinor: 780n,
      validBetMinor: 600n,
    });
  });

  it('validates the bets', () => {
    const parse = (value: unknown) => baccaratEngine.params.parse(value);
    expect(baccaratEngine.validate(parse({ banker: '1000' }))).toBeNull();
    expect(baccaratEngine.validate(parse({}))).toBe('no_bet');
    expect(baccaratEngine.validate(parse({ player: '50' }))).toBe('stake_below_min');
    expect(baccaratEngine.validate(parse({ tie: '50001' }))).toBe('stake_above_max');
    expect(baccaratEngine.stakeOf(parse({ player: '100', banker: '200', tie: '300' }))).toBe(600n);
  });
});

describe('baccarat shoe', () => {
  it('deals eight decks without replacement', () => {
    const next = shoe(8, simulationDraw('shoe'));
    const counts = new Map<string, number>();
    for (let i = 0; i < 416; i += 1) {
      const text = cardText(next());
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((count) => count === 8)).toBe(true);
    expect(() => next()).toThrow(RangeError);
  });

  it('plays a round from the fair draw, the same every time', () => {
    const fairness = { serverSeed: 'b'.repeat(64), clientSeed: 'c', nonce: 1 };
    const params = baccaratEngine.params.parse({ player: '1000', tie: '100' });
    const a = baccaratEngine.play(params, fairDraw(fairness));
    expect(baccaratEngine.play(params, fairDraw(fairness))).toEqual(a);
    const outcome = a.outcome as BaccaratOutcome;
    expect(a.stakeMinor).toBe(1100n);
    expect(outcome.payoutMinor).toBe(a.payoutMinor.toString());
    expect(a.payoutMinor).toBe(settleBaccarat(params, outcome.winner).payoutMinor);
  });

  it('wins and returns as often as 8-deck baccarat does', () => {
    const rounds = 300_000;
    const draw = simulationDraw('baccarat-frequencies');
    const params = baccaratEngine.params.parse({ banker: '10000' });
    const wins = { player: 0, banker: 0, tie: 0 };
    let bankerPaid = 0n;
    let playerPaid = 0n;
    for (let i = 0; i < rounds; i += 1) {
      const result = baccaratEngine.play(params, draw);
      const winner = (result.outcome as BaccaratOutcome).winner;
      wins[winner] += 1;
      bankerPaid += result.payoutMinor;
      playerPaid += settleBaccarat({ player: '10000', banker: '0', tie: '0' }, winner).payoutMinor;
    }
    // Standard errors about 0.09% (probabilities) and 0.18% (returns).
    expect(wins.banker / rounds).toBeCloseTo(0.4586, 2);
    expect(wins.player / rounds).toBeCloseTo(0.4462, 2);
    expect(wins.tie / rounds).toBeCloseTo(0.0952, 2);
    const stake = 10_000 * rounds;
    expect(Math.abs(Number(bankerPaid) / stake - 0.9894)).toBeLessThan(0.008);
    expect(Math.abs(Number(playerPaid) / stake - 0.9876)).toBeLessThan(0.008);
  });
});
