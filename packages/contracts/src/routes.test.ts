import { describe, expect, it } from 'vitest';
import { ALL_PAGE_ROUTES, matchesPageRoute } from './routes.ts';

describe('page routes', () => {
  it('match exactly', () => {
    expect(matchesPageRoute('/home')).toBe(true);
    expect(matchesPageRoute('/home/')).toBe(false);
    expect(matchesPageRoute('/Home')).toBe(false);
    expect(matchesPageRoute('/homes')).toBe(false);
    expect(matchesPageRoute('/finance/deposit/cardinfo')).toBe(true);
    expect(matchesPageRoute('/user/vip/detail')).toBe(true);
    expect(matchesPageRoute('/user/vip/detail/x')).toBe(false);
  });

  it('match parameters as one non-empty segment', () => {
    expect(matchesPageRoute('/activity/list/12')).toBe(true);
    expect(matchesPageRoute('/activity/list/')).toBe(false);
    expect(matchesPageRoute('/help/3')).toBe(true);
    expect(matchesPageRoute('/help/3/4')).toBe(false);
  });

  it('list every route of the spec once', () => {
    expect(new Set(ALL_PAGE_ROUTES).size).toBe(ALL_PAGE_ROUTES.length);
    // The spec's routes, and those added since (issue 15): /user/identity (KYC),
    // /user/responsibleGaming (limits, reality checks, exclusion) and /user/gameRecall.
    expect(ALL_PAGE_ROUTES).toHaveLength(20 + 19 + 3 + 1 + 3);
  });
});
