import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS_DIR, RAW_KEY_PATTERN, waitForScreen } from './browser.ts';
import { captchaPicture, field, TEST_CAPTCHA } from './members.ts';
import { WALLET_KEY_PATTERN } from './wallet.ts';

/**
 * Steps a member takes on the site, shared by the browser tests: open a screen, register,
 * secure the account, deposit through the sandbox gateway; and the checks every screen passes
 * (no raw text key, nothing wider than the window) with its screenshot.
 */

export const poll = <T>(read: () => T | Promise<T>, timeout = 10_000) =>
  expect.poll(read, { timeout });

export async function openScreen(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await waitForScreen(page);
}

/** No raw text key, and nothing wider than the window. */
export async function expectTidy(page: Page, width: number): Promise<void> {
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(WALLET_KEY_PATTERN);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** A full-page screenshot into e2e/artifacts, taken from the top. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  // Instantly: the site scrolls smoothly, and a picture taken mid-scroll puts the sticky header
  // in the middle of the page.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage });
}

/** Registers a member (the captcha accepts the test code) and lands on /home logged in. */
export async function register(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await openScreen(page, baseUrl, '/register');
  await captchaPicture(page);
  await field(page, 'username').fill(username);
  await field(page, 'password').fill(password);
  await field(page, 'confirmPassword').fill(password);
  await field(page, 'code').fill(TEST_CAPTCHA);
  await page.locator('input[name="agree"]').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await page.waitForURL(`${baseUrl}/home`);
}

/** The withdrawal password and the real name, on /user/personal. */
export async function secureAccount(
  page: Page,
  baseUrl: string,
  withdrawPassword: string,
  realName: string,
): Promise<void> {
  await openScreen(page, baseUrl, '/user/personal');
  const withdrawItem = page.locator('[data-item="withdrawPassword"]');
  await withdrawItem.getByRole('button', { name: '设置' }).click();
  await field(page, 'withdrawPassword').fill(withdrawPassword);
  await field(page, 'confirmWithdrawPassword').fill(withdrawPassword);
  await withdrawItem.getByRole('button', { name: '保存' }).click();
  await poll(() => withdrawItem.innerText()).toContain('已设置');
  const realNameItem = page.locator('[data-item="realName"]');
  await realNameItem.getByRole('button', { name: '设置' }).click();
  await field(page, 'realName').fill(realName);
  await realNameItem.getByRole('button', { name: '保存' }).click();
  await poll(() => realNameItem.innerText()).toContain('设置成功');
}

/** Deposits online through the sandbox gateway: the pay page, "支付成功", back to the status. */
export async function depositOnline(page: Page, baseUrl: string, typed: string): Promise<void> {
  await openScreen(page, baseUrl, '/finance/deposit');
  await page.locator('.channel-card[data-channel="online"]').click();
  await field(page, 'amount').fill(typed);
  await page.getByRole('button', { name: '立即存款' }).click();
  await page.waitForURL(/\/sandbox\/pay\/D\d+$/);
  await poll(() => page.locator('main').innerText()).toContain('收银台');
  await page.getByRole('button', { name: '支付成功' }).click();
  await page.waitForURL(/\/finance\/deposit\?orderNo=D\d+$/);
  await waitForScreen(page);
  await poll(() => page.getByTestId('deposit-status-title').innerText()).toContain('存款成功');
}

/** Adds a bank card in the member's real name (a Luhn-valid number) on /finance/addBankCard. */
export async function addBankCard(
  page: Page,
  baseUrl: string,
  card: string,
  holderName: string,
): Promise<void> {
  await openScreen(page, baseUrl, '/finance/addBankCard');
  await page.locator('select[name="bankCode"]').selectOption('icbc');
  await field(page, 'cardNumber').fill(card);
  await field(page, 'holderName').fill(holderName);
  await page.getByRole('button', { name: '确认添加' }).click();
  await page.waitForURL(`${baseUrl}/user/bankCardsManage?type=bank`);
}
