import type { FastifyInstance } from 'fastify';
import { SEAMLESS_PATH_PREFIX } from '@lobby/game-protocol';
import { seamlessRoutes } from './seamless.routes.ts';
import type { SeamlessService } from './seamless.service.ts';

/** The seamless-wallet callbacks of wallet-type-2 platforms. */
export async function seamlessModule(app: FastifyInstance, options: { seamless: SeamlessService }) {
  await app.register(seamlessRoutes, { prefix: SEAMLESS_PATH_PREFIX, seamless: options.seamless });
}
