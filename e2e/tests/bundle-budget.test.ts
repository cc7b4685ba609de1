import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  launchChromium,
  PHONE,
  PHONE_USER_AGENT,
  waitForScreen,
} from '../support/browser.ts';
import { languagePacks, recordFirstVisit, type FirstVisit } from '../support/first-visit.ts';

/**
 * The bundle budget of the member site: what a browser really loads on a first visit of the
 * home screens (an empty cache, every lazy chunk, the data and the images the screen asks for
 * until the network is quiet), counted on the wire as this server sends it. It replaces the
 * build-time count of the entry's static imports, which missed the chunks a screen loads as it
 * renders. Raising a figure here is a decision: say why in the commit.
 *
 * Measured (issue 14): desktop /home 221 KB of JavaScript in 34 files, phone /app/home 217 KB
 * in 32 files (brotli); before precompression and one language pack, 811 KB in 45 files.
 */
export const BUDGET = {
  /** JavaScript of the site's origin, bytes on the wire. */
  scriptBytes: 250 * 1024,
  /**
   * Script files of the site's origin. 37 since issue 15 (desktop /home loads one more shared
   * chunk after the player-protection and recall screens joined the route table; its bytes stay
   * within the byte budget).
   */
  scriptFiles: 37,
  /** Everything the visit transferred: page, styles, scripts, data, images. */
  totalBytes: 330 * 1024,
} as const;

const port = inject('port');
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: PHONE,
  userAgent: PHONE_USER_AGENT,
  isMobile: true,
  hasTouch: true,
};

/** The home screen is up with its banner: the largest paint of the visit. */
async function homeWithBanner(page: Page): Promise<void> {
  await waitForScreen(page);
  await page.getByTestId('promo-banner').first().locator('img').waitFor({ timeout: 10_000 });
}

async function firstVisit(
  url: string,
  options: BrowserContextOptions,
): Promise<FirstVisit & { close(): Promise<void> }> {
  // No service worker: its install would fetch the whole site, which is not the page's load.
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  const visit = await recordFirstVisit(context, url, homeWithBanner);
  return { ...visit, close: () => context.close() };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('bundle budget: the first visit of a home screen', () => {
  it.each([
    { name: 'desktop /home', path: '/home', options: { viewport: DESKTOP }, screen: '/home' },
    { name: 'phone /home', path: '/home', options: PHONE_CONTEXT, screen: '/app/home' },
    { name: 'phone /app/home', path: '/app/home', options: PHONE_CONTEXT, screen: '/app/home' },
  ])('$name stays within the budget', async ({ path, options, screen }) => {
    const visit = await firstVisit(`${baseUrl}${path}`, options);
    expect(new URL(visit.page.url()).pathname).toBe(screen);
    console.info(
      `${path} -> ${screen}: JavaScript ${kilobytes(visit.scriptBytes)} in ` +
        `${visit.scripts.length} files, all ${kilobytes(visit.totalBytes)} in ` +
        `${visit.files.length} responses`,
    );
    expect(visit.scriptBytes).toBeLessThanOrEqual(BUDGET.scriptBytes);
    expect(visit.scripts.length).toBeLessThanOrEqual(BUDGET.scriptFiles);
    expect(visit.totalBytes).toBeLessThanOrEqual(BUDGET.totalBytes);
    await visit.close();
  });

  it('gets every script and style sheet, and the page, compressed', async () => {
    const visit = await firstVisit(`${baseUrl}/app/home`, PHONE_CONTEXT);
    const origin = new URL(baseUrl).origin;
    const built = visit.files.filter(
      (file) =>
        file.url.startsWith(origin) &&
        ['Document', 'Script', 'Stylesheet'].includes(file.type) &&
        file.status === 200,
    );
    expect(built.length).toBeGreaterThan(10);
    expect(built.filter((file) => file.encoding !== 'br').map((file) => file.url)).toEqual([]);
    await visit.close();
  });
});

describe('language packs', () => {
  it.each([
    { host: '127.0.0.1', language: 'zh-CN' },
    { host: 'lumen.lobby.test', language: 'en' },
    { host: 'yuelan.lobby.test', language: 'zh-TW' },
  ])(
    "a first visit on $host loads the brand's pack only ($language)",
    async ({ host, language }) => {
      const visit = await firstVisit(`http://${host}:${port}/home`, { viewport: DESKTOP });
      expect(languagePacks(visit.scripts)).toEqual([language]);
      await visit.close();
    },
  );

  it('loads the chosen language when the member switches, and only it', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    const visit = await recordFirstVisit(context, `${baseUrl}/home`, homeWithBanner);
    expect(languagePacks(visit.scripts)).toEqual(['zh-CN']);
    const header = visit.page.locator('.site-header');
    await header.locator('button[lang="en"]').first().click();
    await expect.poll(() => header.innerText()).toContain('Home');
    await visit.page.waitForLoadState('networkidle');
    expect(languagePacks(visit.files.filter((file) => file.type === 'Script'))).toEqual([
      'en',
      'zh-CN',
    ]);
    await context.close();
  });
});
