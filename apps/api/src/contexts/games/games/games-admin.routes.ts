import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBrandGamePlatformsEndpoint,
  adminGamePlatformsEndpoint,
  adminPlatformGamesEndpoint,
  adminSetBrandPlatformMaintenanceEndpoint,
  adminSetGamePlatformEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf, PLATFORM_WIDE } from '../../../plugins/operator-auth.ts';
import type { GamesService } from './games.service.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const gamesManage = { access: 'operator', permission: 'games.manage' } as const;
/** The brand is the `code` of the path: an operator acts on their own brands only. */
const BRAND_IN_PATH = { from: 'params', field: 'code' } as const;

/** The back office's view of the game platforms and their maintenance switch. */
export async function gamesAdminRoutes(app: FastifyInstance, options: { games: GamesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { games } = options;

  routes.get(
    adminGamePlatformsEndpoint.path,
    {
      config: { ...gamesManage, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary:
          "Game platforms with their maintenance switch: a brand's in its order, or all by id",
        querystring: adminGamePlatformsEndpoint.query,
        response: envelopeResponses(adminGamePlatformsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await games.operatorPlatforms(request.query.brand || undefined, request.language));
    },
  );

  routes.put(
    adminSetGamePlatformEndpoint.path,
    {
      config: { ...gamesManage, brand: PLATFORM_WIDE },
      schema: {
        tags: ['operator'],
        summary:
          "Switch a platform's maintenance on or off for every brand, at once (action logged)",
        params: adminSetGamePlatformEndpoint.params,
        body: adminSetGamePlatformEndpoint.body,
        response: envelopeResponses(adminSetGamePlatformEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await games.setMaintenance(operatorOf(request), request.params.id, request.body, {
          ip: request.ip,
          language: request.language,
        }),
      ),
  );

  routes.get(
    adminBrandGamePlatformsEndpoint.path,
    {
      config: { ...gamesManage, brand: BRAND_IN_PATH },
      schema: {
        tags: ['operator'],
        summary:
          'Every game platform as a brand has it: offered and its order, maintenance for every brand and for this one, the platform report',
        params: adminBrandGamePlatformsEndpoint.params,
        response: envelopeResponses(adminBrandGamePlatformsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await games.brandPlatformsView(request.params.code, request.language));
    },
  );

  routes.put(
    adminSetBrandPlatformMaintenanceEndpoint.path,
    {
      config: { ...gamesManage, brand: BRAND_IN_PATH },
      schema: {
        tags: ['operator'],
        summary:
          "Switch a platform's maintenance on or off for one brand only; every node applies it at once (action logged)",
        params: adminSetBrandPlatformMaintenanceEndpoint.params,
        body: adminSetBrandPlatformMaintenanceEndpoint.body,
        response: envelopeResponses(adminSetBrandPlatformMaintenanceEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await games.setBrandMaintenance(
          operatorOf(request),
          request.params.code,
          request.params.id,
          request.body,
          { ip: request.ip, language: request.language },
        ),
      ),
  );

  routes.get(
    adminPlatformGamesEndpoint.path,
    {
      // The catalog is every brand's and holds nothing of any one: the query names no brand, so
      // operators of any scope may read it (as the platform list without a brand).
      config: { ...gamesManage, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: "A platform's games (the catalog, read-only), by code or name",
        params: adminPlatformGamesEndpoint.params,
        querystring: adminPlatformGamesEndpoint.query,
        response: envelopeResponses(adminPlatformGamesEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(games.platformGames(request.params.id, request.query, request.language));
    },
  );
}
