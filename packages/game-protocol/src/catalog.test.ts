import { describe, expect, it } from 'vitest';
import { catalogGame, catalogPlatform, PLATFORM_CATALOG } from './catalog.ts';
import { playerName } from './provider-api.ts';

describe('platform catalog', () => {
  it('has 42 platforms with unique ids and codes, each with games of unique codes', () => {
    expect(PLATFORM_CATALOG).toHaveLength(42);
    expect(new Set(PLATFORM_CATALOG.map((platform) => platform.id)).size).toBe(42);
    expect(new Set(PLATFORM_CATALOG.map((platform) => platform.code)).size).toBe(42);
    for (const platform of PLATFORM_CATALOG) {
      expect(platform.games.length).toBeGreaterThan(0);
      expect(new Set(platform.games.map((game) => game.code)).size).toBe(platform.games.length);
      for (const game of platform.games) {
        expect(game.name['zh-CN'] && game.name['zh-TW'] && game.name.en).toBeTruthy();
      }
    }
  });

  it('covers every venue category, with seamless platforms among them', () => {
    const categories = new Set(PLATFORM_CATALOG.map((platform) => platform.category));
    expect([...categories].sort()).toEqual([2, 3, 4, 5, 6, 7, 8]);
    const seamless = PLATFORM_CATALOG.filter((platform) => platform.walletType === 2);
    expect(seamless.map((platform) => platform.id)).toEqual([40, 41, 42]);
  });

  it('finds platforms and games by id and code', () => {
    expect(catalogPlatform(17)?.category).toBe(4);
    expect(catalogPlatform(99)).toBeUndefined();
    expect(catalogGame(9, 'baccarat')?.kind).toBe('baccarat');
    expect(catalogGame(9, 'fortune-dragon')).toBeUndefined();
  });

  it('accepts player names made of a brand code and a member id only', () => {
    expect(playerName.safeParse('jinsheng_42').success).toBe(true);
    expect(playerName.safeParse('jinsheng_').success).toBe(false);
    expect(playerName.safeParse('Jinsheng_42').success).toBe(false);
    expect(playerName.safeParse('jin_sheng_42').success).toBe(false);
  });
});
