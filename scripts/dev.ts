/**
 * Development mode (`npm run dev`): the services of `npm start` restarting when a file they
 * import changes (node --watch), and the web app on Vite's dev server with hot reload
 * (scripts/dev-web.ts), which hands the API's paths to the API, and the operator console on its
 * own Vite dev server (scripts/dev-admin.ts). One terminal; Ctrl-C stops all.
 * Open http://localhost:5173/home (WEB_DEV_PORT) and http://localhost:5174/admin/ (ADMIN_DEV_PORT).
 */
import { join } from 'node:path';
import { lobbyServices, root, supervise } from './supervise.ts';

const apiPort = process.env.PORT || '3000';

supervise([
  // Node's watch mode keeps the others' output on screen rather than clearing it on a restart.
  ...lobbyServices(['--watch', '--watch-preserve-output']),
  {
    name: 'web',
    args: [join(root, 'scripts/dev-web.ts')],
    env: { LOBBY_API_URL: process.env.LOBBY_API_URL || `http://127.0.0.1:${apiPort}` },
  },
  {
    name: 'admin',
    args: [join(root, 'scripts/dev-admin.ts')],
    env: { LOBBY_API_URL: process.env.LOBBY_API_URL || `http://127.0.0.1:${apiPort}` },
  },
]);
