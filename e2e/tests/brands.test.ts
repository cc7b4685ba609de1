import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  launchChromium,
  openPage,
  waitForScreen,
} from '../support/browser.ts';

const port = inject('port');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

describe('brands by Host', () => {
  it.each([
    { host: 'longteng.lobby.test', name: '龙腾国际', primary: '#e0443e', language: 'zh-CN' },
    { host: 'lumen.lobby.test', name: 'Lumen Play', primary: '#f97316', language: 'en' },
    { host: 'yuelan.lobby.test', name: '悅瀾娛樂', primary: '#0ea5e9', language: 'zh-TW' },
  ])(
    '$host shows $name in its own theme and language',
    async ({ host, name, primary, language }) => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const { page, errors } = await openPage(context);
      await page.goto(`http://${host}:${port}/home`);
      await waitForScreen(page);
      await expect.poll(() => page.locator('.site-header').innerText()).toContain(name);
      expect(await page.title()).toBe(name);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      const themePrimary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      expect(themePrimary.toLowerCase()).toBe(primary);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `home-${host.split('.')[0]}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
