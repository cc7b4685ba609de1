import type { FastifyInstance } from 'fastify';
import { limitsRoutes } from './limits.routes.ts';
import type { LimitsService } from './limits.service.ts';

/** The member's limits (issue 15, points 1 and 2). */
export async function limitsModule(app: FastifyInstance, options: { limits: LimitsService }) {
  await app.register(limitsRoutes, options);
}
