/// <reference types="vite-plugin-pwa/vanillajs" />
import { afterPageLoad } from '../lib/after-page-load.ts';

/** Name of the window event fired when the worker first takes control (offline ready). */
export const OFFLINE_READY_EVENT = 'offline-ready';

/**
 * Registers the service worker at the site root, scope '/', in production builds only, once the
 * page has loaded: on a first visit the worker's install downloads every file of the site for
 * offline use, which must not compete with what the first screen needs. The worker updates
 * itself ('autoUpdate'): when a new version activates the page reloads, and on the first
 * activation the page hears `offline-ready`.
 */
export function registerServiceWorker(onOfflineReady: () => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        registerSW({
          immediate: true,
          onOfflineReady() {
            window.dispatchEvent(new Event(OFFLINE_READY_EVENT));
            onOfflineReady();
          },
          onRegisterError(error: unknown) {
            console.warn('service worker registration failed', error);
          },
        });
      })
      .catch((error: unknown) => console.warn('service worker module failed to load', error));
  };
  afterPageLoad(register);
}
