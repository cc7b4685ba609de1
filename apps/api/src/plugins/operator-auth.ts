import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { defineErrorCodes } from '@lobby/contracts';
import { appError } from '../lib/app-error.ts';

/** An operator with a live session, as the guard hands it to routes. */
export type OperatorIdentity = {
  sessionId: bigint;
  operatorId: bigint;
  username: string;
  role: 'admin' | 'cashier';
};

/** Looks up the operator of a bearer token (the operator module's sessions). */
export interface OperatorResolver {
  resolve(token: string): Promise<OperatorIdentity | null>;
}

export const OPERATOR_AUTH_ERRORS = defineErrorCodes({
  /** No valid operator session: the back office logs in again. */
  operator_token: 401,
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of an `operator` route. */
    operator: OperatorIdentity | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** The live operator of a request's `Authorization: Bearer`, or null. */
export async function bearerOperator(
  operators: OperatorResolver,
  request: FastifyRequest,
): Promise<OperatorIdentity | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match?.[1] ? operators.resolve(match[1]) : null;
}

/** The operator of an `operator` route; the guard has already refused everyone else. */
export function operatorOf(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw appError(OPERATOR_AUTH_ERRORS, 'operator_token');
  return request.operator;
}

/**
 * The operator guard: routes with `config.access: 'operator'` need `Authorization: Bearer` with
 * a live operator session, checked before the body is read; otherwise `operator_token`.
 */
export const operatorAuthPlugin = fp(
  async (app: FastifyInstance, options: { operators: OperatorResolver }) => {
    app.decorateRequest('operator', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.access !== 'operator') return;
      const identity = await bearerOperator(options.operators, request);
      if (!identity) throw appError(OPERATOR_AUTH_ERRORS, 'operator_token');
      request.operator = identity;
    });
  },
  { name: 'operator-auth', dependencies: ['request-context'] },
);
