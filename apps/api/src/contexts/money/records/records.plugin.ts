import type { FastifyInstance } from 'fastify';
import { recordsRoutes } from './records.routes.ts';
import type { RecordsService } from './records.service.ts';

/** The member's transaction records, read from the ledger. */
export async function recordsModule(app: FastifyInstance, options: { records: RecordsService }) {
  await app.register(recordsRoutes, options);
}
