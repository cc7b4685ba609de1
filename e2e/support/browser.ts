import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = join(import.meta.dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS_DIR, { recursive: true });

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Debian's Chromium, headless, with the flags this closed network needs. */
/**
 * Chromium for the tests. `secureOrigins`: brand hosts (`http://<code>.lobby.test:<port>`) to
 * treat as secure, as they are in production over HTTPS: the site encrypts passwords with
 * WebCrypto, which plain http offers only on loopback addresses.
 */
export function launchChromium(secureOrigins: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Brand hosts of the demo data resolve to this machine, so Host picks the brand.
      '--host-resolver-rules=MAP *.lobby.test 127.0.0.1',
      ...(secureOrigins.length > 0
        ? [`--unsafely-treat-insecure-origin-as-secure=${secureOrigins.join(',')}`]
        : []),
    ],
  });
}

export type WatchedPage = {
  page: Page;
  /** Console errors and page errors raised by our own origin. */
  errors: string[];
};

/** True for addresses of the site under test (any brand host), false for third parties. */
function isSiteAddress(address: string): boolean {
  if (address === '') return true;
  try {
    const { hostname } = new URL(address);
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname.endsWith('.lobby.test');
  } catch {
    return true;
  }
}

/**
 * A page that records every console error and uncaught exception of the site. Third-party
 * statistics scripts cannot load on this closed network; their failures are not the site's and
 * are left out (the loader itself only logs them as warnings).
 */
export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    if (!isSiteAddress(source)) return;
    errors.push(`${message.text()} (${source})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return { page, errors };
}

/** Text that looks like an i18n key left on screen (`web.home.title`, `errors:token`). */
export const RAW_KEY_PATTERN = /\b(?:web|common|errors|client)[.:][a-zA-Z]+[.a-zA-Z]*\b/;

/** Waits until the screen has rendered: the root holds content and no loading fallback is left. */
export async function waitForScreen(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.getElementById('root')?.innerText.trim().length ?? 0) > 0 &&
      !document.querySelector('[aria-busy="true"]'),
    undefined,
    { timeout: 10_000 },
  );
}
