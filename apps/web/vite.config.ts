import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Where the API listens in development (apps/api, PORT default 3000). */
const apiTarget = process.env['LOBBY_API_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // The app registers the worker itself (src/app/service-worker.ts), in production only.
      injectRegister: false,
      scope: '/',
      base: '/',
      // The brand is chosen at run time, so there is no static web manifest to publish.
      manifest: false,
      workbox: {
        // index.html is never cached: the server injects the brand's config into it.
        navigateFallback: null,
        globPatterns: ['**/*.{js,css,svg,webp,png,woff2}'],
        globIgnores: ['**/*.html'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no side effect, so a schema of @lobby/contracts that no
        // code uses is dropped, and zod stays out of /home's first screen.
        manualPureFunctions: ['z'],
      },
    },
  },
});
