import type { FastifyInstance } from 'fastify';
import { SEAMLESS_PATH_PREFIX } from '@lobby/game-protocol';
import { seamlessRoutes, type SeamlessRouteOptions } from './seamless.routes.ts';

/** The seamless-wallet callbacks of wallet-type-2 platforms. */
export async function seamlessModule(app: FastifyInstance, options: SeamlessRouteOptions) {
  await app.register(seamlessRoutes, { prefix: SEAMLESS_PATH_PREFIX, ...options });
}
