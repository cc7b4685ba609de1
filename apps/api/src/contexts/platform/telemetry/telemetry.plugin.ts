import type { FastifyInstance } from 'fastify';
import { telemetryRoutes } from './telemetry.routes.ts';

/** Browser error reports, into the log. */
export async function telemetryModule(app: FastifyInstance) {
  await app.register(telemetryRoutes);
}
