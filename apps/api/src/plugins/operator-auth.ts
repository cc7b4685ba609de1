import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { defineErrorCodes, type BrandScope, type Permission } from '@lobby/contracts';
import { appError } from '../lib/app-error.ts';

/** An operator with a live session, as the guard hands it to routes. */
export type OperatorIdentity = {
  sessionId: bigint;
  operatorId: bigint;
  username: string;
  role: string;
  /** What the operator's role allows (DESIGN.md section 3.11). */
  permissions: ReadonlySet<Permission>;
  /** The brands the operator acts in. */
  brands: BrandScope;
  totpEnabled: boolean;
  /**
   * The session of an operator who must enrol TOTP first: good for `session` routes only (me,
   * logout, enrolment) until they have.
   */
  totpEnrolmentRequired: boolean;
};

/**
 * What an operator route needs: a permission, or `session` for the few that any live operator
 * may call on their own account (logout, me). Every operator route declares one; registering
 * one without fails at start.
 */
export type OperatorPermission = Permission | 'session';

/**
 * Where the brand an operator route acts in comes from, so the guard holds the operator to
 * their brands before the handler runs:
 * - `query`, `body`, `params`: the brand the request names in that part (field `brand` unless
 *   `field` says otherwise). A brand outside the operator's is `forbidden`. When a list names
 *   none, its service narrows it to the operator's brands (`brandFilter`).
 * - `record`: the brand of the record the path names (`brandOf`, null when there is none). A
 *   record of another brand answers as a missing one would (`missing`), so an operator learns
 *   nothing of other brands' records.
 * - `global`: platform-wide settings and checks, for operators of every brand only.
 */
export type OperatorBrandRule =
  | { from: 'query' | 'body' | 'params'; field?: string }
  | {
      from: 'record';
      brandOf: (request: FastifyRequest) => Promise<string | null | undefined>;
      missing: () => Error;
    }
  | { from: 'global' };

/** Looks up the operator of a bearer token used from `ip` (the operator module's sessions). */
export interface OperatorResolver {
  resolve(token: string, ip?: string): Promise<OperatorIdentity | null>;
}

export const OPERATOR_AUTH_ERRORS = defineErrorCodes({
  /** No valid operator session: the back office logs in again. */
  operator_token: 401,
  /** The operator's role lacks the route's permission. */
  forbidden: 403,
  /** The operator must enrol TOTP before anything else. */
  totp_enrolment_required: 403,
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of an `operator` route. */
    operator: OperatorIdentity | null;
  }
  interface FastifyContextConfig {
    /** The permission an `operator` route needs. */
    permission?: OperatorPermission;
    /** Where an `operator` route's brand comes from (every route with a permission has one). */
    brand?: OperatorBrandRule;
  }
  interface FastifyInstance {
    /** Every operator route with the permission it needs, as registered. */
    operatorRoutes: OperatorRoute[];
  }
}

export type OperatorRoute = {
  method: string;
  url: string;
  permission: OperatorPermission;
  brand: OperatorBrandRule['from'] | null;
};

/** The brand is the `brand` of the query string. */
export const BRAND_IN_QUERY = { from: 'query' } as const satisfies OperatorBrandRule;
/** The brand is the `brand` of the body. */
export const BRAND_IN_BODY = { from: 'body' } as const satisfies OperatorBrandRule;
/** Platform-wide: for operators of every brand. */
export const PLATFORM_WIDE = { from: 'global' } as const satisfies OperatorBrandRule;

/** The brand of the record a path parameter names: `brandOf` its value; `missing` as absent. */
export function recordBrand(
  param: string,
  brandOf: (value: string) => Promise<string | null | undefined>,
  missing: () => Error,
): OperatorBrandRule {
  return {
    from: 'record',
    brandOf: (request) => {
      const value = (request.params as Record<string, unknown> | undefined)?.[param];
      return typeof value === 'string' || typeof value === 'number'
        ? brandOf(String(value))
        : Promise.resolve(null);
    },
    missing,
  };
}

