import { describe, expect, it } from 'vitest';
import { moved, toggled } from './platform-order.ts';

describe('platform order', () => {
  it('moves a platform one place up or down, never past either end', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 9, 1)).toEqual([1, 2, 3]);
  });

  it('enables a platform at the end and disables it out of the list, once', () => {
    expect(toggled([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggled([1, 2, 3], 2, true)).toEqual([1, 3, 2]);
    expect(toggled([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(toggled([1, 3], 2, false)).toEqual([1, 3]);
  });
});
