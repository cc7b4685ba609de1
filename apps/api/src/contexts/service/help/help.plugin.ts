import type { FastifyInstance } from 'fastify';
import { helpAdminRoutes } from './help-admin.routes.ts';
import { helpRoutes } from './help.routes.ts';
import type { HelpService } from './help.service.ts';

/** The help centre and the brand's contact entries. */
export async function helpModule(app: FastifyInstance, options: { help: HelpService }) {
  await app.register(helpRoutes, options);
  await app.register(helpAdminRoutes, options);
}
