import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE } from '../support/browser.ts';
import { expectTidy, openScreen, shot } from '../support/flows.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

describe('help centre and app download', () => {
  it('opens the footer help topics, the seeded pages, and copies a contact (desktop)', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page, errors } = await openPage(context);
    await openScreen(page, baseUrl, '/home');
    await page.locator('.site-footer a[href="/help/deposit"]').click();
    await page.waitForURL(/\/help\/deposit$/);
    await expect
      .poll(() => page.locator('.help-article h2').first().textContent())
      .toBe('如何存款');
    await expect.poll(() => page.locator('.help-nav__heading').textContent()).toBe('存款帮助');
    await expect.poll(() => page.locator('.help-nav a').count()).toBe(7);

    // A link inside the article stays in the app.
    await page.locator('.help-nav a', { hasText: 'USDT 充值说明' }).click();
    await expect
      .poll(() => page.locator('.help-article a').first().getAttribute('href'))
      .toBe('/finance/deposit/virtualCoinHelp');

    // The demo chat handle is not a web address, so it is copied like the mail address.
    await page.locator('.help-contacts button.contact-item__action').last().click();
    // Other toasts may be up too (the service worker's offline-ready one on a fresh profile).
    await expect.poll(() => page.locator('.toast-host').innerText()).toContain('复制成功');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'service@jinsheng.example',
    );

    await openScreen(page, baseUrl, '/help/about');
    await expect
      .poll(() => page.locator('.help-article h2').first().textContent())
      .toBe('金盛娱乐');
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'help-desktop', false);

    await openScreen(page, baseUrl, '/help/nothing-here');
    await expect
      .poll(() => page.locator('.empty-state__title').textContent())
      .toBe('找不到这个帮助页面');
    // The 404 answer of the API is the only console error allowed.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });

  it('shows the help page and the download QR codes on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const { page, errors } = await openPage(context);
    await openScreen(page, baseUrl, '/help/withdraw');
    await expect
      .poll(() => page.locator('.help-article h2').first().textContent())
      .toBe('如何取款');
    await expectTidy(page, PHONE.width);
    await shot(page, 'help-phone');

    await openScreen(page, baseUrl, '/download');
    await expect.poll(() => page.locator('svg.qr-code').count()).toBe(2);
    expect(await page.locator('svg.qr-code').first().getAttribute('data-qr-value')).toBe(
      'https://jinsheng.lobby.test/download#ios',
    );
    await expectTidy(page, PHONE.width);
    await shot(page, 'download-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
