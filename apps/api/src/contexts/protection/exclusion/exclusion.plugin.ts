import type { FastifyInstance } from 'fastify';
import { exclusionRoutes } from './exclusion.routes.ts';
import type { ExclusionService } from './exclusion.service.ts';

/** Time-outs and self-exclusions (issue 15, points 4 and 5), and the sweep that ends them. */
export async function exclusionModule(
  app: FastifyInstance,
  options: { exclusions: ExclusionService },
) {
  await app.register(exclusionRoutes, options);
  app.addSweep({
    name: 'exclusions-ending',
    intervalMs: 60_000,
    run: async () => {
      await options.exclusions.finishDue();
    },
  });
}
