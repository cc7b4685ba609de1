import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  launchChromium,
  openPage,
  PHONE,
  PHONE_USER_AGENT,
  RAW_KEY_PATTERN,
  waitForScreen,
} from '../support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

describe('home', () => {
  it('shows the default brand at desktop width, with no console error', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    await page.goto(`${baseUrl}/home`);
    await waitForScreen(page);
    expect(await page.title()).toBe('金盛娱乐');
    await expect.poll(() => page.locator('.site-header').innerText()).toContain('金盛娱乐');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(RAW_KEY_PATTERN);
    // Nothing wider than the window: no horizontal scrolling at desktop width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'home-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a phone on /home?x=1 to /app/home?x=1, the mobile site', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      userAgent: PHONE_USER_AGENT,
      isMobile: true,
      hasTouch: true,
    });
    const { page, errors } = await openPage(context);
    await page.goto(`${baseUrl}/home?x=1`);
    await page.waitForURL(`${baseUrl}/app/home?x=1`);
    await waitForScreen(page);
    await expect.poll(() => page.locator('body').innerText()).toContain('金盛娱乐');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'app-home-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a narrow desktop browser on /home, laid out for the phone width', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const { page, errors } = await openPage(context);
    await page.goto(`${baseUrl}/home`);
    await expect.poll(() => page.locator('.site-header').innerText()).toContain('金盛娱乐');
    expect(new URL(page.url()).pathname).toBe('/home');
    await waitForScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'home-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('language', () => {
  it('switches the texts between zh-CN, en and zh-TW, and remembers the choice', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    await page.goto(`${baseUrl}/home`);
    const header = page.locator('.site-header');
    await expect.poll(() => header.innerText()).toContain('首页');

    await header.locator('button[lang="en"]').first().click();
    await expect.poll(() => header.innerText()).toContain('Home');
    expect(await header.innerText()).not.toContain('首页');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await header.locator('button[lang="zh-TW"]').first().click();
    await expect.poll(() => header.innerText()).toContain('首頁');

    await page.reload();
    await expect.poll(() => page.locator('.site-header').innerText()).toContain('首頁');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY_PATTERN);
    expect(errors).toEqual([]);
    await context.close();
  });
});
