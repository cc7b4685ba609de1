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
import {
  ARTIFACTS_DIR,
  DESKTOP,
  RAW_KEY_PATTERN,
  launchChromium,
  openPage,
} from '../support/browser.ts';
import { expectTidy, openScreen, poll, shot } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * Marketing in the console (issue 16, part 4): an operator creates a promotion with the rule
 * editor the contract's schema checks, publishes it, and a visitor of the brand's site finds it in
 * the promotion list; an operator changes a home banner and the brand's home shows it.
 */
const baseUrl = inject('baseUrl');
const port = inject('port');
/** A demo brand no other browser test uses: its promotions and banners change here. */
const BRAND = 'taihe';
const site = `http://${BRAND}.lobby.test:${port}`;

let browser: Browser;
let page: Page;
let errors: string[];
let operator: ConsoleOperator;

beforeAll(async () => {
  browser = await launchChromium();
  operator = {
    username: uniqueUsername('mk'),
    password: 'marketing-browser-test-1',
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
  expect(text).not.toMatch(/\bmarketing[.:][a-zA-Z]+/);
  expect(errors).toEqual([]);
}

async function consoleShot(name: string) {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * A visitor of the brand's member site on its own host (the promotion list and the home banners
 * are public: members and guests see the same).
 */
async function memberPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const opened = await openPage(context);
  return opened.page;
}

/** The error antd shows under a form field. */
function fieldError(id: string) {
  return page
    .locator('.ant-form-item', { has: page.locator(`[id="${id}"]`) })
    .last()
    .locator('.ant-form-item-explain-error');
}

describe('promotions in the console', () => {
  it('creates a deposit bonus checked by the rules schema, publishes it, and a member sees it', async () => {
    const stamp = Date.now().toString(36);
    const title = `控制台首存加码${stamp}`;
    await page.goto(`${baseUrl}/admin/promotions?brand=${BRAND}`);
    await poll(() => page.locator('.ant-layout-sider').innerText()).toContain('活动管理');
    await poll(() => page.locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await consoleShot('admin-marketing-promotions');
    await tidy();

    await page.locator('[data-testid="promotion-create"]').click();
    await page.waitForURL(/\/admin\/promotions\/new/);
    await page.locator('[data-testid="promotion-kind"]').click();
    await page.locator('.ant-select-item-option', { hasText: '存款红利' }).click();
    await poll(() => page.locator('[data-testid="rules-tier-0-percent"]').isVisible()).toBe(true);

    // The rules schema of the kind, as the API runs it, checks the tiers as they are typed.
    await page.locator('[data-testid="rules-tier-0-percent"]').fill('2000');
    await page.locator('[data-testid="rules-claimWithinHours"]').click();
    await poll(() => fieldError('promotion_rules_tiers_0_percent').count()).toBe(1);
    await poll(() => page.locator('[data-testid="schema-errors"]').innerText()).toContain(
      'rules.tiers.0.percent',
    );
    // Saving with no title: the endpoint's schema answers at the title field, nothing is sent.
    await page.locator('[data-testid="promotion-save"]').click();
    await poll(() => fieldError('promotion_title_zh-CN').count()).toBe(1);
    await consoleShot('admin-marketing-promotion-errors');
    expect(page.url()).toContain('/promotions/new');

    await page.locator('[data-testid="rules-tier-0-percent"]').fill('50');
    await page.locator('[data-testid="rules-claimWithinHours"]').click();
    await poll(() => fieldError('promotion_rules_tiers_0_percent').count()).toBe(0);
    await page.locator('[data-testid="title-zh-CN"]').fill(title);
    await page.locator('[data-testid="summary-zh-CN"]').fill('存款即送 50% 红利');
    await page
      .locator('[data-testid="body-zh-CN"]')
      .fill('## 活动规则\n\n存款满 **100 元** 即可参加。');
    // The member site's card and the body as its renderer makes it.
    const preview = page.locator('[data-testid="member-preview"]');
    await poll(() => preview.innerText()).toContain(title);
    await poll(() => preview.locator('h2').innerText()).toBe('活动规则');
    expect(await preview.locator('strong', { hasText: '100 元' }).count()).toBe(1);
    expect(await preview.innerText()).toContain('长期有效');
    await page.locator('[data-testid="promotion-save"]').click();
    await page.waitForURL(/\/admin\/promotions\/\d+\?brand=taihe/);
    const id = /promotions\/(\d+)/.exec(page.url())?.[1] ?? '';
    await poll(() => page.locator('.ant-tag', { hasText: '草稿' }).count()).toBeGreaterThan(0);
    await consoleShot('admin-marketing-promotion-edit');
    await tidy();

    // Publish, with the reason the action log keeps.
    await page.locator(`[data-testid="promotion-publish-${id}"]`).click();
    await page.locator('.ant-modal #action_reason').fill('首存活动上线');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('活动已发布');
    await poll(() => page.locator('.ant-tag', { hasText: '进行中' }).count()).toBeGreaterThan(0);

    // The list filtered by status and kind in the URL finds it.
    await page.goto(`${baseUrl}/admin/promotions?brand=${BRAND}&status=active&kind=deposit_bonus`);
    await poll(() => page.locator('tr.ant-table-row').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(title)]),
    );
    await tidy();

    const member = await memberPage();
    await openScreen(member, site, '/activity/discount');
    await poll(() => member.locator('.activity-card').allInnerTexts(), 20_000).toEqual(
      expect.arrayContaining([expect.stringContaining(title)]),
    );
    const card = member.locator('.activity-card', { hasText: title });
    expect(await card.innerText()).toContain('存款即送 50% 红利');
    await shot(member, 'admin-marketing-member-activity');
    await expectTidy(member, DESKTOP.width);
    await card.click();
    await poll(() => member.locator('strong', { hasText: '100 元' }).count()).toBe(1);
    await member.context().close();
  }, 180_000);
});

