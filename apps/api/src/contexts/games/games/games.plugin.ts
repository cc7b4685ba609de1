import type { FastifyInstance } from 'fastify';
import { gamesAdminRoutes } from './games-admin.routes.ts';
import { gamesRoutes } from './games.routes.ts';
import type { GamesService } from './games.service.ts';

/** Platforms, game launch, the automatic-transfer setting and the maintenance switch. */
export async function gamesModule(app: FastifyInstance, options: { games: GamesService }) {
  await app.register(gamesRoutes, options);
  await app.register(gamesAdminRoutes, options);
}
