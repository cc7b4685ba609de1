/**
 * Starts the whole system and keeps it in one terminal: every service of Lobby as a child
 * process, with their logs interleaved. Ctrl-C (or SIGTERM) stops them all; if one exits, the
 * others are stopped too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sideBySideEnvironment } from '../apps/game-sim/src/config.ts';

const root = join(import.meta.dirname, '..');
// The API calls the simulator started beside it, the simulator calls the API back, and the
// browser opens games on the simulator's port: all from PORT and GAME_SIM_PORT unless set.
const environments = sideBySideEnvironment(process.env);
const SERVICES: { name: string; script: string; env?: NodeJS.ProcessEnv }[] = [
  {
    name: 'api',
    script: join(root, 'apps/api/src/server.ts'),
    env: environments.api,
  },
  {
    // The game provider simulator: plays every game platform, calls back the API beside it.
    name: 'game-sim',
    script: join(root, 'apps/game-sim/src/server.ts'),
    env: environments.simulator,
  },
];

const children = new Map<string, ChildProcess>();
let stopping = false;

function stopAll(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill(signal);
}

for (const service of SERVICES) {
  const child = spawn(process.execPath, [service.script], {
    stdio: 'inherit',
    env: { ...process.env, ...service.env },
    cwd: root,
  });
  children.set(service.name, child);
  child.on('exit', (code, signal) => {
    children.delete(service.name);
    if (!stopping) {
      console.error(`${service.name} exited (${signal ?? code}); stopping the others`);
      stopAll('SIGTERM');
    }
    if (children.size === 0) process.exit(code ?? 0);
  });
}

process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
