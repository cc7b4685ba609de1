import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * server.ts as a deploy runs it: a node process on the embedded database, stopped with SIGTERM.
 * While it drains (SHUTDOWN_DRAIN_MS) it still listens and /readyz answers 503, so a balancer
 * checking it (deploy/haproxy/haproxy.cfg) takes it out before it stops accepting connections.
 */

const SERVER = join(import.meta.dirname, 'server.ts');
const DRAIN_MS = 1_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The status of /readyz, or 'refused' when nothing listens. */
async function readiness(port: number): Promise<number | 'refused'> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'refused';
  }
}

// One process on the embedded database whatever the run: the PostgreSQL run need not repeat it.
describe.runIf(!process.env.DATABASE_URL)(
  'an API node stopped with SIGTERM',
  { timeout: 60_000 },
  () => {
    let dataDir: string;
    let node: ChildProcess;
    let port: number;
    let exited: Promise<number | null>;
    let listening: Promise<void>;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'lobby-drain-'));
      port = await freePort();
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const name of ['DATABASE_URL', 'DATABASE_SESSION_URL', 'REDIS_URL']) delete env[name];
      node = spawn(process.execPath, [SERVER], {
        env: {
          ...env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          // The demo brands: a database without any brand answers unknown_site even on /readyz.
          SEED_DEMO: '1',
          LOG_LEVEL: 'info',
          SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      exited = new Promise((resolve) => node.once('exit', (code) => resolve(code)));
      // Up: its log says so (a JSON line per event).
      listening = new Promise((resolve, reject) => {
        let seen = '';
        node.stdout?.on('data', (chunk: Buffer) => {
          seen += chunk.toString('utf8');
          if (seen.includes('Lobby is up')) resolve();
        });
        node.once('exit', (code) => reject(new Error(`the node exited with ${code}`)));
      });
    });
    afterAll(async () => {
      if (node.exitCode === null && node.signalCode === null) node.kill('SIGKILL');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    });

    it('answers /readyz 503 for its drain time, then stops listening and exits 0', async () => {
      await listening;
      expect(await readiness(port)).toBe(200);
      const stoppedAt = performance.now();
      node.kill('SIGTERM');
      // The first answer that is not 200 must be the drain's 503, not a refused connection.
      let status = await readiness(port);
      while (status === 200) status = await readiness(port);
      expect(status).toBe(503);
      expect(await exited).toBe(0);
      // A lower bound only: the drain's timer cannot fire sooner; a slow machine only adds.
      expect(performance.now() - stoppedAt).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(await readiness(port)).toBe('refused');
    });
  },
);
