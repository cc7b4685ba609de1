/**
 * What the browser contract costs per request: the full Lobby stack (brand resolution, headers,
 * envelope, zod serialisation, logging) on GET /api/f/v1/site/config against a bare Fastify route
 * returning the same JSON, both over real HTTP on loopback in this process, same concurrency.
 *
 *   node bench/api-overhead.ts [seconds=5] [concurrency=32]
 *
 * Prints requests/s, p50/p99 latency for each and the ratio full/baseline.
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { MemoryCache } from '../apps/api/src/cache/memory-cache.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';
import { seedDemoBrands } from '../apps/api/src/contexts/platform/brand/brand.service.ts';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 32);

type Result = { requests: number; perSecond: number; p50Ms: number; p99Ms: number };

async function load(port: number, path: string): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const call = request(
        {
          host: '127.0.0.1',
          port,
          path,
          agent,
          headers: { host: 'tianyu.lobby.test', lang: 'zh-CN' },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      call.on('error', reject);
      call.end();
    });
  const worker = async () => {
    while (performance.now() < deadline) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((left, right) => left - right);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

const database = await openDatabase({ kind: 'embedded', dataDir: null });
await seedDemoBrands(database.db);
const cache = new MemoryCache();
// Logging stays on at the production level, so its cost is part of the figure.
const logger = createLogger(process.env.BENCH_LOG_LEVEL ?? 'info', {
  write: () => true,
} as unknown as NodeJS.WritableStream as never);
const app = await buildApp({ database, cache, logger });
await app.listen({ host: '127.0.0.1', port: 0 });
const brand = app.brands.get('tianyu');

const baseline = Fastify();
baseline.get('/config', async () => ({ status: true, data: brand?.config }));
await baseline.listen({ host: '127.0.0.1', port: 0 });

const port = (server: typeof baseline) => (server.server.address() as AddressInfo).port;
// Warm up both, then measure the baseline first and the full stack second.
await load(port(baseline), '/config');
await load(port(app as unknown as typeof baseline), '/api/f/v1/site/config');
const bare = await load(port(baseline), '/config');
const full = await load(port(app as unknown as typeof baseline), '/api/f/v1/site/config');

const format = (result: Result) =>
  `${Math.round(result.perSecond)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms (${result.requests} requests)`;
console.log(`api-overhead: ${seconds} s each, concurrency ${concurrency}`);
console.log(`  baseline (bare Fastify, same JSON): ${format(bare)}`);
console.log(`  full stack (/api/f/v1/site/config): ${format(full)}`);
console.log(`  ratio full/baseline throughput: ${(full.perSecond / bare.perSecond).toFixed(2)}`);

await app.close();
await baseline.close();
await cache.close();
await database.close();
