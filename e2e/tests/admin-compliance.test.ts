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
  readConsoleOperator,
  saveConsoleOperator,
  type ConsoleOperator,
} from '../support/admin.ts';
import { ARTIFACTS_DIR, RAW_KEY_PATTERN, launchChromium } from '../support/browser.ts';
import { poll } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * A brand's compliance profile and the significant-event log in the console (issue 15): an
 * operator with compliance.manage sets a brand to UKGC with the mandatory parts locked, and
 * finds the change among the significant events' neighbours in the action log.
 */
const baseUrl = inject('baseUrl');
/** A demo brand no other browser test uses: its profile changes here, and back. */
const BRAND = 'haoyun';

let browser: Browser;
let page: Page;
let errors: string[];
let operator: ConsoleOperator;

beforeAll(async () => {
  browser = await launchChromium();
  operator = {
    username: uniqueUsername('cm'),
    password: 'compliance-browser-test-1',
    role: 'super_admin',
    brands: 'all',
  };
  await createOperator(baseUrl, await operatorToken(baseUrl), operator);
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

async function tidy() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    CONSOLE_DESKTOP.width,
  );
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(/\b(?:compliance|audit-events)[.:][a-zA-Z]+/);
  expect(errors).toEqual([]);
}

describe('compliance in the console', () => {
  it('sets a brand to UKGC with its mandatory parts locked, and back', async () => {
    await page.goto(`${baseUrl}/admin/compliance?brand=${BRAND}`);
    const profile = page.locator('.ant-form-item', { hasText: '合规模板' });
    await poll(() => profile.innerText()).toContain('标准');
    await profile.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'UKGC' }).click();
    // The profile's mandatory parts are locked.
    await poll(() => page.locator('.ant-alert').innerText()).toContain('强制项已锁定');
    expect(
      await page
        .locator('.ant-form-item', { hasText: '首存前须完成身份认证' })
        .locator('button[role="switch"]')
        .isDisabled(),
    ).toBe(true);
    await page.locator('#realityCheckDefaultMinutes').fill('45');
    await page.locator('#reason').fill('英国牌照生效');
    await page.locator('button[type="submit"]').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('已保存');
    await poll(() => page.locator('.ant-card-extra').innerText()).toContain('版本');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-compliance-desktop.png'),
      fullPage: true,
    });
    await tidy();

    // What members of the brand meet at once: the page reloads with the stored profile.
    await page.reload();
    await poll(() => profile.innerText()).toContain('UKGC');
    expect(await page.locator('#realityCheckDefaultMinutes').inputValue()).toBe('45');

    // Back to standard for the other tests.
    await profile.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '标准' }).click();
    await page.locator('#reason').fill('测试结束');
    await page.locator('button[type="submit"]').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('已保存');
  });

  it('lists the significant events of a period with their hashes', async () => {
    await page.goto(`${baseUrl}/admin/audit-events`);
    await poll(() => page.locator('.ant-layout-sider').innerText()).toContain('重要事件');
    // The console's own operators were made this run: permission changes in the platform's chain.
    await poll(() => page.locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.locator('#root').innerText()).toContain('后台权限变更');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-audit-events-desktop.png'),
      fullPage: true,
    });
    await tidy();
  });

  it('searches the exclusion registry by identifier, showing only brand and period', async () => {
    await page.goto(`${baseUrl}/admin/exclusion-registry`);
    await poll(() => page.locator('.ant-layout-sider').innerText()).toContain('自我排除名单');
    await page.locator('#value').fill(`86139${String(Date.now()).slice(-8)}`);
    await page.locator('button[type="submit"]').click();
    await poll(() => page.locator('.ant-table').innerText()).toContain('无命中');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-exclusion-registry-desktop.png'),
      fullPage: true,
    });
    await tidy();
  });
});
