import type { CatalogGame, CatalogPlatform, CategoryCode } from '@lobby/game-protocol';

/**
 * Generated tiles for platforms and games: an SVG drawn from the catalog alone (colours by
 * category, the platform code or the game's initials), so they are the same for every brand
 * and member and can be cached for a year. The version in the URL changes when the drawing
 * does, which is what lets browsers keep them that long.
 */
export const ICON_VERSION = '1';

export const ICON_PATHS = {
  platform: '/api/game/icons/platform/:file',
  game: '/api/game/icons/game/:platformId/:file',
} as const;

/** Two colours of a diagonal gradient per venue category. */
const CATEGORY_COLOURS: Record<CategoryCode, readonly [string, string]> = {
  2: ['#9f1239', '#f59e0b'], // casino: red to gold
  3: ['#075985', '#22d3ee'], // fish: deep sea to cyan
  4: ['#6d28d9', '#ec4899'], // slot: violet to pink
  5: ['#b45309', '#facc15'], // lottery: amber to yellow
  6: ['#166534', '#84cc16'], // sports: pitch green to lime
  7: ['#1e3a8a', '#6366f1'], // board: navy to indigo
  8: ['#111827', '#a855f7'], // esports: night to purple
};

export function platformIconUrl(platformId: number): string {
  return `/api/game/icons/platform/${platformId}.svg?v=${ICON_VERSION}`;
}

export function gameIconUrl(platformId: number, gameCode: string): string {
  return `/api/game/icons/game/${platformId}/${encodeURIComponent(gameCode)}.svg?v=${ICON_VERSION}`;
}

/** The `:file` of an icon path without its `.svg`, or null when it does not end in it. */
export function iconFileStem(file: string): string | null {
  return file.endsWith('.svg') && file.length > 4 ? file.slice(0, -4) : null;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** "Fortune Dragon" gives "FD", "Baccarat" gives "BA", "Quick 3D" gives "Q3". */
export function initialsOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const first = words[0] ?? '';
  if (words.length === 1) return first.slice(0, 2).toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
}

function tile(options: {
  category: CategoryCode;
  label: string;
  big: string;
  small: string | null;
}): string {
  const [from, to] = CATEGORY_COLOURS[options.category];
  const bigSize = options.big.length > 2 ? 46 : 64;
  const smallText =
    options.small === null
      ? ''
      : `<text x="80" y="138" text-anchor="middle" font-size="20" font-weight="600" ` +
        `fill="#ffffff" fill-opacity="0.85">${escapeXml(options.small)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" ` +
    `role="img" aria-label="${escapeXml(options.label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>` +
    `</linearGradient></defs>` +
    `<rect width="160" height="160" rx="28" fill="url(#g)"/>` +
    `<circle cx="128" cy="32" r="44" fill="#ffffff" fill-opacity="0.12"/>` +
    `<g font-family="Helvetica, Arial, sans-serif">` +
    `<text x="80" y="${options.small === null ? 96 : 92}" text-anchor="middle" ` +
    `font-size="${bigSize}" font-weight="700" fill="#ffffff">${escapeXml(options.big)}</text>` +
    smallText +
    `</g></svg>`
  );
}

/** A platform's tile: its code on its category's colours. */
export function platformIconSvg(platform: CatalogPlatform): string {
  return tile({
    category: platform.category,
    label: platform.name.en,
    big: platform.code,
    small: null,
  });
}

/** A game's tile: the initials of its English name, the platform code beneath. */
export function gameIconSvg(platform: CatalogPlatform, game: CatalogGame): string {
  return tile({
    category: platform.category,
    label: game.name.en,
    big: initialsOf(game.name.en),
    small: platform.code,
  });
}
