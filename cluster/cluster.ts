/**
 * Lobby as several nodes on this machine, the way a deployment runs it (compose.yaml): the game
 * provider simulator, two API nodes in production mode on one PostgreSQL and one Redis, and
 * HAProxy in front with deploy/haproxy/haproxy.cfg as it is. `npm run cluster` starts it and
 * keeps it in the terminal; the cluster test starts it, loads it, stops and kills nodes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export const ROOT = join(import.meta.dirname, '..');
const HAPROXY_CONFIG = join(ROOT, 'deploy', 'haproxy', 'haproxy.cfg');

export type ClusterOptions = {
  /** PostgreSQL server (its `postgres` database); the cluster's databases are made on it. */
  serverUrl?: string;
  redisUrl?: string;
  /** Names the databases (`<name>`, `<name>_sim`) and the data directory (data/<name>). */
  name?: string;
  /** Drop and make the databases anew (the test); else keep what is there (npm run cluster). */
  fresh?: boolean;
  /** Ports: the balancer, its stats page, the simulator, the API nodes from apiPort up. */
  lbPort?: number;
  statsPort?: number;
  simPort?: number;
  apiPort?: number;
  /** Metrics ports of the nodes from metricsPort up (loopback only). */
  metricsPort?: number;
  /** Extra settings of every API node (a sweep interval, rate limits). */
  apiEnv?: Record<string, string>;
  /** Where each process's output goes: kept in memory (the test) or this terminal. */
  output?: 'keep' | 'inherit';
};

export type ClusterProcess = {
  name: string;
  origin: string;
  pid(): number;
  running(): boolean;
  /** The last 100 kB of its output (output: 'keep'). */
  log(): string;
  /** SIGTERM, and waits for the exit; answers the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
  /** Starts it again with the same settings, and waits until it is ready. */
  restart(): Promise<void>;
};

export type Cluster = {
  /** The balancer: what members and operators use. */
  origin: string;
  statsOrigin: string;
  simulator: ClusterProcess;
  nodes: ClusterProcess[];
  balancer: ClusterProcess;
  databaseUrl: string;
  simDatabaseUrl: string;
  redisUrl: string;
  adminPassword: string;
  providerSecret: string;
  stop(): Promise<void>;
};

