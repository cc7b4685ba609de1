/**
 * bench/tracing: what OpenTelemetry tracing costs an API node (decision 0028). Three
 * production-mode nodes (bench/lib/processes.ts) on the same PostgreSQL and Redis, side by side:
 * without tracing, tracing every request, and tracing one in ten (parentbased_traceidratio 0.1).
 * The traced ones export OTLP/HTTP (protobuf, the default) to a receiver in this process that
 * reads every export and drops it.
 *
 *   npm run bench:tracing [-- seconds=5 rate=300 rounds=3 warmup=2]
 *
 * Two calls at a fixed offered rate: the site configuration (one server span) and the game list
 * (a server span, its PostgreSQL queries and a Redis command). The nodes take turns, round after
 * round, so that they see the same machine; each round prints achieved rate, p50, p99 and the
 * node's CPU per call, and the end the median CPU per call of each node and call.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, offer, type Call } from './lib/open-loop.ts';
import { startApiNode } from './lib/processes.ts';
import { header, measured, print } from './lib/report.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.split('=') as [string, string]),
);
const seconds = Number(args.seconds ?? 5);
const rate = Number(args.rate ?? 300);
const rounds = Number(args.rounds ?? 3);
const warmSeconds = Number(args.warmup ?? 2);
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!databaseUrl) {
  console.error('bench/tracing needs DATABASE_URL (npm run bench:tracing makes a fresh one)');
  process.exit(2);
}

// The collector: reads each export whole and answers 200, keeping only a count of bytes.
let exports = 0;
let exportedBytes = 0;
const receiver = createServer((request, response) => {
  request.on('data', (chunk: Buffer) => (exportedBytes += chunk.length));
  request.on('end', () => {
    exports++;
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const HOST = { host: 'tianyu.lobby.test', lang: 'zh-CN' };
const CALLS: Record<string, Call> = {
  config: { method: 'GET', path: '/api/f/v1/site/config', headers: HOST },
  'game list': { method: 'GET', path: '/api/findmed/v1/game/list', headers: HOST },
};
const SETTINGS: Record<string, Record<string, string>> = {
  off: {},
  'on, all': { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl },
  'on, 1 in 10': {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  },
};

console.info(
  `bench/tracing: ${rate} calls/s for ${seconds} s per round (after ${warmSeconds} s unreported), ` +
    `${rounds} rounds`,
);
const nodes = await Promise.all(
  Object.entries(SETTINGS).map(async ([setting, env], index) => {
    const api = await startApiNode({
      port: 3900 + ((process.pid + index * 17) % 90),
      databaseUrl,
      redisUrl,
      extraEnv: env,
    });
    return { setting, api, pool: connect(api.origin) };
  }),
);
const cpu: Record<string, number[]> = {};
try {
  console.info(header());
  for (const [name, call] of Object.entries(CALLS)) {
    for (let round = 0; round < rounds; round++) {
      for (const { setting, api, pool } of nodes) {
        await offer(pool, { rate, seconds: warmSeconds, next: () => call });
        const row = await measured(`${name} (${setting})`, api.cpuSeconds, null, () =>
          offer(pool, { rate, seconds, next: () => call }),
        );
        print(row);
        (cpu[row.subject] ??= []).push(row.cpuMsPerCall ?? Number.NaN);
      }
    }
  }
} finally {
  for (const { api, pool } of nodes) {
    await pool.close();
    await api.stop();
  }
  receiver.close();
}
console.info(
  `median CPU per call (ms); exported: ${exports} requests, ${(exportedBytes / 1024 / 1024).toFixed(1)} MiB in all`,
);
for (const [subject, values] of Object.entries(cpu)) {
  const sorted = values.toSorted((left, right) => left - right);
  console.info(
    `  ${subject.padEnd(28)} ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(3)}`,
  );
}
