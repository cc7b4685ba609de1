import { describe, expect, it } from 'vitest';
import { cohortShade } from './cohorts.ts';

describe('the cohort heat-table', () => {
  it('shades a cell by the share of its cohort, darker for more', () => {
    expect(cohortShade(10, 10)).toBe('rgba(22, 119, 255, 0.7)');
    expect(cohortShade(5, 10)).toBe('rgba(22, 119, 255, 0.39)');
    expect(cohortShade(1, 1000)).toBe('rgba(22, 119, 255, 0.08)');
  });

  it('leaves empty, not yet begun and impossible cells plain', () => {
    expect(cohortShade(0, 10)).toBeUndefined();
    expect(cohortShade(null, 10)).toBeUndefined();
    expect(cohortShade(3, 0)).toBeUndefined();
    expect(cohortShade(20, 10)).toBe('rgba(22, 119, 255, 0.7)');
  });
});
