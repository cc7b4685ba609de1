import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../../cache/index.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness. */
export async function healthModule(
  app: FastifyInstance,
  options: { database: DatabaseHandle; cache: Cache; isShuttingDown: () => boolean },
) {
  await app.register(healthRoutes, options);
}
