import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  consoleOperator,
  loginToConsole,
  openConsole,
  operatorApi,
} from '../support/admin.ts';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  launchChromium,
  openPage,
  PHONE,
  PHONE_USER_AGENT,
  waitForScreen,
} from '../support/browser.ts';
import { memberCall, registerMember, transferIn, type Member } from '../support/cashier.ts';
import { expectTidy, openScreen, poll, shot } from '../support/flows.ts';
import { captchaPicture, field, TEST_CAPTCHA } from '../support/members.ts';
import { adjustBalance, operatorToken } from '../support/wallet.ts';

/**
 * Game recall (issue 15, point 10) and the account history's net deposits (point 11) in a real
 * browser: a member plays 12 rounds of a slot on the simulator, the bet-record sync brings them
 * in, and the member sees the last 10 with the provider's details on /user/gameRecall at desktop
 * and phone widths; an operator sees the same in the member 360 view's recall tab.
 */
const baseUrl = inject('baseUrl');
const gameSimUrl = inject('gameSimUrl');
const BRAND = 'jinsheng';
/** A transfer-wallet slot platform of the catalog (鹏购电子) and one of its games. */
const SLOT = 17;
const GAME = 'golden-koi';
/** The member's password of support/cashier.ts registerMember. */
const PASSWORD = 'cashier1234';
/** The bet-record sync runs every 30 s: the rounds are in within about half a minute. */
const SYNC_WAIT_MS = 90_000;

let browser: Browser;
let member: Member;

/** Enters the game through Lobby and plays `rounds` slot rounds on the simulator's play API. */
async function playSlot(rounds: number): Promise<void> {
  const { data } = await memberCall<{ url: string }>(
    baseUrl,
    '/api/game/launch',
    { platform: String(SLOT), gameCode: GAME },
    member.token,
  );
  const url = new URL(data.url);
  const html = await (await fetch(`${gameSimUrl}${url.pathname}${url.search}`)).text();
  const config = /<script type="application\/json" id="play-config">(.*?)<\/script>/s.exec(html);
  const { sessionId } = JSON.parse(config?.[1] ?? '{}') as { sessionId: string };
  for (let round = 0; round < rounds; round += 1) {
    const response = await fetch(`${gameSimUrl}/play/api/round`, {
      method: 'POST',
      headers: { 'x-play-session': sessionId, 'content-type': 'application/json' },
      body: JSON.stringify({ params: { betMinor: '100' } }),
    });
    expect(response.status).toBe(200);
  }
}

