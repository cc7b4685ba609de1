import { SPECIAL_FLAG_PLATFORM_IDS, type Language } from '@lobby/contracts';
import {
  catalogPlatform,
  type CatalogGame,
  type CatalogPlatform,
  type Localized,
} from '@lobby/game-protocol';
import type { Brand } from '../../platform/brand/index.ts';
import { GAMES_ERRORS } from './games.errors.ts';
import { appError } from '../../../lib/app-error.ts';

/** A platform as one brand offers it: its place in the brand's ordered list, from 1. */
export type BrandPlatform = {
  platform: CatalogPlatform;
  sort: number;
  special: boolean;
};

export function localized(text: Localized, language: Language): string {
  return text[language];
}

/**
 * The brand's enabled platforms in its order (`sort` ascending). Ids the catalog does not know
 * are skipped: a brand list may name a platform the operator has not integrated yet.
 */
export function brandPlatforms(brand: Brand): BrandPlatform[] {
  const platforms: BrandPlatform[] = [];
  for (const id of brand.config.platformIds) {
    const platform = catalogPlatform(id);
    if (!platform) continue;
    platforms.push({
      platform,
      sort: platforms.length + 1,
      special: SPECIAL_FLAG_PLATFORM_IDS.has(id),
    });
  }
  return platforms;
}

/** One enabled platform of the brand, or game_platform_not_found. */
export function brandPlatform(brand: Brand, platformId: number): BrandPlatform {
  const found = brandPlatforms(brand).find((entry) => entry.platform.id === platformId);
  if (!found) throw appError(GAMES_ERRORS, 'game_platform_not_found');
  return found;
}

/** A game of an enabled platform, or game_not_found. */
export function brandGame(brand: Brand, platformId: number, gameCode: string): CatalogGame {
  const game = brandPlatform(brand, platformId).platform.games.find(
    (candidate) => candidate.code === gameCode,
  );
  if (!game) throw appError(GAMES_ERRORS, 'game_not_found');
  return game;
}

/** The name a platform knows the member by: `${brandCode}_${memberId}`. */
export function playerNameOf(brandCode: string, memberId: bigint): string {
  return `${brandCode}_${memberId}`;
}

/** The member behind a player name of this brand, or null when it is not one of ours. */
export function memberIdOfPlayer(brandCode: string, player: string): bigint | null {
  const prefix = `${brandCode}_`;
  if (!player.startsWith(prefix)) return null;
  const digits = player.slice(prefix.length);
  return /^[1-9][0-9]{0,18}$/.test(digits) ? BigInt(digits) : null;
}
