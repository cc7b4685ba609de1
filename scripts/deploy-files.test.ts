import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTING_NAMES as API_SETTINGS } from '../apps/api/src/config.ts';
import { SETTING_NAMES as SIM_SETTINGS } from '../apps/game-sim/src/config.ts';

/**
 * The deploy files (Dockerfile, compose.yaml, deploy/haproxy/haproxy.cfg) against the code they
 * run: no Docker here to build or start them, so what can drift is checked: the settings' names,
 * the commands, the workspaces the image installs, HAProxy's own check of its file.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
};
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const lobbyServices = Object.entries(services).filter(([, service]) =>
  service.image?.startsWith('lobby:'),
);
const apiNodes = lobbyServices.filter(([name]) => /^api-\d+$/.test(name));
const rootPackage = JSON.parse(read('package.json')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};

describe('compose.yaml', () => {
  it('runs the migrations once, and every API node only after they succeeded', () => {
    expect(services.migrate?.command).toEqual(['npm', 'run', 'db:migrate']);
    expect(rootPackage.scripts['db:migrate']).toBe('node apps/api/src/migrate.ts');
    expect(apiNodes.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    for (const [, node] of apiNodes) {
      expect(node.depends_on?.migrate).toEqual({
        condition: 'service_completed_successfully',
      });
    }
  });

  it('gives every service a health check, the one-shot migration excepted', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'migrate') expect(service.healthcheck).toEqual({ disable: true });
      else expect(service.healthcheck?.test?.length, name).toBeGreaterThan(1);
    }
  });

  it("sets only settings that the API or the simulator reads, under the code's names", () => {
    const known = new Set([...API_SETTINGS, ...SIM_SETTINGS]);
    expect(lobbyServices.length).toBe(4);
    for (const [name, service] of lobbyServices) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !known.has(key));
      expect(unknown, name).toEqual([]);
    }
    for (const [, node] of apiNodes) {
      expect(node.environment).toMatchObject({ TRUST_PROXY_HOPS: 1, PORT: 3000 });
      expect(Object.keys(node.environment ?? {})).toEqual(
        expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'SHUTDOWN_DRAIN_MS']),
      );
    }
  });

  it('starts the simulator as its package does, and puts HAProxy in front of every node', () => {
    const simPackage = JSON.parse(read('apps/game-sim/package.json')) as {
      scripts: Record<string, string>;
    };
    expect(simPackage.scripts.start).toBe('node src/server.ts');
    expect(services['game-sim']?.command).toEqual(['node', 'apps/game-sim/src/server.ts']);

    const haproxy = services.haproxy;
    expect(haproxy?.volumes).toContain(
      './deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    );
    const addresses = Object.entries(haproxy?.environment ?? {}).filter(([key]) =>
      key.startsWith('LOBBY_API_'),
    );
    expect(addresses.map(([, address]) => address)).toEqual(
      apiNodes.map(([name, node]) => `${name}:${node.environment?.PORT}`),
    );
    const config = read('deploy/haproxy/haproxy.cfg');
    for (const [key] of addresses) expect(config).toContain(`"\${${key}-`);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it("copies every workspace's manifest before npm ci", () => {
    const workspaces = rootPackage.workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
        : [pattern],
    );
    expect(workspaces.length).toBeGreaterThan(8);
    for (const workspace of workspaces) {
      if (!existsSync(path.join(ROOT, workspace, 'package.json'))) continue;
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/\n`);
    }
  });

  it('starts an API node as npm run start:api does, as a user other than root', () => {
    expect(rootPackage.scripts['start:api']).toBe('node apps/api/src/server.ts');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toContain('CMD ["node", "apps/api/src/server.ts"]');
    expect(runtime).toMatch(/\nUSER node\n/);
    expect(runtime).toMatch(/\nHEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "fetch\(/);
    // Only what the API and the simulator need at run time is installed.
    expect(dockerfile).toContain(
      'RUN npm ci --omit=dev --workspace @lobby/api --workspace @lobby/game-sim',
    );
  });
});

// HAProxy's own parser, where HAProxy is installed (apt-get install haproxy); skipped elsewhere.
const haproxyInstalled = spawnSync('haproxy', ['-v']).status === 0;

describe.skipIf(!haproxyInstalled)('deploy/haproxy/haproxy.cfg (haproxy -c)', () => {
  function check(environment: Record<string, string>) {
    const result = spawnSync('haproxy', ['-c', '-f', 'deploy/haproxy/haproxy.cfg'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...environment },
      encoding: 'utf8',
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  it('is valid for a cluster on this machine (its defaults)', () => {
    const { status, output } = check({});
    expect(output).toContain('Configuration file is valid');
    expect(status).toBe(0);
  });

  it("is valid with compose.yaml's settings", () => {
    const environment = Object.fromEntries(
      Object.entries(services.haproxy?.environment ?? {}).map(([key, value]) => [
        key,
        String(value),
      ]),
    );
    const { status, output } = check(environment);
    expect(output).toContain('Configuration file is valid');
    expect(status).toBe(0);
  });

  it('refuses a node address that cannot be one, so the check can fail', () => {
    const { status, output } = check({ LOBBY_API_1: '127.0.0.1:99999' });
    expect(output).toContain("invalid port '99999'");
    expect(status).not.toBe(0);
  });
});
