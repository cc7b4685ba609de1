import type { FastifyInstance } from 'fastify';
import { brandRoutes } from './brand.routes.ts';

/** The brand module: the resolved brand's public config and statistics list. */
export async function brandModule(app: FastifyInstance) {
  await app.register(brandRoutes);
}
