import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { consoleStateFile } from './support/admin.ts';
import { operatorStateFile } from './support/wallet.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    /** The game provider simulator (apps/game-sim): where its game pages are served. */
    gameSimUrl: string;
  }
}

const root = join(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

type Service = { name: string; child: ChildProcess; log: () => string };

/** Runs a Node script of the repository with its output kept for error messages. */
function startService(name: string, script: string, env: NodeJS.ProcessEnv): Service {
  let output = '';
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, child, log: () => output };
}

async function waitForReady(url: string, service: Service): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) {
      throw new Error(`${service.name} exited during start:\n${service.log()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${service.name} did not become ready in 60 s:\n${service.log()}`);
}

async function stopService(service: Service): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the whole system as `npm start` does, each service on a free port with a fresh data
 * directory: the site (built web app, embedded database, demo data) and the game provider
 * simulator whose game pages the site opens. Stops both afterwards and checks the ledger.
 */
export default async function setup(project: TestProject) {
  for (const app of ['web', 'admin']) {
    if (!existsSync(join(root, `apps/${app}/dist/index.html`))) {
      throw new Error(
        `the ${app} app is not built: run \`npm run build\` before the browser tests`,
      );
    }
  }
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error("Chromium is missing: install Debian's chromium package (see README.md)");
  }
  const port = await freePort();
  const simPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-e2e-'));
  const simDataDir = mkdtempSync(join(tmpdir(), 'lobby-e2e-sim-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The demo operator's enrolment belongs to this run's database only.
  rmSync(operatorStateFile(baseUrl), { force: true });
  rmSync(consoleStateFile(baseUrl), { force: true });
  const gameSimUrl = `http://127.0.0.1:${simPort}`;

  const sim = startService('the game provider simulator', 'apps/game-sim/src/server.ts', {
    GAME_SIM_HOST: '127.0.0.1',
    GAME_SIM_PORT: String(simPort),
    GAME_SIM_PUBLIC_URL: gameSimUrl,
    GAME_SIM_DATABASE_URL: '',
    LOBBY_CALLBACK_URL: baseUrl,
    DATA_DIR: simDataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });
  const site = startService('the site', 'apps/api/src/server.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    GAME_PROVIDER_URL: gameSimUrl,
    // Every captcha accepts this code, so the browser tests can log in (never in production).
    CAPTCHA_TEST_CODE: 'test',
    // Every browser test comes from 127.0.0.1: room for all of them within a minute.
    RATE_LIMIT_MULTIPLIER: '20',
    // The reports' rollups follow the browser tests' money within seconds.
    REPORTS_SWEEP_INTERVAL_MS: '5000',
  });
  try {
    await Promise.all([waitForReady(gameSimUrl, sim), waitForReady(baseUrl, site)]);
  } catch (error) {
    await Promise.all([stopService(site), stopService(sim)]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(simDataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  project.provide('gameSimUrl', gameSimUrl);

  return async () => {
    // The site first: its sweeps may still be asking the simulator.
    await stopService(site);
    await stopService(sim);
    // Whatever the browser tests did with money, the ledger must still prove its invariants,
    // and every chain of the significant-event log must be whole (decision 0019).
    const runCheck = (script: string) =>
      spawnSync(process.execPath, [join(root, script)], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
    const check = runCheck('apps/api/src/ledger-check.ts');
    const audit = runCheck('apps/api/src/audit-verify.ts');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(simDataDir, { recursive: true, force: true });
    rmSync(operatorStateFile(baseUrl), { force: true });
    rmSync(consoleStateFile(baseUrl), { force: true });
    if (check.status !== 0) {
      throw new Error(
        `ledger check after the browser tests failed:\n${check.stdout}${check.stderr}`,
      );
    }
    console.info(check.stdout.trim());
    if (audit.status !== 0) {
      throw new Error(
        `audit:verify after the browser tests failed:\n${audit.stdout}${audit.stderr}`,
      );
    }
    console.info(audit.stdout.trim());
  };
}
