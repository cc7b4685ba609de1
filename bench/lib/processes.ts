/**
 * The servers under test, each in its own process: a production-mode API node (what
 * `npm run start:api` runs, with NODE_ENV=production and LOG_LEVEL=warn) and a bare Fastify
 * baseline. CPU time per process is read from /proc, so a bench can print what each request
 * cost the server, apart from the load client's own work.
 */
import { managedProcess } from '../../cluster/cluster.ts';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const CLOCK_TICKS_PER_SECOND = 100;

export type ServerProcess = {
  origin: string;
  pid: number;
  /** User plus system CPU seconds the process has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
};

function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: fields 14 and 15 are utime and stime in clock ticks (after the comm field).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function start(
  script: string,
  port: number,
  env: Record<string, string>,
  readyPath: string,
  args: string[] = [],
): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const server = managedProcess(
    script,
    origin,
    readyPath,
    process.execPath,
    [...args, script],
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    'keep',
  );
  return server.start().then(() => ({
    origin,
    pid: server.pid(),
    cpuSeconds: () => cpuSecondsOf(server.pid()),
    stop: async () => {
      await server.stop();
    },
  }));
}

/**
 * An API node in production mode on the given PostgreSQL and Redis, or on the embedded database
 * and the in-process cache when they are not given (then DATA_DIR belongs in `extraEnv`).
 * `extraEnv` adds settings (GAME_PROVIDER_URL, RATE_LIMIT_MULTIPLIER); `nodeArgs` adds flags
 * such as --cpu-prof.
 */
export function startApiNode(options: {
  port: number;
  databaseUrl?: string;
  redisUrl?: string;
  extraEnv?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  return start(
    join(ROOT, 'apps/api/src/server.ts'),
    options.port,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
      ADMIN_PASSWORD: 'bench-admin-password',
      GAME_PROVIDER_SECRET: 'bench-provider-secret-0123456789',
      SEED_DEMO: '1',
      ...options.extraEnv,
    },
    '/readyz',
    options.nodeArgs,
  );
}

/** The baseline: a bare Fastify node answering a small JSON body (bench/lib/bare-server.ts). */
export function startBareNode(port: number): Promise<ServerProcess> {
  return start(join(import.meta.dirname, 'bare-server.ts'), port, {}, '/bare');
}

/** The machine's 1-minute load average, printed beside every figure. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
