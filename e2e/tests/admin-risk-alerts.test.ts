import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  CONSOLE_TABLET,
  consoleStateFile,
  createOperator,
  loginToConsole,
  openConsole,
  readConsoleOperator,
  saveConsoleOperator,
  type ConsoleLanguage,
  type ConsoleOperator,
} from '../support/admin.ts';
import { RAW_KEY_PATTERN, launchChromium } from '../support/browser.ts';
import { registerMember, type Member } from '../support/cashier.ts';
import { poll } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * The risk-alert queue of the console (issue 15, point 8): members registered from one address
 * (every browser test's members come from 127.0.0.1) trip the shared-identifier rule; a risk
 * operator finds the alert by member, claims it, adds a note and resolves it, and the member 360
 * shows the member's open alerts.
 */

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/lobby-shots';
const SCREEN_KEY_PATTERN = /\b(?:risk-alerts|riskAlerts)[.:][a-zA-Z]+/;

type Session = { page: Page; errors: string[] };

let browser: Browser;
let risk: ConsoleOperator;
let session: Session;
let member: Member;

async function login(operator: ConsoleOperator, language: ConsoleLanguage): Promise<Session> {
  const kept = readConsoleOperator(baseUrl);
  const opened = await openConsole(browser, language, CONSOLE_DESKTOP);
  try {
    await loginToConsole(opened.page, baseUrl, operator);
  } finally {
    if (kept) saveConsoleOperator(baseUrl, kept);
    else rmSync(consoleStateFile(baseUrl), { force: true });
  }
  opened.errors.length = 0;
  return { page: opened.page, errors: opened.errors };
}

async function settled(page: Page): Promise<void> {
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('.ant-skeleton').first().waitFor({ state: 'detached', timeout: 10_000 });
}

async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function expectTidy(width = CONSOLE_DESKTOP.width): Promise<void> {
  const { page, errors } = session;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(SCREEN_KEY_PATTERN);
  expect(errors).toEqual([]);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  const adminToken = await operatorToken(baseUrl);
  risk = {
    username: uniqueUsername('riska'),
    password: 'risk-browser-test-1',
    role: 'risk',
    brands: 'all',
  };
  await createOperator(baseUrl, adminToken, risk);
  // Three members from one address: the third shares it with two others.
  await registerMember(baseUrl, 'rk');
  await registerMember(baseUrl, 'rk');
  member = await registerMember(baseUrl, 'rk');
  session = await login(risk, 'zh-CN');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await session?.page
    .screenshot({ path: join(SHOTS, 'failed-risk-alerts.png'), fullPage: true })
    .catch(() => undefined);
  console.error(`risk operator at ${session?.page.url()}: ${session?.errors.join('\n')}`);
});

describe('the risk-alert queue', () => {
  it('finds the alert by member, claims it, notes it and resolves it', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/admin/risk-alerts`);
    await page.locator('[data-testid="operator-name"]').waitFor();
    expect(await page.locator('.ant-layout-sider').innerText()).toContain('风险预警');
    await page.locator('#filters_username').fill(member.username);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/username=/);
    await settled(page);
    const row = page.locator('tr.ant-table-row', { hasText: member.username });
    await poll(() => row.innerText()).toContain('设备/IP/账户共用');
    expect(await row.innerText()).toContain('待处理');

    await row.locator('[data-testid="alert-claim"]').click();
    await poll(() => row.innerText()).toContain(risk.username);

    // The row opens to the figures and the notes.
    await row.locator('.ant-table-row-expand-icon').click();
    await page.locator('[data-testid="alert-figures"]').waitFor();
    await page.locator('[data-testid="alert-note-input"]').fill('已核实：同一网吧的三个账户');
    await page.locator('[data-testid="alert-add-note"]').click();
    await poll(() => page.locator('[data-testid="alert-note"]').count()).toBe(1);
    await shot(page, 'risk-alerts-zh');
    await expectTidy();

    await row.locator('button', { hasText: '处理完毕' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.locator('textarea').fill('同一网吧，非关联账户');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await modal.waitFor({ state: 'detached' });
    // Resolved alerts leave the open queue; the resolved list has it with its resolution.
    await poll(() => page.locator('tr.ant-table-row', { hasText: member.username }).count()).toBe(
      0,
    );
    await page.goto(`${baseUrl}/admin/risk-alerts?status=resolved&username=${member.username}`);
    await settled(page);
    const resolved = page.locator('tr.ant-table-row', { hasText: member.username });
    await poll(() => resolved.innerText()).toContain('已处理');
    await expectTidy();
  });

  it('shows the queue in English, and a member’s open alerts on the member 360', async () => {
    session = await login(risk, 'en');
    const { page } = session;
    const other = await registerMember(baseUrl, 'rk');
    await page.goto(`${baseUrl}/admin/risk-alerts?username=${other.username}`);
    await page.locator('[data-testid="operator-name"]').waitFor();
    await settled(page);
    const row = page.locator('tr.ant-table-row', { hasText: other.username });
    await poll(() => row.innerText()).toContain('Shared device, IP or account');
    await shot(page, 'risk-alerts-en');
    await expectTidy();
    // On a tablet the table scrolls inside its card; the page does not.
    await page.setViewportSize(CONSOLE_TABLET);
    await shot(page, 'risk-alerts-en-tablet');
    await expectTidy(CONSOLE_TABLET.width);
    await page.setViewportSize(CONSOLE_DESKTOP);

    await row.locator('a', { hasText: other.username }).click();
    const panel = page.locator('[data-testid="member-risk-alerts"]');
    await panel.waitFor();
    await poll(() => panel.innerText()).toContain('Shared device, IP or account');
    await shot(page, 'member-360-risk-alerts-en');
    await expectTidy();
  });
});
