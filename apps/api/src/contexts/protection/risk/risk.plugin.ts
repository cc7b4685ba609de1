import type { FastifyInstance } from 'fastify';
import { riskAdminRoutes } from './risk-admin.routes.ts';
import type { RiskAlertsService } from './risk-alerts.service.ts';

/** The risk module's routes: the back office's alert queue. */
export async function riskModule(app: FastifyInstance, options: { alerts: RiskAlertsService }) {
  await app.register(riskAdminRoutes, options);
}
