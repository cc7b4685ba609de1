import { describe, expect, it } from 'vitest';
import { effectiveCompliance } from '@lobby/contracts';
import {
  askableFrom,
  endsAfterAsking,
  isLonger,
  isOffered,
  offeredPeriods,
  periodEnd,
} from './exclusion.rules.ts';

const standard = effectiveCompliance({ profile: 'standard', overrides: {} });
const strict = effectiveCompliance({
  profile: 'mga',
  overrides: { timeOutMinimumHours: 168, selfExclusionMinimumMonths: 12 },
});

describe('exclusion rules', () => {
  it('ends each period where it says, a month past its last day on the last day', () => {
    const start = new Date('2026-08-31T10:00:00Z');
    expect(periodEnd('24h', start)?.toISOString()).toBe('2026-09-01T10:00:00.000Z');
    expect(periodEnd('42d', start)?.toISOString()).toBe('2026-10-12T10:00:00.000Z');
    expect(periodEnd('6m', start)?.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(periodEnd('5y', start)?.toISOString()).toBe('2031-08-31T10:00:00.000Z');
    expect(periodEnd('permanent', start)).toBeNull();
  });

  it("offers no period shorter than the profile's minimums", () => {
    expect(offeredPeriods(standard)).toEqual({
      timeOutPeriods: ['24h', '7d', '30d', '42d'],
      selfExclusionPeriods: ['6m', '1y', '2y', '5y', 'permanent'],
    });
    expect(offeredPeriods(strict)).toEqual({
      timeOutPeriods: ['7d', '30d', '42d'],
      selfExclusionPeriods: ['1y', '2y', '5y', 'permanent'],
    });
    expect(isOffered(strict, 'time_out', '24h')).toBe(false);
    expect(isOffered(strict, 'self_exclusion', '6m')).toBe(false);
    expect(isOffered(standard, 'time_out', '6m')).toBe(false);
  });

  it('ends only after the period and a further 24 hours, 7 days for an indefinite one', () => {
    const start = new Date('2026-01-10T00:00:00Z');
    const fixed = { startsAt: start, endsAt: new Date('2026-07-10T00:00:00Z') };
    expect(askableFrom(fixed, standard).toISOString()).toBe('2026-07-10T00:00:00.000Z');
    const asked = new Date('2026-08-01T12:00:00Z');
    expect(endsAfterAsking(fixed, asked).toISOString()).toBe('2026-08-02T12:00:00.000Z');
    const indefinite = { startsAt: start, endsAt: null };
    expect(askableFrom(indefinite, standard).toISOString()).toBe('2026-07-10T00:00:00.000Z');
    expect(endsAfterAsking(indefinite, asked).toISOString()).toBe('2026-08-08T12:00:00.000Z');
  });

  it('lets only a longer exclusion replace the one in force', () => {
    const current = { endsAt: new Date('2026-07-10T00:00:00Z') };
    expect(isLonger(current, new Date('2026-07-09T00:00:00Z'))).toBe(false);
    expect(isLonger(current, new Date('2026-07-11T00:00:00Z'))).toBe(true);
    expect(isLonger(current, null)).toBe(true);
    expect(isLonger({ endsAt: null }, null)).toBe(false);
  });
});
