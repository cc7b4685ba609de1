import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_TABLET,
  consoleOperator,
  enrolInConsole,
  finishEnrolment,
  openConsole,
  typeCode,
  loginToConsole,
  saveConsoleOperator,
  secondFactor,
  waitForNextStep,
  type ConsoleOperator,
} from '../support/admin.ts';
import { ARTIFACTS_DIR, launchChromium, openPage } from '../support/browser.ts';
import { poll, register } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { adjustBalance, operatorToken } from '../support/wallet.ts';

const baseUrl = inject('baseUrl');
/** The brand 127.0.0.1 resolves to: the default demo brand (CNY). */
const BRAND = 'jinsheng';

let browser: Browser;
let adminToken: string;
let operator: ConsoleOperator;
/** One console session shared by the screen tests after the login tests. */
let context: BrowserContext;
let page: Page;
let errors: string[];
/** A member with a balance adjustment waiting for a second operator. */
let member: string;

beforeAll(async () => {
  browser = await launchChromium();
  adminToken = await operatorToken(baseUrl);
  operator = await consoleOperator(baseUrl, adminToken);
  ({ context, page, errors } = await openConsole(browser, 'zh-CN'));
});
afterAll(async () => {
  await browser.close();
});

/** A screenshot into e2e/artifacts (admin-<name>.png), the viewport or the whole page. */
async function shot(target: Page, name: string, fullPage = false): Promise<void> {
  await target.screenshot({ path: join(ARTIFACTS_DIR, `admin-${name}.png`), fullPage });
}

/** Waits for the list's loading to end. */
async function settled(target: Page): Promise<void> {
  await target
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 });
}

/** Picks `label` in the antd Select of form field `name`. */
async function choose(target: Page, name: string, label: string): Promise<void> {
  await target.locator(`.ant-form-item:has(#${name}) .ant-select`).click();
  await target
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: label,
    })
    .first()
    .click();
}

/** The login's answer "a code is needed" is a 401: the browser logs it, the console expects it. */
const CODE_NEEDED = /Failed to load resource: .* 401 .*\/admin\/api\/login\)$/;

/** Nothing wider than the window, and no console error (missing texts and CSP refusals are). */
async function expectTidy(target: Page, seen: string[], width: number): Promise<void> {
  expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  expect(seen.filter((error) => !CODE_NEEDED.test(error))).toEqual([]);
}