async function login(page: Page): Promise<void> {
  await openScreen(page, baseUrl, '/login');
  await captchaPicture(page);
  await field(page, 'username').fill(member.username);
  await field(page, 'password').fill(PASSWORD);
  await field(page, 'code').fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

beforeAll(async () => {
  browser = await launchChromium();
  const token = await operatorToken(baseUrl);
  member = await registerMember(baseUrl, 'rc');
  await adjustBalance(baseUrl, token, {
    brand: BRAND,
    username: member.username,
    amount: '100.00',
    reason: 'game recall browser test',
  });
  expect((await transferIn(baseUrl, member, SLOT, '50')).status).toBe('success');
  await playSlot(12);
  // Wait for the sync (expect.poll belongs to tests, not hooks).
  const deadline = Date.now() + SYNC_WAIT_MS;
  let recorded = 0;
  while (recorded < 12 && Date.now() < deadline) {
    const { data } = await memberCall<{ items: { gameCode: string; rounds: number }[] }>(
      baseUrl,
      '/api/findmed/v1/member/record/recall/games',
      undefined,
      member.token,
    );
    recorded = data.items.find((item) => item.gameCode === GAME)?.rounds ?? 0;
    if (recorded < 12) await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  expect(recorded).toBe(12);
}, 180_000);
afterAll(async () => {
  await browser.close();
});

describe('game recall on the member site', () => {
  it('shows the last 10 rounds of a game with the provider details (desktop)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    await login(page);
    // Reached from the bet records.
    await openScreen(page, baseUrl, '/user/betRecord');
    await page.getByRole('link', { name: '游戏回顾' }).first().click();
    await page.waitForURL(`${baseUrl}/user/gameRecall`);
    await waitForScreen(page);
    const rounds = page.locator('[data-testid="recall-rounds"] .recall-round');
    await poll(() => rounds.count(), 20_000).toBe(10);
    expect(await page.locator('select[name="game"]').innerText()).toContain('金锦鲤');
    const first = await rounds.first().innerText();
    expect(first).toContain('开奖结果');
    expect(first).toContain('转轴');
    expect(first).toContain('投注内容');
    expect(first).toMatch(/¥\s*1\.00/);
    // Only the newest round is open on its details; the others open on a click.
    expect(
      await rounds.nth(1).locator('details.recall-round__details').getAttribute('open'),
    ).toBeNull();
    await rounds.nth(1).locator('summary').first().click();
    expect(await rounds.nth(1).innerText()).toContain('转轴');
    await shot(page, 'recall-member-desktop');
    await expectTidy(page, DESKTOP.width);

    // The transaction records show the range's net deposits (the credit was an adjustment).
    await openScreen(page, baseUrl, '/user/transRecord');
    await page.getByRole('button', { name: '近3个月' }).click();
    const summary = page.getByTestId('trans-summary');
    await poll(() => summary.locator('[data-summary="netDeposits"]').innerText()).toContain('0.00');
    expect(await page.locator('.history-note').innerText()).toContain('近3个月');
    await shot(page, 'history-trans-record-desktop');
    await expectTidy(page, DESKTOP.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows them at phone width (390 px) too', async () => {
    const context = await browser.newContext({ viewport: PHONE, userAgent: PHONE_USER_AGENT });
    const { page, errors } = await openPage(context);
    await login(page);
    await openScreen(page, baseUrl, '/user/gameRecall');
    const rounds = page.locator('[data-testid="recall-rounds"] .recall-round');
    await poll(() => rounds.count(), 20_000).toBe(10);
    expect(await rounds.first().innerText()).toContain('开奖结果');
    await shot(page, 'recall-member-phone');
    await shot(page, 'recall-member-phone-top', false);
    await expectTidy(page, PHONE.width);
    // In English and traditional Chinese too, with no raw text key.
    for (const [language, title, result] of [
      ['en', 'Game recall', 'Result'],
      ['zh-TW', '遊戲回顧', '開獎結果'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('lang', value), language);
      await page.reload();
      await waitForScreen(page);
      await poll(() => rounds.count(), 20_000).toBe(10);
      expect(await page.locator('.page-header__title').innerText()).toBe(title);
      expect(await rounds.first().innerText()).toContain(result);
      await shot(page, `recall-member-phone-${language}`, false);
      await expectTidy(page, PHONE.width);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('game recall in the back office', () => {
  it('shows the member rounds with the provider details in the member 360 view', async () => {
    const adminToken = await operatorToken(baseUrl);
    const found = await operatorApi<{ items: { id: string; username: string }[] }>(
      baseUrl,
      adminToken,
      `/admin/api/members?q=${member.username}`,
    );
    const id = found.items.find((item) => item.username === member.username)?.id;
    expect(id).toBeDefined();
    const operator = await consoleOperator(baseUrl, adminToken);
    const { context, page, errors } = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP);
    await loginToConsole(page, baseUrl, operator);
    // An enrolled operator's login first answers that a code is needed (401): the login's, not
    // the screen's.
    errors.length = 0;
    await page.goto(`${baseUrl}/admin/members/${String(id)}?tab=recall`);
    const tab = page.getByTestId('recall-tab');
    await tab.waitFor();
    await poll(() => tab.locator('tbody tr.ant-table-row').count(), 20_000).toBe(10);
    // The newest round is open on its details.
    await poll(() => tab.locator('[data-testid="recall-json"]').count()).toBeGreaterThan(0);
    expect(await tab.innerText()).toContain('厂商');
    expect(await tab.innerText()).toContain('window');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'recall-admin-desktop.png'),
      fullPage: true,
    });
    // Net deposits beside the deposits total.
    await page.goto(`${baseUrl}/admin/members/${String(id)}?tab=deposits`);
    await poll(() => page.getByTestId('net-deposits').innerText()).toContain('净存款');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'history-admin-deposits.png'),
      fullPage: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
