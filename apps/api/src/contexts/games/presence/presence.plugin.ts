import type { FastifyInstance } from 'fastify';
import { presenceRoutes } from './presence.routes.ts';
import type { PresenceService } from './presence.service.ts';

/** The member heartbeat and the operators' view of who is online. */
export async function presenceModule(app: FastifyInstance, options: { presence: PresenceService }) {
  await app.register(presenceRoutes, options);
}