describe('operator console', () => {
  it('sends a first login through TOTP enrolment: QR code, confirmation, recovery codes (zh-CN)', async () => {
    await page.goto(`${baseUrl}/admin/`);
    await page.waitForURL(`${baseUrl}/admin/login`);
    await poll(() => page.locator('.ant-card-head-title').innerText()).toBe('运营后台登录');
    await shot(page, 'login-zh');
    await page.locator('#username').fill(operator.username);
    await page.locator('#password').fill(operator.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/admin/enrol`);
    await shot(page, 'enrol-start-zh');

    const { qrValue, recoveryCodes } = await enrolInConsole(page, baseUrl, operator, () =>
      shot(page, 'enrol-qr-zh'),
    );
    expect(qrValue).toMatch(/^otpauth:\/\/totp\//);
    expect(qrValue).toContain(`secret=${operator.secret}`);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z2-9]{4}-?[A-Za-z2-9]{4}$/);
    await shot(page, 'enrol-codes-zh', true);
    // Going on needs the "I have saved them" step.
    expect(await page.locator('[data-testid="enrol-continue"]').isDisabled()).toBe(true);
    await finishEnrolment(page);
    await page.waitForURL(/\/admin\/?$/);
    await poll(() => page.locator('[data-testid="operator-name"]').innerText()).toBe(
      operator.username,
    );
    await poll(() => page.locator('h3').first().innerText()).toContain(operator.username);
    expect(await page.locator('.ant-layout-sider').innerText()).toContain('运营人员');
    await shot(page, 'home-zh');
    await expectTidy(page, errors, 1440);
  });

  it('logs in later with a TOTP code after refusing a wrong one with its message', async () => {
    await page.locator('header button', { hasText: '退出登录' }).click();
    await page.waitForURL(/\/admin\/login/);
    await poll(() => page.locator('.ant-alert').first().innerText()).toContain('已退出登录');
    await page.locator('#username').fill(operator.username);
    await page.locator('#password').fill(operator.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('.ant-otp').waitFor();
    await shot(page, 'totp-zh');

    // The enrolment used this step's code a moment ago.
    await waitForNextStep(operator);
    const factor = await secondFactor(operator);
    saveConsoleOperator(baseUrl, operator);
    if (!('totp' in factor)) throw new Error('expected a fresh TOTP step');
    const wrong = factor.totp.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
    await typeCode(page, wrong);
    await page.locator('button[type="submit"]').click();
    await poll(() => page.locator('[role="alert"]').innerText()).toMatch(/验证码|动态码|code/i);
    await shot(page, 'totp-wrong-zh');

    await typeCode(page, factor.totp);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="operator-name"]').waitFor();
    // The wrong code is a console error of the failed request only, never of the page's own.
    errors.length = 0;
  });

  it('creates an operator with a role and one brand, then disables it (en)', async () => {
    // The language switch in the header: English from now on, remembered.
    await page.locator('header .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
    await poll(() => page.locator('header button', { hasText: 'Log out' }).count()).toBe(1);
    await page.locator('.ant-layout-sider a', { hasText: 'Operators' }).click();
    await page.waitForURL(`${baseUrl}/admin/operators`);
    await settled(page);

    const username = uniqueUsername('cs');
    await page.locator('button', { hasText: 'New operator' }).click();
    const modal = page.locator('.ant-modal');
    await modal.locator('#operator_username').fill(username);
    await modal.locator('#operator_password').fill('a-long-enough-password');
    await choose(page, 'operator_role', 'Customer service');
    await modal.locator('#operator_brands').fill(BRAND);
    await page.keyboard.press('Enter');
    await modal.locator('#operator_reason').fill('a new customer service agent');
    await shot(page, 'operator-create-en');
    await modal.locator('button', { hasText: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });

    const row = page.locator('tr', { hasText: username });
    await poll(() => row.innerText()).toContain('Customer service');
    expect(await row.innerText()).toContain(BRAND);
    expect(await row.innerText()).toContain('Active');
    await row.locator('button', { hasText: 'Disable' }).click();
    const confirm = page.locator('.ant-modal');
    await poll(() => confirm.innerText()).toContain(`Disable ${username}?`);
    // A reason is required before anything is sent.
    await confirm.locator('button', { hasText: 'Confirm' }).click();
    await poll(() => confirm.innerText()).toContain('Please give a reason');
    await confirm.locator('#action_reason').fill('left the team');
    await confirm.locator('button', { hasText: 'Confirm' }).click();
    await poll(() => row.locator('[data-testid="operator-disabled"]').count()).toBe(1);
    expect(await row.innerText()).toContain('Disabled');
    await shot(page, 'operators-en');

    await page.locator('.ant-tabs-tab', { hasText: 'Roles and permissions' }).click();
    await page.waitForURL(`${baseUrl}/admin/operators/roles`);
    await poll(() => page.locator('thead').innerText()).toContain('Customer service');
    await shot(page, 'roles-en');
    await expectTidy(page, errors, 1440);
  });

  it('approves a waiting request from the queue, its filters kept in the URL over a reload', async () => {
    member = uniqueUsername('ap');
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const site = await openPage(memberContext);
    await register(site.page, baseUrl, member, 'approve1234');
    await memberContext.close();
    // Above the brand's threshold (1,000.00): a request for a second operator.
    const adjusted = (await adjustBalance(baseUrl, adminToken, {
      brand: BRAND,
      username: member,
      amount: '5000.00',
      reason: 'goodwill credit over the threshold',
    })) as unknown as { approvalRequest?: { id: string } };
    expect(adjusted.approvalRequest?.id).toBeTruthy();

    await page.locator('.ant-layout-sider a', { hasText: 'Approvals' }).click();
    await page.waitForURL(`${baseUrl}/admin/approvals`);
    await choose(page, 'filters_kind', 'Balance adjustment');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/kind=balance_adjustment/);
    await page.reload();
    await settled(page);
    expect(page.url()).toContain('kind=balance_adjustment');
    await poll(() => page.locator('.ant-form-item:has(#filters_kind)').innerText()).toContain(
      'Balance adjustment',
    );
    const row = page.locator('tr', { hasText: member });
    await poll(() => row.innerText()).toContain('5,000.00 CNY');
    expect(await row.innerText()).toContain('admin');
    await shot(page, 'approvals-en');

    await row.locator('button', { hasText: 'Approve' }).click();
    const confirm = page.locator('.ant-modal');
    await poll(() => confirm.innerText()).toContain('5,000.00 CNY');
    await confirm.locator('#action_reason').fill('checked with the member');
    await confirm.locator('button', { hasText: 'Confirm' }).click();
    await confirm.waitFor({ state: 'detached' });
    await poll(() => row.count()).toBe(0);

    await page.goto(`${baseUrl}/admin/approvals?status=approved&kind=balance_adjustment`);
    await settled(page);
    const approved = page.locator('tr', { hasText: member });
    await poll(() => approved.innerText()).toContain('Approved');
    expect(await approved.innerText()).toContain(operator.username);
    await expectTidy(page, errors, 1440);
  });

  it('filters the action log in the URL and opens a row to its values before and after', async () => {
    await page.locator('.ant-layout-sider a', { hasText: 'Action log' }).click();
    await page.waitForURL(`${baseUrl}/admin/actions`);
    await page.locator('#filters_operator').fill(operator.username);
    await page.locator('#filters_action').fill('operator_disable');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/operator=/);
    await page.reload();
    await settled(page);
    expect(await page.locator('#filters_operator').inputValue()).toBe(operator.username);
    const rows = page.locator('tbody tr.ant-table-row');
    await poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('left the team');
    await rows.first().locator('.ant-table-row-expand-icon').click();
    const expanded = page.locator('tr.ant-table-expanded-row');
    await poll(() => expanded.innerText()).toContain('Before');
    expect(await expanded.innerText()).toContain('disabled');
    await shot(page, 'actions-en');
    await expectTidy(page, errors, 1440);
  });

  it('searches members with the filters in the URL, sorts there, and opens a member', async () => {
    await page.goto(`${baseUrl}/admin/members`);
    await page.locator('#filters_q').fill(member);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/q=/);
    await page.reload();
    await settled(page);
    expect(await page.locator('#filters_q').inputValue()).toBe(member);
    const row = page.locator('tr', { hasText: member });
    await poll(() => row.innerText()).toContain('5,000.00 CNY');
    expect(await row.innerText()).toContain(BRAND);
    await shot(page, 'members-en');

    // Sorting goes to the URL too.
    await page.locator('th', { hasText: 'Username' }).click();
    await page.waitForURL(/sort=username/);

    await expectTidy(page, errors, 1440);
    // Each row opens the member's own page (features/member-360, tested with it).
    await row.locator('a', { hasText: member }).click();
    await page.waitForURL(/\/admin\/members\/\d+$/);
  });

  it('stays usable at a tablet width, in both languages', async () => {
    const tablet = await openConsole(browser, 'zh-CN', CONSOLE_TABLET);
    await loginToConsole(tablet.page, baseUrl, operator);
    for (const [language, path] of [
      ['zh', '/admin/members'],
      ['zh', '/admin/operators'],
      ['en', '/admin/approvals?status=approved'],
      ['en', '/admin/actions'],
    ] as const) {
      if (language === 'en') {
        await tablet.page.evaluate(() => window.localStorage.setItem('lobby-admin-lang', 'en'));
      }
      await tablet.page.goto(`${baseUrl}${path}`);
      await settled(tablet.page);
      await tablet.page.locator('[data-testid="operator-name"]').waitFor();
      await shot(tablet.page, `tablet-${language}-${path.split(/[/?]/)[2]}`);
      await expectTidy(tablet.page, tablet.errors, CONSOLE_TABLET.width);
    }
    await tablet.context.close();
  });
});

afterAll(async () => {
  await context.close().catch(() => undefined);
});
