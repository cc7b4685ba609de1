import {
  GAME_CATEGORIES,
  SPECIAL_FLAG_PLATFORM_IDS,
  type GameCategory,
  type GameCategoryCode,
} from '@lobby/contracts';

/** The screen of each game category (SPEC.md section 2). */
export const GAME_CATEGORY_ROUTES: Readonly<Record<GameCategory, string>> = {
  casino: '/venue/realbet',
  fish: '/venue/fishGame',
  slot: '/game/egame',
  lottery: '/venue/lottery',
  sports: '/venue/sports',
  board: '/venue/chess',
  esports: '/venue/gaming',
};

export const GAME_CATEGORY_KEYS = Object.keys(GAME_CATEGORIES) as GameCategory[];

export function isGameCategory(key: string): key is GameCategory {
  return Object.hasOwn(GAME_CATEGORIES, key);
}

export function gameCategoryCode(key: GameCategory): GameCategoryCode {
  return GAME_CATEGORIES[key];
}

/** The category of a code from the API (number or numeric string); undefined when unknown. */
export function gameCategoryOfCode(code: number | string): GameCategory | undefined {
  const value = typeof code === 'string' ? Number(code.trim() || Number.NaN) : code;
  return GAME_CATEGORY_KEYS.find((key) => GAME_CATEGORIES[key] === value);
}

/** The venue route of a category, by key or code; undefined for an unknown code. */
export function venueRouteFor(category: GameCategory | number): string | undefined {
  const key = typeof category === 'number' ? gameCategoryOfCode(category) : category;
  return key && isGameCategory(key) ? GAME_CATEGORY_ROUTES[key] : undefined;
}

/** Whether a game platform shows the special flag (SPEC.md section 9). */
export function hasSpecialFlag(platformId: number | string): boolean {
  const id = typeof platformId === 'string' ? Number(platformId.trim() || Number.NaN) : platformId;
  return SPECIAL_FLAG_PLATFORM_IDS.has(id);
}
