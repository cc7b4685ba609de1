import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { REQUEST_HEADERS } from '@lobby/contracts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
const OPERATOR_PATH_PREFIX = '/admin/api';

declare module 'fastify' {
  interface FastifyRequest {
    /** On the documentation routes: whether the operator part of the API may be shown. */
    showsOperatorApi: boolean;
  }
}

type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

/** The document without the operator API (everything under /admin/api). */
export function memberPartOf(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(([path]) => !path.startsWith(OPERATOR_PATH_PREFIX)),
  );
  return { ...document, paths };
}

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests, and a docs
 * page to read it. Must be registered before the routes it describes. In production the operator
 * API is left out unless the request carries a live operator's bearer token: who may see it is
 * who may call it. Outside production everyone sees the whole document.
 */
export const openApiPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      production: boolean;
      /** True when the request's Authorization names a live operator session. */
      isOperator(request: FastifyRequest): Promise<boolean>;
    },
  ) => {
    app.decorateRequest('showsOperatorApi', false);
    const decide = async (request: FastifyRequest) => {
      request.showsOperatorApi = !options.production || (await options.isOperator(request));
    };
    const documentFor = (request: FastifyRequest, document: OpenApiDocument) =>
      request.showsOperatorApi ? document : memberPartOf(document);

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Lobby member API',
          version: '1.0.0',
          description:
            'Answers are envelopes: `{status: true, data}` or `{status: false, data: <error code>, ' +
            "message: <text in the request's lang>}`. Bodies are form-urlencoded (uploads " +
            'multipart). Member-only calls need the session token in the `t` header and answer ' +
            '`{"status":false,"data":"token"}` without a valid one; a response `id` header ' +
            'replaces the stored token. In production the operator API (`/admin/api`) is listed ' +
            "only for a request with a live operator's bearer token.",
        },
        components: {
          securitySchemes: {
            sessionToken: { type: 'apiKey', in: 'header', name: REQUEST_HEADERS.token },
          },
        },
      },
      // Each operator operation carries the permission it needs as `x-permission`.
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        const permission = input.route.config?.permission;
        if (permission === undefined || permission === 'session') return transformed;
        return { ...transformed, schema: { ...transformed.schema, 'x-permission': permission } };
      },
    });
    app.get(OPENAPI_JSON_PATH, { schema: { hide: true }, onRequest: decide }, async (request) =>
      documentFor(request, app.swagger() as OpenApiDocument),
    );
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      // The docs page's own policy (its scripts by hash); HTTPS is the proxy's to enforce, so a
      // plain-HTTP development site is not upgraded.
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
      // The UI's hooks are typed callback-style.
      uiHooks: {
        onRequest: (request, _reply, done) => {
          decide(request).then(() => done(), done);
        },
      },
      transformSpecification: (document, request) =>
        documentFor(request, document as OpenApiDocument),
    });
  },
  { name: 'openapi', dependencies: ['operator-auth'] },
);
