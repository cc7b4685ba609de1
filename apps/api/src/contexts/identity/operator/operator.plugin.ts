import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from './operator.routes.ts';
import type { OperatorService } from './operator.service.ts';
import { operatorsAdminRoutes } from './operators-admin.routes.ts';
import type { OperatorAdminService } from './operators-admin.service.ts';

/** Operator login, identity, the action log, and the operators screen. */
export async function operatorModule(
  app: FastifyInstance,
  options: { operators: OperatorService; operatorAdmin: OperatorAdminService },
) {
  await app.register(operatorRoutes, { operators: options.operators });
  await app.register(operatorsAdminRoutes, { operatorAdmin: options.operatorAdmin });
}
