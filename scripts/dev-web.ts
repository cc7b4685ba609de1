/**
 * The web app on Vite's dev server with hot reload, for `npm run dev`: apps/web's own Vite
 * config, with every path the API answers handed to it (LOBBY_API_URL), the customer service
 * chat's WebSocket included. Port WEB_DEV_PORT (5173).
 */
import { join } from 'node:path';
import { createServer, type ProxyOptions } from 'vite';
import { root } from './supervise.ts';

const apiUrl = process.env.LOBBY_API_URL || 'http://127.0.0.1:3000';
const port = Number(process.env.WEB_DEV_PORT || 5173);

// The Host header goes through unchanged: the API picks the brand by it (localhost: the default).
const toApi: ProxyOptions = { target: apiUrl, changeOrigin: false };

const server = await createServer({
  configFile: join(root, 'apps/web/vite.config.ts'),
  root: join(root, 'apps/web'),
  server: {
    port,
    strictPort: true,
    // Merged into apps/web/vite.config.ts's proxy, which hands over /api alone.
    proxy: {
      '/api': { ...toApi, ws: true },
      '/admin/api': toApi,
      '/sandbox': toApi,
      '/healthz': toApi,
      '/readyz': toApi,
    },
  },
});
await server.listen();
server.printUrls();
console.info(`web: the API's paths go to ${apiUrl}`);

async function stop(): Promise<void> {
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
