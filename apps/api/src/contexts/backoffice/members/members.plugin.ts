import type { FastifyInstance } from 'fastify';
import { membersAdminRoutes } from './members-admin.routes.ts';
import type { MemberSearchService } from './member-search.service.ts';

/** The back office's view of members: search today, the member 360 view next. */
export async function membersAdminModule(
  app: FastifyInstance,
  options: { memberSearch: MemberSearchService },
) {
  await app.register(membersAdminRoutes, options);
}
