import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGamePlatformsEndpoint, adminSetGamePlatformEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf, PLATFORM_WIDE } from '../../../plugins/operator-auth.ts';
import type { GamesService } from './games.service.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const gamesManage = { access: 'operator', permission: 'games.manage' } as const;

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
}
