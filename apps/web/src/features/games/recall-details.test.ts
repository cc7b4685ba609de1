import { describe, expect, it } from 'vitest';
import { detailLines } from './recall-details.ts';

describe('detailLines', () => {
  it('reads cards, totals, flags and minor amounts of a baccarat coup', () => {
    const lines = detailLines(
      {
        player: ['AS', '10H'],
        banker: ['KD', '9C'],
        playerTotal: 1,
        winner: 'banker',
        natural: true,
        payouts: { banker: '1950', tie: '0' },
        payoutMinor: '1950',
      },
      'CNY',
    );
    expect(lines).toEqual([
      { path: ['player'], value: 'AS 10H' },
      { path: ['banker'], value: 'KD 9C' },
      { path: ['playerTotal'], value: '1' },
      { path: ['winner'], value: 'banker' },
      { path: ['natural'], value: '✓' },
      { path: ['payouts', 'banker'], value: '1950' },
      { path: ['payouts', 'tie'], value: '0' },
      { path: ['payout'], value: '19.50' },
    ]);
  });

  it('reads a slot window row by row and a list of bets one line each', () => {
    expect(
      detailLines(
        {
          window: [
            ['7', 'BAR'],
            ['A', 'K'],
          ],
        },
        'CNY',
      ),
    ).toEqual([{ path: ['window'], value: '7 BAR | A K' }]);
    expect(
      detailLines({ bets: [{ type: 'red', amountMinor: '500', wins: false }] }, 'USDT'),
    ).toEqual([{ path: ['bets', '1'], value: 'type: red, amount: 0.000500, wins: ✗' }]);
  });

  it('names inline fields with the labels given, and an empty list as a dash', () => {
    const labels: Record<string, string> = { pay: '赔付', line: '线' };
    expect(
      detailLines(
        { lines: [{ pay: 15, line: 3 }], scatter: [] },
        'CNY',
        (key) => labels[key] ?? key,
      ),
    ).toEqual([
      { path: ['lines', '1'], value: '赔付: 15, 线: 3' },
      { path: ['scatter'], value: '-' },
    ]);
  });

  it('keeps a plain value, null and an unknown currency as they are', () => {
    expect(detailLines(null, 'CNY')).toEqual([{ path: [], value: '-' }]);
    expect(detailLines({ betMinor: '100' }, 'XYZ')).toEqual([{ path: ['betMinor'], value: '100' }]);
  });
});