/** Where HAProxy is, or null: Debian's `haproxy` package puts it in /usr/sbin. */
export function haproxyPath(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

async function ensureDatabase(serverUrl: string, name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitReady(
  origin: string,
  path: string,
  child: () => ChildProcess,
  log: () => string,
) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const current = child();
    if (current.exitCode !== null || current.signalCode !== null) {
      throw new Error(`${origin} exited (${current.exitCode ?? current.signalCode}):\n${log()}`);
    }
    try {
      const response = await fetch(origin + path);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin}${path} not ready in 120 s:\n${log()}`);
}

/**
 * A child process started and restarted with the same command and settings, ready once
 * `origin + readyPath` answers 2xx; its output kept (the last 100 kB) or shown. The cluster's
 * processes and the benches' servers (bench/lib/processes.ts) are these.
 */
export function managedProcess(
  name: string,
  origin: string,
  readyPath: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  output: 'keep' | 'inherit',
): ClusterProcess & { start(): Promise<void> } {
  let child: ChildProcess | undefined;
  let kept = '';
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  const waitExit = () =>
    new Promise<number | null>((resolve) => {
      if (!child || exited()) resolve(child?.exitCode ?? null);
      else child.once('exit', (code) => resolve(code));
    });
  const start = async () => {
    child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: output === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      kept = (kept + chunk.toString()).slice(-100_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // A run that fails half-way must not leave its servers on the machine.
    const running = child;
    const guard = () => running.kill('SIGKILL');
    process.once('exit', guard);
    running.once('exit', () => process.off('exit', guard));
    await waitReady(
      origin,
      readyPath,
      () => running,
      () => kept,
    );
  };
  return {
    name,
    origin,
    start,
    pid: () => child?.pid ?? 0,
    running: () => !exited(),
    log: () => kept,
    async stop() {
      if (exited()) return child?.exitCode ?? null;
      child?.kill('SIGTERM');
      return waitExit();
    },
    async kill() {
      if (exited()) return;
      child?.kill('SIGKILL');
      await waitExit();
    },
    restart: start,
  };
}

/**
 * Starts the cluster: the databases, the simulator, node 1 (it makes the RSA key pair and applies
 * the migrations), node 2, then the balancer; answers once the balancer sends to both nodes.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const haproxy = haproxyPath();
  if (!haproxy) {
    throw new Error('HAProxy is not installed: apt-get install haproxy (bash .ci/run does it)');
  }
  const name = options.name ?? 'lobby_cluster';
  const serverUrl = options.serverUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const fresh = options.fresh ?? false;
  const lbPort = options.lbPort ?? 8080;
  const statsPort = options.statsPort ?? 8404;
  const simPort = options.simPort ?? 4100;
  const apiPort = options.apiPort ?? 3001;
  const metricsPort = options.metricsPort ?? 9464;
  const output = options.output ?? 'keep';
  const dataDir = join(ROOT, 'data', name);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = await ensureDatabase(serverUrl, name, fresh);
  const simDatabaseUrl = await ensureDatabase(serverUrl, `${name}_sim`, fresh);
  const origin = `http://127.0.0.1:${lbPort}`;
  const adminPassword = process.env.ADMIN_PASSWORD ?? 'cluster-admin-password';
  const providerSecret = process.env.GAME_PROVIDER_SECRET ?? 'cluster-provider-secret-0123456789';
  const production = {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    GAME_PROVIDER_SECRET: providerSecret,
  };

  const simulator = managedProcess(
    'game-sim',
    `http://127.0.0.1:${simPort}`,
    '/healthz',
    process.execPath,
    [join(ROOT, 'apps/game-sim/src/server.ts')],
    {
      ...production,
      GAME_SIM_HOST: '127.0.0.1',
      GAME_SIM_PORT: String(simPort),
      GAME_SIM_PUBLIC_URL: `http://127.0.0.1:${simPort}`,
      GAME_SIM_DATABASE_URL: simDatabaseUrl,
      // Seamless callbacks go through the balancer, like the members' requests.
      LOBBY_CALLBACK_URL: origin,
    },
    output,
  );
  const nodes = [0, 1].map((index) =>
    managedProcess(
      `api-${index + 1}`,
      `http://127.0.0.1:${apiPort + index}`,
      '/readyz',
      process.execPath,
      [join(ROOT, 'apps/api/src/server.ts')],
      {
        ...production,
        HOST: '127.0.0.1',
        PORT: String(apiPort + index),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: dataDir,
        // Every node signs and decrypts with the same key pair (node 1 makes it).
        RSA_PRIVATE_KEY_FILE: join(dataDir, 'keys', 'rsa-private.pem'),
        ADMIN_PASSWORD: adminPassword,
        SEED_DEMO: '1',
        GAME_PROVIDER_URL: `http://127.0.0.1:${simPort}`,
        TRUST_PROXY_HOPS: '1',
        SHUTDOWN_DRAIN_MS: '2000',
        METRICS_PORT: String(metricsPort + index),
        METRICS_HOST: '127.0.0.1',
        ...options.apiEnv,
      },
      output,
    ),
  );
  const balancer = managedProcess(
    'haproxy',
    `http://127.0.0.1:${statsPort}`,
    '/healthz',
    haproxy,
    ['-db', '-f', HAPROXY_CONFIG],
    {
      LOBBY_LB_BIND: `127.0.0.1:${lbPort}`,
      LOBBY_LB_STATS_BIND: `127.0.0.1:${statsPort}`,
      LOBBY_API_1: `127.0.0.1:${apiPort}`,
      LOBBY_API_2: `127.0.0.1:${apiPort + 1}`,
    },
    output,
  );

  const started: (typeof simulator)[] = [];
  const stop = async () => {
    for (const process of [...started].reverse()) await process.stop();
  };
  try {
    for (const process of [simulator, nodes[0]!, nodes[1]!, balancer]) {
      await process.start();
      started.push(process);
    }
    await waitForBackends(statsPort, 2);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    statsOrigin: `http://127.0.0.1:${statsPort}`,
    simulator,
    nodes,
    balancer,
    databaseUrl,
    simDatabaseUrl,
    redisUrl,
    adminPassword,
    providerSecret,
    stop,
  };
}

/** The nodes HAProxy sends to now (its stats page as CSV: servers of backend `api` that are UP). */
export async function backendsUp(statsPort: number): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
  const rows = (await response.text()).split('\n').map((line) => line.split(','));
  const header = rows[0] ?? [];
  const status = header.indexOf('status');
  return rows
    .filter((row) => row[0] === 'api' && row[1] !== 'BACKEND' && row[1] !== 'FRONTEND')
    .filter((row) => row[status] === 'UP')
    .map((row) => row[1] ?? '');
}

async function waitForBackends(statsPort: number, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await backendsUp(statsPort).catch(() => [])).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`HAProxy does not see ${count} nodes up in 30 s`);
}
