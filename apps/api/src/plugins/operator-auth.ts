import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appError } from '../lib/app-error.ts';
import { OPERATOR_ERRORS } from '../modules/operator/operator.errors.ts';
import type { OperatorIdentity, OperatorService } from '../modules/operator/operator.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of an `operator` route. */
    operator: OperatorIdentity | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** The live operator of a request's `Authorization: Bearer`, or null. */
export async function bearerOperator(
  operators: OperatorService,
  request: FastifyRequest,
): Promise<OperatorIdentity | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match?.[1] ? operators.resolve(match[1]) : null;
}

/**
 * The operator guard: routes with `config.access: 'operator'` need `Authorization: Bearer` with
 * a live operator session, checked before the body is read; otherwise `operator_token`.
 */
export const operatorAuthPlugin = fp(
  async (app: FastifyInstance, options: { operators: OperatorService }) => {
    app.decorateRequest('operator', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.access !== 'operator') return;
      const identity = await bearerOperator(options.operators, request);
      if (!identity) throw appError(OPERATOR_ERRORS, 'operator_token');
      request.operator = identity;
    });
  },
  { name: 'operator-auth', dependencies: ['request-context'] },
);
