import { describe, expect, it } from 'vitest';
import { bankGroupIndex } from './banks.ts';

describe('bankGroupIndex', () => {
  it.each([
    ...['ccb', 'cib', 'spdb', 'bcm', 'cmbc'].map((code) => [code, 0] as const),
    ...['icbc', 'boc', 'cgb', 'cncb', 'hb', 'cmb', 'pab'].map((code) => [code, 1] as const),
    ...['psbc', 'abc'].map((code) => [code, 2] as const),
    ['ceb', 3] as const,
  ])('%s is in group %i', (code, group) => {
    expect(bankGroupIndex(code)).toBe(group);
  });

  it('ignores case and surrounding spaces', () => {
    expect(bankGroupIndex('ICBC')).toBe(1);
    expect(bankGroupIndex(' Ceb ')).toBe(3);
  });

  it.each(['', 'hsbc', 'cm', 'icbcx', 'c c b'])('%j is in no group', (code) => {
    expect(bankGroupIndex(code)).toBe(-1);
  });

  it('reads null and undefined as no group', () => {
    expect(bankGroupIndex(null)).toBe(-1);
    expect(bankGroupIndex(undefined)).toBe(-1);
  });
});
