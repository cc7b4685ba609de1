import type { FastifyInstance } from 'fastify';
import { limitsRoutes } from './limits.routes.ts';
import type { LimitsService } from './limits.service.ts';
import type { PlayService } from './play.service.ts';

/** The member's limits, play time and reality checks (issue 15, points 1 to 3). */
export async function limitsModule(
  app: FastifyInstance,
  options: { limits: LimitsService; play: PlayService },
) {
  await app.register(limitsRoutes, options);
}
