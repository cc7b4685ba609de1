/**
 * The operator console on Vite's dev server with hot reload, for `npm run dev`: apps/admin's own
 * Vite config (base /admin/), with /admin/api handed to the API (LOBBY_API_URL). Port
 * ADMIN_DEV_PORT (5174); open http://localhost:5174/admin/. There is no CSP nonce in development
 * (Vite serves index.html itself), so antd's styles need none.
 */
import { join } from 'node:path';
import { createServer } from 'vite';
import { root } from './supervise.ts';

const apiUrl = process.env.LOBBY_API_URL || 'http://127.0.0.1:3000';
const port = Number(process.env.ADMIN_DEV_PORT || 5174);

const server = await createServer({
  configFile: join(root, 'apps/admin/vite.config.ts'),
  root: join(root, 'apps/admin'),
  server: {
    port,
    strictPort: true,
    // Replaces apps/admin/vite.config.ts's target with the API of this run.
    proxy: { '/admin/api': { target: apiUrl, changeOrigin: false } },
  },
});
await server.listen();
server.printUrls();
console.info(`admin: /admin/api goes to ${apiUrl}`);

async function stop(): Promise<void> {
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
