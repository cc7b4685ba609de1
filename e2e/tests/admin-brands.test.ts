import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  consoleStateFile,
  createOperator,
  loginToConsole,
  openConsole,
  operatorApi,
  readConsoleOperator,
  saveConsoleOperator,
  type ConsoleOperator,
} from '../support/admin.ts';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  RAW_KEY_PATTERN,
  launchChromium,
  openPage,
  waitForScreen,
} from '../support/browser.ts';
import { poll } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * A brand's theme in the console (issue 16, part 7): an operator changes the primary colour of
 * a brand, watching the preview, and the brand's member site shows it on its buttons; then the
 * operator restores the previous version and the old colour comes back. The brand is a copy of
 * a demo brand made for this run, so no other test sees its colours change.
 */
const baseUrl = inject('baseUrl');
const port = inject('port');
const SOURCE = 'tianyu';
const NEW_PRIMARY = '#12b886';

let browser: Browser;
let page: Page;
let errors: string[];
let operator: ConsoleOperator;
let code: string;
let oldPrimary: string;

beforeAll(async () => {
  browser = await launchChromium();
  const token = await operatorToken(baseUrl);
  code = `e2e${Date.now().toString(36)}`.slice(0, 16);
  const created = await operatorApi<{ settings: { theme: { primary: string } } }>(
    baseUrl,
    token,
    '/admin/api/brands',
    {
      body: { from: SOURCE, code, siteName: 'Theme Test', hosts: [`${code}.lobby.test`] },
    },
  );
  oldPrimary = created.settings.theme.primary;
  operator = {
    username: uniqueUsername('br'),
    password: 'brands-browser-test-1',
    role: 'super_admin',
    brands: 'all',
  };
  await createOperator(baseUrl, token, operator);
  const kept = readConsoleOperator(baseUrl);
  const opened = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP);
  try {
    await loginToConsole(opened.page, baseUrl, operator);
  } finally {
    if (kept) saveConsoleOperator(baseUrl, kept);
    else rmSync(consoleStateFile(baseUrl), { force: true });
  }
  page = opened.page;
  errors = opened.errors;
  errors.length = 0;
});
afterAll(async () => {
  await browser?.close();
});

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The member site's register button: its background is the theme's primary gradient. */
async function memberPrimary(): Promise<{ variable: string; button: string }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const member = await openPage(context);
  try {
    await member.page.goto(`http://${code}.lobby.test:${port}/home`);
    const button = member.page.locator('.site-header a.btn--primary[href="/register"]').first();
    // A loaded machine can take a while for the first screen.
    await button.waitFor({ timeout: 30_000 });
    await waitForScreen(member.page);
    const seen = {
      variable: await member.page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      ),
      button: await button.evaluate((element) => getComputedStyle(element).backgroundImage),
    };
    await member.page.screenshot({
      path: join(ARTIFACTS_DIR, `admin-brands-member-${seen.variable.slice(1)}.png`),
    });
    expect(member.errors).toEqual([]);
    return seen;
  } finally {
    await context.close();
  }
}

async function tidy() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    CONSOLE_DESKTOP.width,
  );
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(/\bbrands[.:][a-zA-Z]+/);
  expect(errors).toEqual([]);
}

describe('brand settings in the console', () => {
  it('changes a brand theme colour, seen on its member site, and restores it', async () => {
    const before = await memberPrimary();
    expect(before.variable.toLowerCase()).toBe(oldPrimary);
    expect(before.button).toContain(`${rgb(oldPrimary)} 48%`);

    // The list, then the brand's settings.
    await page.goto(`${baseUrl}/admin/brands`);
    // The console's first screens load their code on first use: slow on a loaded machine.
    await poll(() => page.locator('[data-testid="brands-list"]').innerText(), 30_000).toContain(
      code,
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'admin-brands-list.png'), fullPage: true });
    await tidy();
    await page.locator(`[data-testid="brand-open-${code}"]`).click();
    await page.locator('[data-testid="brand-settings-form"]').waitFor({ timeout: 30_000 });
    await poll(() => page.locator('[data-testid="brand-colour-primary"]').inputValue()).toBe(
      oldPrimary,
    );

    // The preview follows the edit before anything is saved.
    await page.locator('[data-testid="brand-colour-primary"]').fill(NEW_PRIMARY);
    await poll(() =>
      page
        .locator('[data-testid="theme-preview-primary"]')
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe(rgb(NEW_PRIMARY));
    await page.locator('[data-testid="brand-reason"]').fill('新主题色');
    await page.locator('[data-testid="brand-save"]').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('已保存');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-brands-settings.png'),
      fullPage: true,
    });
    await tidy();

    // The member site shows it on the next page load.
    const changed = await memberPrimary();
    expect(changed.variable.toLowerCase()).toBe(NEW_PRIMARY);
    expect(changed.button).toContain(`${rgb(NEW_PRIMARY)} 48%`);

    // Versions: the old colour's version, compared with now, restored with a reason.
    await page.locator('[data-testid="brand-versions-tab"]').click();
    const versions = page.locator('[data-testid="brand-versions"]');
    await poll(() => versions.innerText(), 30_000).toContain('设置');
    await versions.locator('.ant-table-row-expand-icon').first().click();
    await poll(() => versions.innerText()).toContain(NEW_PRIMARY);
    expect(await versions.innerText()).toContain(oldPrimary);
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-brands-versions.png'),
      fullPage: true,
    });
    await versions.locator('[data-testid^="brand-restore-"]').first().click();
    const dialog = page.locator('.ant-modal');
    await dialog.locator('textarea').fill('恢复原来的颜色');
    await dialog.locator('.ant-btn-primary').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('已恢复');
    await tidy();

    const restored = await memberPrimary();
    expect(restored.variable.toLowerCase()).toBe(oldPrimary);
    expect(restored.button).toContain(`${rgb(oldPrimary)} 48%`);

    // The form shows the restored colour too.
    await page.getByRole('tab', { name: '设置' }).click();
    await poll(() => page.locator('[data-testid="brand-colour-primary"]').inputValue()).toBe(
      oldPrimary,
    );
  }, 240_000);
});
