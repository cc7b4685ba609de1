import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from './operator.routes.ts';
import type { OperatorService } from './operator.service.ts';

/** Operator login, identity and the action log. */
export async function operatorModule(
  app: FastifyInstance,
  options: { operators: OperatorService },
) {
  await app.register(operatorRoutes, options);
}
