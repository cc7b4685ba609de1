import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { RESPONSE_HEADERS } from '@lobby/contracts';
import type { Cache } from './cache/index.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createLogger } from './lib/logger.ts';
import { BrandRegistry } from './modules/brand/brand.service.ts';
import { brandRoutes } from './modules/brand/brand.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { BODY_LIMIT_BYTES, bodiesPlugin } from './plugins/bodies.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { noMemberSessions, sessionPlugin, type SessionResolver } from './plugins/session.ts';
import { webPlugin } from './plugins/web.ts';

export type AppDependencies = {
  database: DatabaseHandle;
  cache: Cache;
  logger?: Logger;
  /** Brand served to hosts no brand claims; defaults to the brand marked default. */
  defaultBrandCode?: string;
  /** Looks up member sessions; until members exist no token is valid. */
  sessions?: SessionResolver;
  /** Directory of the built web app; when absent, page paths answer JSON not_found. */
  webDistDir?: string;
  trustProxyHops?: number;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    brands: BrandRegistry;
    /** True once shutdown began: readiness fails so the balancer drains this node. */
    isShuttingDown: boolean;
  }
}

/** Builds the API without listening, so tests drive it with inject() and server.ts listens. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const logger = dependencies.logger ?? createLogger('info');
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the given number of proxies in front of us may set X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < (dependencies.trustProxyHops ?? 0),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    // A caller's request id is kept when it looks like one, so logs join across services.
    genReqId: (request) => {
      const incoming = request.headers[RESPONSE_HEADERS.requestId];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID();
    },
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const brands = new BrandRegistry(
    dependencies.database.db,
    dependencies.cache,
    app.log,
    dependencies.defaultBrandCode,
  );
  await brands.load();
  await brands.startWatching();
  app.decorate('brands', brands);
  app.decorate('isShuttingDown', false);
  app.addHook('onClose', async () => {
    await brands.stopWatching();
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(RESPONSE_HEADERS.requestId, request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
  });

  await app.register(requestContextPlugin, { brands });
  await app.register(errorsPlugin);
  await app.register(bodiesPlugin);
  await app.register(sessionPlugin, { sessions: dependencies.sessions ?? noMemberSessions });
  await app.register(openApiPlugin);

  // Member data must never sit in a shared cache.
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });

  await app.register(healthRoutes, {
    database: dependencies.database,
    cache: dependencies.cache,
    isShuttingDown: () => app.isShuttingDown,
  });
  await app.register(brandRoutes);
  await app.register(telemetryRoutes, { cache: dependencies.cache });

  if (dependencies.webDistDir) {
    await app.register(webPlugin, { distDir: dependencies.webDistDir });
  }
  return app;
}