describe('banners in the console', () => {
  it("changes a home banner and the brand's home shows it", async () => {
    const stamp = Date.now().toString(36);
    const title = `控制台横幅${stamp}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360"><rect width="1200" height="360" fill="#16a34a"/><text x="80" y="200" font-family="sans-serif" font-size="72" fill="#fff">E2E ${stamp}</text></svg>`;
    const image = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    await page.goto(`${baseUrl}/admin/promo-banners?brand=${BRAND}`);
    const row = page.locator('tr.ant-table-row', { hasText: '首页横幅' }).first();
    await row.waitFor();
    await poll(() => page.locator('[data-testid="image-preview"]').count()).toBeGreaterThan(0);
    await consoleShot('admin-marketing-banners');
    await tidy();

    await row.locator('[data-testid^="banner-edit-"]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('[data-testid="title-zh-CN"]').fill(title);
    await modal.locator('[data-testid="body-zh-CN"]').fill(title);
    await modal.locator('[data-testid="banner-image"]').fill(image);
    await modal.locator('[data-testid="banner-link"]').fill('/activity/discount');
    await modal.locator('#banner_sort').fill('-1000');
    await poll(() => modal.locator('[data-testid="image-preview"] img').getAttribute('src')).toBe(
      image,
    );
    // A link the contract refuses is answered at its field before anything is sent.
    await modal.locator('[data-testid="banner-link"]').fill('javascript:alert(1)');
    await modal.locator('[data-testid="banner-save"]').click();
    await poll(() => modal.locator('[data-testid="schema-errors"]').innerText()).toContain(
      'linkUrl',
    );
    await modal.locator('[data-testid="banner-link"]').fill('/activity/discount');
    await consoleShot('admin-marketing-banner-edit');
    await modal.locator('[data-testid="banner-save"]').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('已保存');
    await poll(() => page.locator('tr.ant-table-row').first().innerText()).toContain(title);
    await tidy();

    const member = await memberPage();
    // The home holds many parts loading on their own: the banner is what this waits for.
    await member.goto(`${site}/home`);
    const first = member.locator('[data-testid="promo-banner"]').first();
    await poll(() => first.locator('img').getAttribute('src'), 30_000).toBe(image);
    expect(await first.locator('img').getAttribute('alt')).toBe(title);
    expect(await first.locator('a').getAttribute('href')).toBe('/activity/discount');
    await shot(member, 'admin-marketing-member-home', false);
    await member.context().close();
  }, 180_000);
});
