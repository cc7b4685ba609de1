import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { devOutboxRoutes } from './verification.routes.ts';

/** Verification codes have no routes of their own but the development outbox reader. */
export async function verificationModule(
  app: FastifyInstance,
  options: { db: Database; production: boolean },
) {
  if (!options.production) await app.register(devOutboxRoutes, { db: options.db });
}
