import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { REQUEST_HEADERS } from '@lobby/contracts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests, and a docs
 * page to read it. Must be registered before the routes it describes.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
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
            'replaces the stored token.',
        },
        components: {
          securitySchemes: {
            sessionToken: { type: 'apiKey', in: 'header', name: REQUEST_HEADERS.token },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
    await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  },
  { name: 'openapi' },
);
