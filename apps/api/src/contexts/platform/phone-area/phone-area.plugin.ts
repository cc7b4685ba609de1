import type { FastifyInstance } from 'fastify';
import { phoneAreaRoutes } from './phone-area.routes.ts';

/** The phone area codes members choose from. */
export async function phoneAreaModule(app: FastifyInstance) {
  await app.register(phoneAreaRoutes);
}
