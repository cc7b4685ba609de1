/** The games module's public surface: what other modules may use. */
export {
  brandGame,
  brandPlatform,
  brandPlatforms,
  localized,
  memberIdOfPlayer,
  playerNameOf,
} from './catalog.ts';
export { GAMES_ERRORS } from './games.errors.ts';
export { platformIdsInMaintenance } from './games.repository.ts';
export { gamesModule } from './games.plugin.ts';
export { gameBrandPlatformMaintenance, gamePlatformSettings, gamePlayers } from './games.schema.ts';
export { GamesService } from './games.service.ts';
export { platformIconUrl } from './icons.ts';
export { PlayerDirectory } from './player-directory.ts';
export { ProviderClient } from './provider-client.ts';
export type { ProviderOutcome } from './provider-client.ts';
