import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bearerMatches, methodLabel, routeLabel, type LobbyMetrics } from '../metrics/metrics.ts';

export const METRICS_PATH = '/metrics';

/**
 * Times every request into the node's HTTP histogram, labelled by the route pattern that matched
 * (never the raw URL), and serves the Prometheus text at GET /metrics on the main port to a
 * caller with `Authorization: Bearer <token>` when a token is set. Without the token the answer
 * is the same as for a path that does not exist; with no token set the route does not exist.
 * The separate metrics port (metrics-server.ts) needs no token.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { metrics: LobbyMetrics; token?: string | undefined }) => {
    const { metrics, token } = options;
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        {
          method: methodLabel(request.method),
          route: routeLabel(request.routeOptions.url),
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    if (token === undefined) return;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
      const text = await metrics.render();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
