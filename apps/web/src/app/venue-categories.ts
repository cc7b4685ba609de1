import { GAME_CATEGORIES, type GameCategory, type GameCategoryCode } from '@lobby/contracts';
import type { IconName } from '../components/ui/icon.tsx';
import { GAME_CATEGORY_ROUTES } from '../lib/game-categories.ts';

/** The venue categories as the site shows them: code, screen, icon and illustration. */
export type VenueCategory = {
  category: GameCategory;
  code: GameCategoryCode;
  /** The screen of the category (SPEC.md section 2). */
  path: string;
  icon: IconName;
  /** Illustration under public/images/venues/. */
  image: string;
};

const venue = (category: GameCategory, icon: IconName): VenueCategory => ({
  category,
  code: GAME_CATEGORIES[category],
  path: GAME_CATEGORY_ROUTES[category],
  icon,
  image: `/images/venues/${category}.svg`,
});

/** In the order of the main navigation. */
export const VENUE_CATEGORIES: readonly VenueCategory[] = [
  venue('sports', 'sports'),
  venue('casino', 'casino'),
  venue('slot', 'slot'),
  venue('fish', 'fish'),
  venue('lottery', 'lottery'),
  venue('board', 'board'),
  venue('esports', 'esports'),
];

export function venueCategory(category: GameCategory): VenueCategory {
  const found = VENUE_CATEGORIES.find((item) => item.category === category);
  if (!found) throw new Error(`unknown venue category ${category}`);
  return found;
}
