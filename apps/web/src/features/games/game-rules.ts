import { GAME_CATEGORIES, type GameItem, type GamePlatform } from '@lobby/contracts';
import { venueRouteFor } from '../../lib/game-categories.ts';

/**
 * Rules of the game screens as pure functions: the order of platforms, the game lists the
 * venue screens show (search, platform and hot filters), and the addresses of the game screen.
 */

/** How often a list with a transfer in transit is asked again until it is final. */
export const TRANSIT_POLL_MS = 3_000;

/**
 * The refetch interval of a list of transfers or wallets: every few seconds while one of them
 * is in transit (its platform's answer is not known yet), none once every one is final.
 */
export function transitPollInterval(
  items: readonly ({ status: string } | { inTransit: boolean })[] | undefined,
): number | false {
  const pending = (items ?? []).some((item) =>
    'inTransit' in item ? item.inTransit : item.status === 'in_transit',
  );
  return pending ? TRANSIT_POLL_MS : false;
}

/** Platforms ascending by sort (SPEC.md section 3); equal sorts keep their order. */
export function sortPlatforms<T extends { sort: number }>(platforms: readonly T[]): T[] {
  return platforms.toSorted((a, b) => a.sort - b.sort);
}

/** The platform fields a game tile shows beside the game. */
export type PlatformSummary = Pick<
  GamePlatform,
  'id' | 'name' | 'code' | 'category' | 'wallet' | 'maintenance' | 'sort'
>;

/** A game with the platform it is played on. */
export type GameEntry = { game: GameItem; platform: PlatformSummary };

/** The fields of a platform a game entry carries. */
export function platformSummary(platform: GamePlatform): PlatformSummary {
  const { id, name, code, category, wallet, maintenance, sort } = platform;
  return { id, name, code, category, wallet, maintenance, sort };
}

/** Every game of the platforms, platform by platform in their order. */
export function flattenGames(platforms: readonly GamePlatform[]): GameEntry[] {
  return sortPlatforms(platforms).flatMap((platform) =>
    platform.games.map((game) => ({ game, platform: platformSummary(platform) })),
  );
}

export type GameFilter = {
  /** Matched, ignoring case and spaces, against the game's and the platform's names. */
  query?: string;
  /** A platform id; undefined or null for all. */
  platformId?: number | null;
  hotOnly?: boolean;
};

const normalize = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, '');

/** The games a venue screen shows for its search box, platform tabs and hot filter. */
export function filterGames(entries: readonly GameEntry[], filter: GameFilter): GameEntry[] {
  const query = normalize(filter.query ?? '');
  return entries.filter(({ game, platform }) => {
    const platformId = filter.platformId ?? null;
    if (platformId !== null && platform.id !== platformId) return false;
    if (filter.hotOnly && !game.hot) return false;
    if (query === '') return true;
    return (
      normalize(game.name).includes(query) ||
      normalize(platform.name).includes(query) ||
      normalize(game.code).includes(query)
    );
  });
}

/** The order in which the home screens take hot games from the categories. */
export const HOT_CATEGORY_ORDER: readonly number[] = [
  GAME_CATEGORIES.slot,
  GAME_CATEGORIES.casino,
  GAME_CATEGORIES.fish,
  GAME_CATEGORIES.lottery,
  GAME_CATEGORIES.board,
  GAME_CATEGORIES.sports,
  GAME_CATEGORIES.esports,
];

/**
 * The hot games of the home screens, at most `limit`: hot games of platforms not in
 * maintenance, one category after another in turn (so one kind does not fill the row), each
 * game once before the same game of another platform comes again; platforms in their order.
 */
export function hotGames(platforms: readonly GamePlatform[], limit: number): GameEntry[] {
  const rank = (category: number) => {
    const index = HOT_CATEGORY_ORDER.indexOf(category);
    return index < 0 ? HOT_CATEGORY_ORDER.length : index;
  };
  const byCategory = new Map<number, GameEntry[]>();
  for (const platform of sortPlatforms(platforms)) {
    if (platform.maintenance) continue;
    for (const game of platform.games) {
      if (!game.hot) continue;
      const queue = byCategory.get(platform.category) ?? [];
      queue.push({ game, platform: platformSummary(platform) });
      byCategory.set(platform.category, queue);
    }
  }
  const queues = [...byCategory.entries()]
    .toSorted(([a], [b]) => rank(a) - rank(b))
    .map(([, queue]) => queue);
  const picked: GameEntry[] = [];
  const taken = new Set<GameEntry>();
  // First every distinct game, then the same games on other platforms.
  for (const distinct of [true, false]) {
    const seen = new Set(picked.map((entry) => entry.game.code));
    let added = true;
    while (added && picked.length < limit) {
      added = false;
      for (const queue of queues) {
        if (picked.length >= limit) break;
        const next = queue.find(
          (entry) => !taken.has(entry) && (!distinct || !seen.has(entry.game.code)),
        );
        if (!next) continue;
        picked.push(next);
        taken.add(next);
        seen.add(next.game.code);
        added = true;
      }
    }
  }
  return picked;
}

/** Query parameters of the game screen on a venue route. */
export const GAME_PARAMS = { platform: 'platform', game: 'game' } as const;

/** The sports screen, where a sports platform opens inside the site (SPEC.md section 2). */
export const SPORTS_SCREEN_PATH = '/sports';

export type GameRef = { platformId: number; gameCode: string; category: number };

/**
 * Where a game opens inside the site: sports on the sports screen (`/sports?platform=`), any
 * other game over its venue screen (`/venue/realbet?platform=9&game=baccarat`), so leaving the
 * game returns to the venue. A category the site does not know opens over /venues.
 */
export function gameScreenPath(ref: GameRef): string {
  if (ref.category === GAME_CATEGORIES.sports) {
    return `${SPORTS_SCREEN_PATH}?${new URLSearchParams({ [GAME_PARAMS.platform]: String(ref.platformId) })}`;
  }
  const venue = venueRouteFor(ref.category) ?? '/venues';
  const query = new URLSearchParams({
    [GAME_PARAMS.platform]: String(ref.platformId),
    [GAME_PARAMS.game]: ref.gameCode,
  });
  return `${venue}?${query}`;
}

/** A positive platform id from text, or null. */
export function parsePlatformId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9]\d{0,5}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** The game a location's query opens over its screen, or null when it opens none. */
export function readGameParams(search: string): { platformId: number; gameCode: string } | null {
  const params = new URLSearchParams(search);
  const platformId = parsePlatformId(params.get(GAME_PARAMS.platform));
  const gameCode = params.get(GAME_PARAMS.game)?.trim() ?? '';
  if (platformId === null || gameCode === '' || gameCode.length > 64) return null;
  return { platformId, gameCode };
}

/** The same screen without the game: what leaving the game shows (the venue, its filter kept). */
export function withoutGame(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(GAME_PARAMS.game);
  const query = params.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}
