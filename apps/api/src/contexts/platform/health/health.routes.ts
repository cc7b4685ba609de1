import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { checkReadiness, type ReadinessDependencies } from './health.service.ts';

const readinessSchema = z.object({
  database: z.enum(['embedded', 'postgres']),
  cache: z.enum(['memory', 'redis']),
});

/** Liveness and readiness probes for the load balancer and the orchestrator. */
export async function healthRoutes(app: FastifyInstance, dependencies: ReadinessDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'The process is up',
        response: envelopeResponses(z.object({ uptimeSeconds: z.number() })),
      },
    },
    async () => ok({ uptimeSeconds: Math.round(process.uptime()) }),
  );
  routes.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The node can serve: database and cache answer, and it is not shutting down',
        response: envelopeResponses(readinessSchema),
      },
    },
    async () => ok(await checkReadiness(dependencies)),
  );
}
