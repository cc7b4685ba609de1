import { describe, expect, it } from 'vitest';
import { virtualCoinName } from './virtual-coin.ts';

describe('virtualCoinName', () => {
  it.each([
    [1, 'USDT'],
    [2, 'USDT'],
    [3, 'USDT'],
    [4, 'HHB'],
    [9, 'BOB'],
    [17, 'JPB'],
  ])('protocol %i is %s', (id, name) => {
    expect(virtualCoinName(id)).toBe(name);
  });

  it('reads numeric strings', () => {
    expect(virtualCoinName('4')).toBe('HHB');
    expect(virtualCoinName(' 17 ')).toBe('JPB');
  });

  it.each([0, 5, 10, 16, 18, -4, 4.5, Number.NaN, '', ' ', 'HHB', '4x', null, undefined])(
    '%j is USDT',
    (id) => {
      expect(virtualCoinName(id)).toBe('USDT');
    },
  );
});