/** Whether the operator acts in the brand. */
export function inBrandScope(operator: OperatorIdentity, brandCode: string): boolean {
  return operator.brands === 'all' || operator.brands.includes(brandCode.toLowerCase());
}

/**
 * The brands an operator's list or export may show, narrowed to `requested` when the request
 * names one: null means every brand. A requested brand outside the scope selects nothing.
 */
export function brandFilter(
  operator: OperatorIdentity,
  requested?: string,
): readonly string[] | null {
  if (requested !== undefined) return inBrandScope(operator, requested) ? [requested] : [];
  return operator.brands === 'all' ? null : operator.brands;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** The live operator of a request's `Authorization: Bearer`, or null. */
export async function bearerOperator(
  operators: OperatorResolver,
  request: FastifyRequest,
): Promise<OperatorIdentity | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match?.[1] ? operators.resolve(match[1], request.ip) : null;
}

/** The operator of an `operator` route; the guard has already refused everyone else. */
export function operatorOf(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw appError(OPERATOR_AUTH_ERRORS, 'operator_token');
  return request.operator;
}

/**
 * The brand rules that need no record: checked before validation, so a request naming another
 * brand is refused whatever else it carries.
 */
function holdToNamedBrand(
  request: FastifyRequest,
  operator: OperatorIdentity,
  rule: OperatorBrandRule,
): void {
  if (rule.from === 'record') return;
  if (rule.from === 'global') {
    if (operator.brands !== 'all') throw appError(OPERATOR_AUTH_ERRORS, 'forbidden');
    return;
  }
  const part = { query: request.query, body: request.body, params: request.params }[rule.from];
  const named =
    part && typeof part === 'object'
      ? (part as Record<string, unknown>)[rule.field ?? 'brand']
      : undefined;
  if (typeof named === 'string' && named.trim() !== '' && !inBrandScope(operator, named.trim())) {
    throw appError(OPERATOR_AUTH_ERRORS, 'forbidden');
  }
}

/**
 * The operator guard: routes with `config.access: 'operator'` need `Authorization: Bearer` with
 * a live operator session (otherwise `operator_token`) whose role holds the route's
 * `config.permission` (otherwise `forbidden`), both checked before the body is read. An operator
 * route registered without a permission stops the app at start.
 */
export const operatorAuthPlugin = fp(
  async (app: FastifyInstance, options: { operators: OperatorResolver }) => {
    app.decorateRequest('operator', null);
    const routes: OperatorRoute[] = [];
    app.decorate('operatorRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (route.config?.access !== 'operator') return;
      const { permission, brand } = route.config;
      const name = `operator route ${String(route.method)} ${route.url}`;
      if (!permission) throw new Error(`${name} declares no permission`);
      if (permission !== 'session' && !brand) throw new Error(`${name} declares no brand rule`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') {
          routes.push({ method, url: route.url, permission, brand: brand?.from ?? null });
        }
      }
    });
    app.addHook('onRequest', async (request) => {
      const { access, permission } = request.routeOptions.config;
      if (access !== 'operator') return;
      const identity = await bearerOperator(options.operators, request);
      if (!identity) throw appError(OPERATOR_AUTH_ERRORS, 'operator_token');
      request.operator = identity;
      if (permission !== 'session' && identity.totpEnrolmentRequired) {
        throw appError(OPERATOR_AUTH_ERRORS, 'totp_enrolment_required');
      }
      if (permission !== 'session' && !(permission && identity.permissions.has(permission))) {
        throw appError(OPERATOR_AUTH_ERRORS, 'forbidden');
      }
    });
    app.addHook('preValidation', async (request) => {
      const rule = request.routeOptions.config.brand;
      if (rule && request.operator) holdToNamedBrand(request, request.operator, rule);
    });
    // A record's brand after validation, when its key in the path is known to be well formed.
    app.addHook('preHandler', async (request) => {
      const rule = request.routeOptions.config.brand;
      const operator = request.operator;
      if (rule?.from !== 'record' || !operator) return;
      const brand = await rule.brandOf(request);
      if (brand && !inBrandScope(operator, brand)) throw rule.missing();
    });
  },
  { name: 'operator-auth', dependencies: ['request-context'] },
);
