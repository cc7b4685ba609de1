import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LobbyMetrics } from './metrics.ts';

type Log = { error(object: object, message: string): void };

/**
 * The metrics port (METRICS_PORT, on METRICS_HOST, loopback by default): GET /metrics and
 * nothing else, apart from the site's port, so that the load balancer never routes to it and
 * the scrape needs no token. Its own tiny listener: a scrape never waits behind site traffic's
 * hooks, and the site's routes are never reachable here.
 */
export async function startMetricsServer(
  metrics: LobbyMetrics,
  options: { host: string; port: number; log: Log },
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.render().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
