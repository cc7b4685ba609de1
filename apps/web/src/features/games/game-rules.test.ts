import { describe, expect, it } from 'vitest';
import {
  filterGames,
  flattenGames,
  gameScreenPath,
  hotGames,
  parsePlatformId,
  readGameParams,
  sortPlatforms,
  TRANSIT_POLL_MS,
  transitPollInterval,
  withoutGame,
} from './game-rules.ts';
import { gameItem, gamePlatform, transferOrder, walletPlatform } from './test-fixtures.ts';

const pgs = gamePlatform({ id: 17, name: '鹏购电子', sort: 2 });
const jds = gamePlatform({
  id: 18,
  name: '极点电子',
  sort: 1,
  games: [
    gameItem({ platformId: 18, code: 'jade-temple', name: '翡翠神殿', hot: true }),
    gameItem({ platformId: 18, code: 'panda-feast', name: 'Panda Feast', hot: true }),
    gameItem({ platformId: 18, code: 'star-fruit', name: '星星水果', hot: false }),
  ],
});
const closed = gamePlatform({ id: 19, name: '超群电子', sort: 3, maintenance: true });

describe('sortPlatforms', () => {
  it('orders ascending by sort and keeps the order of equal sorts', () => {
    const a = { id: 1, sort: 2 };
    const b = { id: 2, sort: 1 };
    const c = { id: 3, sort: 2 };
    expect(sortPlatforms([a, b, c]).map((item) => item.id)).toEqual([2, 1, 3]);
  });
});

describe('game lists of the venue screens', () => {
  const entries = flattenGames([pgs, jds, closed]);

  it('lists every game with its platform, platform by platform in sort order', () => {
    expect(entries.map((entry) => `${entry.platform.id}:${entry.game.code}`)).toEqual([
      '18:jade-temple',
      '18:panda-feast',
      '18:star-fruit',
      '17:fortune-dragon',
      '17:golden-koi',
      '19:fortune-dragon',
      '19:golden-koi',
    ]);
    expect(entries[5]?.platform.maintenance).toBe(true);
  });

  it('searches game and platform names, ignoring case and spaces', () => {
    const names = (query: string) =>
      filterGames(entries, { query }).map((entry) => entry.game.name);
    expect(names('panda')).toEqual(['Panda Feast']);
    expect(names(' PANDA  feast ')).toEqual(['Panda Feast']);
    expect(names('翡翠')).toEqual(['翡翠神殿']);
    expect(names('鹏购')).toEqual(['财神龙', '金锦鲤']);
    expect(names('')).toHaveLength(7);
    expect(names('没有')).toEqual([]);
  });

  it('filters by platform and by hot, together with the search', () => {
    expect(filterGames(entries, { platformId: 17 })).toHaveLength(2);
    expect(filterGames(entries, { hotOnly: true }).map((entry) => entry.game.code)).toEqual([
      'jade-temple',
      'panda-feast',
      'fortune-dragon',
      'fortune-dragon',
    ]);
    expect(filterGames(entries, { platformId: 18, hotOnly: true, query: 'jade' })).toHaveLength(1);
    expect(filterGames(entries, { platformId: null })).toHaveLength(7);
  });
});

describe('hotGames', () => {
  const casino = (id: number, sort: number) =>
    gamePlatform({
      id,
      sort,
      category: 2,
      games: [
        gameItem({ platformId: id, category: 2, code: 'baccarat', name: '百家乐', hot: true }),
        gameItem({ platformId: id, category: 2, code: 'roulette', name: '轮盘', hot: false }),
      ],
    });
  const sports = gamePlatform({
    id: 1,
    sort: 0,
    category: 6,
    games: [gameItem({ platformId: 1, category: 6, code: 'sportsbook', hot: true })],
  });
  const key = (entry: { platform: { id: number }; game: { code: string } }) =>
    `${entry.platform.id}:${entry.game.code}`;

  it('takes categories in turn, each game once first, skipping platforms in maintenance', () => {
    const picked = hotGames([sports, casino(9, 1), casino(10, 2), pgs, jds, closed], 10);
    expect(picked.map(key)).toEqual([
      // Slots, casino, sports; then the slots' other distinct hot games.
      '18:jade-temple',
      '9:baccarat',
      '1:sportsbook',
      '18:panda-feast',
      '17:fortune-dragon',
      // Then the same games again on other platforms.
      '10:baccarat',
    ]);
  });

  it('stops at the limit', () => {
    expect(hotGames([pgs, jds], 2).map(key)).toEqual(['18:jade-temple', '18:panda-feast']);
    expect(hotGames([], 5)).toEqual([]);
  });
});

describe('game screen addresses', () => {
  it('opens a game over its venue screen', () => {
    expect(gameScreenPath({ platformId: 9, gameCode: 'baccarat', category: 2 })).toBe(
      '/venue/realbet?platform=9&game=baccarat',
    );
    expect(gameScreenPath({ platformId: 17, gameCode: 'fortune-dragon', category: 4 })).toBe(
      '/game/egame?platform=17&game=fortune-dragon',
    );
    expect(gameScreenPath({ platformId: 31, gameCode: 'ocean-hunter', category: 3 })).toBe(
      '/venue/fishGame?platform=31&game=ocean-hunter',
    );
    expect(gameScreenPath({ platformId: 5, gameCode: 'x', category: 99 })).toBe(
      '/venues?platform=5&game=x',
    );
  });

  it('opens sports on the sports screen', () => {
    expect(gameScreenPath({ platformId: 1, gameCode: 'sportsbook', category: 6 })).toBe(
      '/sports?platform=1',
    );
  });

  it('reads the game of an address and refuses what is not one', () => {
    expect(readGameParams('?platform=9&game=baccarat')).toEqual({
      platformId: 9,
      gameCode: 'baccarat',
    });
    expect(readGameParams('?platform=9')).toBeNull();
    expect(readGameParams('?game=baccarat')).toBeNull();
    expect(readGameParams('?platform=0&game=baccarat')).toBeNull();
    expect(readGameParams('?platform=abc&game=baccarat')).toBeNull();
    expect(readGameParams(`?platform=9&game=${'x'.repeat(65)}`)).toBeNull();
    expect(readGameParams('')).toBeNull();
  });

  it('leaves the game for the venue, keeping its platform filter', () => {
    expect(withoutGame('/game/egame', '?platform=17&game=fortune-dragon')).toBe(
      '/game/egame?platform=17',
    );
    expect(withoutGame('/venue/realbet', '?game=baccarat')).toBe('/venue/realbet');
  });

  it('reads platform ids', () => {
    expect(parsePlatformId('17')).toBe(17);
    expect(parsePlatformId(' 17 ')).toBe(17);
    expect(parsePlatformId('017')).toBeNull();
    expect(parsePlatformId('-1')).toBeNull();
    expect(parsePlatformId(null)).toBeNull();
    expect(parsePlatformId('1234567')).toBeNull();
  });
});

describe('transitPollInterval', () => {
  it('asks again while a transfer or a wallet is in transit, and stops once all are final', () => {
    const inTransit = transferOrder({ status: 'in_transit', finishedAt: null });
    expect(transitPollInterval([transferOrder(), inTransit])).toBe(TRANSIT_POLL_MS);
    expect(transitPollInterval([transferOrder(), transferOrder({ status: 'failed' })])).toBe(false);
    expect(transitPollInterval([walletPlatform({ inTransit: true })])).toBe(TRANSIT_POLL_MS);
    expect(transitPollInterval([walletPlatform()])).toBe(false);
    expect(transitPollInterval(undefined)).toBe(false);
    expect(transitPollInterval([])).toBe(false);
  });
});
