/**
 * npm run cluster: the simulator, two API nodes and HAProxy on this machine's PostgreSQL and
 * Redis (cluster/cluster.ts), until Ctrl-C. Members and operators use the balancer
 * (http://127.0.0.1:8080, the console at /admin/); HAProxy's page is http://127.0.0.1:8404/stats.
 * Settings: TEST_POSTGRES_URL and TEST_REDIS_URL name the servers (the local ones by default),
 * ADMIN_PASSWORD the first operator's password, CLUSTER_FRESH=1 starts from empty databases.
 */
import { startCluster } from './cluster.ts';

const cluster = await startCluster({
  ...(process.env.TEST_POSTGRES_URL ? { serverUrl: process.env.TEST_POSTGRES_URL } : {}),
  ...(process.env.TEST_REDIS_URL ? { redisUrl: process.env.TEST_REDIS_URL } : {}),
  fresh: process.env.CLUSTER_FRESH === '1',
  output: 'inherit',
}).catch((error: unknown) => {
  console.error(`cluster: ${(error as Error).message}`);
  process.exit(1);
});

console.info(
  [
    '',
    `Lobby cluster: ${cluster.origin} (console ${cluster.origin}/admin/, first operator admin)`,
    `  nodes ${cluster.nodes.map((node) => node.origin).join(', ')}, simulator ${cluster.simulator.origin}`,
    `  HAProxy stats ${cluster.statsOrigin}/stats; Ctrl-C stops everything`,
    '',
  ].join('\n'),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
