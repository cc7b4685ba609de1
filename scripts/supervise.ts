/**
 * Runs services as child processes in this terminal, their logs interleaved: Ctrl-C (or SIGTERM)
 * stops them all; if one exits, the others are stopped too. Used by `npm start` and `npm run dev`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sideBySideEnvironment } from '../apps/game-sim/src/config.ts';

export const root = join(import.meta.dirname, '..');

export type Service = {
  name: string;
  /** Arguments of this Node (process.execPath): a script, with Node's options before it. */
  args: string[];
  env?: NodeJS.ProcessEnv;
};

/**
 * The services of Lobby: the API and the game provider simulator, with `nodeOptions` before each
 * script. The API calls the simulator started beside it, the simulator calls the API back, and
 * the browser opens games on the simulator's port: all from PORT and GAME_SIM_PORT unless set.
 */
export function lobbyServices(nodeOptions: string[] = []): Service[] {
  const environments = sideBySideEnvironment(process.env);
  return [
    {
      name: 'api',
      args: [...nodeOptions, join(root, 'apps/api/src/server.ts')],
      env: environments.api,
    },
    {
      // The game provider simulator: plays every game platform, calls back the API beside it.
      name: 'game-sim',
      args: [...nodeOptions, join(root, 'apps/game-sim/src/server.ts')],
      env: environments.simulator,
    },
  ];
}

export function supervise(services: Service[]): void {
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  function stopAll(signal: NodeJS.Signals): void {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill(signal);
  }

  for (const service of services) {
    const child = spawn(process.execPath, service.args, {
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
}
