/**
 * Starts the whole system and keeps it in one terminal: every service of Lobby as a child
 * process, with their logs interleaved. Ctrl-C (or SIGTERM) stops them all; if one exits, the
 * others are stopped too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const apiPort = process.env.PORT || '3000';
const simPort = process.env.GAME_SIM_PORT || '4100';
const SERVICES: { name: string; script: string; env?: NodeJS.ProcessEnv }[] = [
  {
    name: 'api',
    script: join(root, 'apps/api/src/server.ts'),
    // The API calls the simulator started beside it, unless told otherwise.
    env: { GAME_PROVIDER_URL: process.env.GAME_PROVIDER_URL || `http://127.0.0.1:${simPort}` },
  },
  {
    // The game provider simulator: plays every game platform, calls back the API beside it.
    name: 'game-sim',
    script: join(root, 'apps/game-sim/src/server.ts'),
    env: {
      LOBBY_CALLBACK_URL: process.env.LOBBY_CALLBACK_URL || `http://127.0.0.1:${apiPort}`,
    },
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
