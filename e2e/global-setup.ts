import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
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

async function waitForReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site exited during start:\n${log()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the site did not become ready in 60 s:\n${log()}`);
}

/**
 * Starts the whole site as `npm start` does (built web app, embedded database in a fresh data
 * directory, demo data) on a free port, for the browser tests; stops it afterwards.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('the web app is not built: run `npm run build` before the browser tests');
  }
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error("Chromium is missing: install Debian's chromium package (see README.md)");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every captcha accepts this code, so the browser tests can log in (never in production).
      CAPTCHA_TEST_CODE: 'test',
      // Every browser test comes from 127.0.0.1: room for all of them within a minute.
      RATE_LIMIT_MULTIPLIER: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    // Whatever the browser tests did with money, the ledger must still prove its invariants.
    const check = spawnSync(process.execPath, [join(root, 'apps/api/src/ledger-check.ts')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    rmSync(dataDir, { recursive: true, force: true });
    if (check.status !== 0) {
      throw new Error(
        `ledger check after the browser tests failed:\n${check.stdout}${check.stderr}`,
      );
    }
    console.info(check.stdout.trim());
  };
}
