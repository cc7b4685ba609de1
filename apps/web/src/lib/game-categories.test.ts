import { GAME_CATEGORIES, type GameCategory } from '@lobby/contracts';
import { describe, expect, it } from 'vitest';
import {
  GAME_CATEGORY_KEYS,
  GAME_CATEGORY_ROUTES,
  gameCategoryCode,
  gameCategoryOfCode,
  hasSpecialFlag,
  isGameCategory,
  venueRouteFor,
} from './game-categories.ts';

describe('game categories', () => {
  it.each([
    ['casino', 2, '/venue/realbet'],
    ['fish', 3, '/venue/fishGame'],
    ['slot', 4, '/game/egame'],
    ['lottery', 5, '/venue/lottery'],
    ['sports', 6, '/venue/sports'],
    ['board', 7, '/venue/chess'],
    ['esports', 8, '/venue/gaming'],
  ] as const)('%s is code %i at %s', (key, code, route) => {
    expect(gameCategoryCode(key)).toBe(code);
    expect(gameCategoryOfCode(code)).toBe(key);
    expect(gameCategoryOfCode(String(code))).toBe(key);
    expect(venueRouteFor(key)).toBe(route);
    expect(venueRouteFor(code)).toBe(route);
  });

  it('has a route for every category of the contract', () => {
    expect(Object.keys(GAME_CATEGORY_ROUTES).sort()).toEqual(Object.keys(GAME_CATEGORIES).sort());
    expect(GAME_CATEGORY_KEYS).toHaveLength(7);
  });

  it.each([0, 1, 9, -2, 2.5, Number.NaN, '', 'casino', '2x'])('%j is no category', (code) => {
    expect(gameCategoryOfCode(code)).toBeUndefined();
  });

  it('has no route for an unknown category', () => {
    expect(venueRouteFor(1)).toBeUndefined();
    expect(venueRouteFor('toString' as GameCategory)).toBeUndefined();
  });

  it('knows its keys', () => {
    expect(isGameCategory('slot')).toBe(true);
    expect(isGameCategory('toString')).toBe(false);
    expect(isGameCategory('SLOT')).toBe(false);
  });
});

describe('hasSpecialFlag', () => {
  const flagged = [2, 4, 5, 6, 7, 8, 9, ...Array.from({ length: 15 }, (_, index) => 11 + index)];

  it('is true for 2, 4 to 9 and 11 to 25', () => {
    for (const id of flagged) expect(hasSpecialFlag(id), String(id)).toBe(true);
  });

  it('is false for every other id from 0 to 40', () => {
    for (let id = 0; id <= 40; id += 1) {
      if (!flagged.includes(id)) expect(hasSpecialFlag(id), String(id)).toBe(false);
    }
  });

  it('reads numeric strings and refuses garbage', () => {
    expect(hasSpecialFlag('11')).toBe(true);
    expect(hasSpecialFlag('10')).toBe(false);
    expect(hasSpecialFlag('')).toBe(false);
    expect(hasSpecialFlag('x')).toBe(false);
    expect(hasSpecialFlag(Number.NaN)).toBe(false);
  });
});
