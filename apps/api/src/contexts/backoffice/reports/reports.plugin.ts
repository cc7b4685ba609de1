import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { PresenceService } from '../../games/presence/index.ts';
import type { ActionRecorder } from '../../identity/operator/index.ts';
import type { BrandRegistry } from '../../platform/brand/index.ts';
import { reportsRoutes } from './reports.routes.ts';
import { ReportsService } from './reports.service.ts';
import { reportsRollupSweep } from './reports-sweep.ts';

/** The reports: their routes and the rollup sweep they read from (decision 0022). */
export async function reportsModule(
  app: FastifyInstance,
  options: { reports: ReportsService; db: Database; brands: BrandRegistry; intervalMs?: number },
) {
  await app.register(reportsRoutes, { reports: options.reports });
  app.addSweep(
    reportsRollupSweep({
      db: options.db,
      brands: () => options.brands.all(),
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    }),
  );
}

/** Builds the reports and registers them: the one call app.ts makes. */
export async function registerReports(
  app: FastifyInstance,
  settings: {
    db: Database;
    brands: BrandRegistry;
    presence: PresenceService;
    operators: ActionRecorder;
    intervalMs?: number | undefined;
  },
): Promise<ReportsService> {
  const reports = new ReportsService(settings);
  await app.register(reportsModule, {
    reports,
    db: settings.db,
    brands: settings.brands,
    ...(settings.intervalMs === undefined ? {} : { intervalMs: settings.intervalMs }),
  });
  return reports;
}
