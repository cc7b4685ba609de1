import { describe, expect, it } from 'vitest';
import { isAllFilled, isFilled } from './all-filled.ts';

describe('isFilled', () => {
  it.each([
    ['text', true],
    [' a ', true],
    [0, true],
    [-1, true],
    [0n, true],
    [false, true],
    [true, true],
    [Number.POSITIVE_INFINITY, true],
    [[0], true],
    [{}, true],
    [new Date(0), true],
    ['', false],
    ['   ', false],
    ['\n\t', false],
    [null, false],
    [undefined, false],
    [Number.NaN, false],
    [[], false],
  ])('%o -> %s', (value, filled) => {
    expect(isFilled(value)).toBe(filled);
  });
});

describe('isAllFilled', () => {
  it('is true when every value is filled, zero included', () => {
    expect(isAllFilled({ username: 'li', password: 'x', amount: 0 })).toBe(true);
  });

  it('is false when any value is empty', () => {
    expect(isAllFilled({ username: 'li', password: '' })).toBe(false);
    expect(isAllFilled({ username: 'li', code: undefined })).toBe(false);
    expect(isAllFilled({ username: 'li', code: null })).toBe(false);
    expect(isAllFilled({ username: ' ', code: '1' })).toBe(false);
    expect(isAllFilled({ amount: Number.NaN })).toBe(false);
  });

  it('is true for an object without values', () => {
    expect(isAllFilled({})).toBe(true);
  });
});
