import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  launchChromium,
  openPage,
  PHONE,
  PHONE_USER_AGENT,
  waitForScreen,
} from '../support/browser.ts';
import {
  addBankCard,
  depositOnline,
  expectTidy,
  openScreen,
  poll,
  register,
  secureAccount,
  shot,
} from '../support/flows.ts';
import { captchaPicture, field, TEST_CAPTCHA, uniqueUsername } from '../support/members.ts';
import {
  adjustBalance,
  headerBalance,
  operatorToken,
  testCardNumber,
  waiveTurnover,
} from '../support/wallet.ts';

/**
 * A member's walk through the site at desktop and phone widths, with what went wrong on it:
 * a game whose address does not answer, a stale invite code, records in the device's time zone,
 * a stale turnover figure, a nameless back button, the withdrawal password's way in, the daily
 * notice after registering, the phone header without the username and a withdrawal shown as
 * money coming in.
 */

const baseUrl = inject('baseUrl');
const gameSimUrl = inject('gameSimUrl');
/** The brand 127.0.0.1 resolves to: the default demo brand (zh-CN, business days in Shanghai). */
const BRAND = 'jinsheng';
const PASSWORD = 'walk1234';
const WITHDRAW_PASSWORD = '975310';
/** A transfer-wallet slot platform of the catalog (鹏购电子). */
const SLOT = 17;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const open = (page: Page, path: string) => openScreen(page, baseUrl, path);

type Width = { name: 'desktop' | 'phone'; viewport: typeof DESKTOP };
const WIDTHS: Width[] = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
];

/** A port nothing listens on: a game server that is down. */
function deadPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** A phone: the mobile site's user agent at phone size. */
function phoneContext(options: { timezoneId?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE,
    userAgent: PHONE_USER_AGENT,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
}

/** Fills the open register form (the captcha accepts the test code) and submits it. */
async function submitRegistration(page: Page, username: string): Promise<void> {
  await captchaPicture(page);
  await field(page, 'username').fill(username);
  await field(page, 'password').fill(PASSWORD);
  await field(page, 'confirmPassword').fill(PASSWORD);
  await field(page, 'code').fill(TEST_CAPTCHA);
  const agree = page.locator('input[name="agree"]');
  if (!(await agree.isChecked())) await agree.check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
}

/** "Asia/Shanghai" date and time of an instant as the records write it (zh-CN). */
function shanghaiDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.year}年${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}:${parts.second}`;
}

describe("a member's walk through the site", () => {
  for (const width of WIDTHS) {
    it(`tells the member when a game cannot be loaded, with another try and the way back (${width.name})`, async () => {
      const context = await browser.newContext({ viewport: width.viewport });
      const { page, errors } = await openPage(context);
      const port = await deadPort();
      await register(page, baseUrl, uniqueUsername('g'), PASSWORD);

      // The platform hands out an address on a server that is down (a simulator on another port):
      // the frame would load the browser's error page; the screen finds the server silent.
      await page.route(
        '**/api/game/launch',
        async (route) => {
          const response = await route.fetch();
          const answer = (await response.json()) as { data: { url: string } };
          answer.data.url = answer.data.url.replace(gameSimUrl, `http://127.0.0.1:${port}`);
          await route.fulfill({ response, json: answer });
        },
        { times: 1 },
      );
      await open(page, `/game/egame?platform=${SLOT}`);
      const tile = page.locator(`.game-tile[data-game^="${SLOT}:"]`).first();
      await tile.click();
      const stage = page.locator('.game-screen__stage');
      await poll(() => stage.innerText(), 15_000).toContain('游戏暂时无法打开');
      expect(await stage.innerText()).toContain('游戏服务器没有响应');
      expect(await page.locator('iframe.game-screen__frame').count()).toBe(0);
      // The bar's way back has a name at every width.
      const bar = page.locator('.game-screen__bar');
      expect(await bar.getByRole('button', { name: '退出游戏' }).count()).toBe(1);
      await shot(page, `walk-game-unavailable-${width.name}`, false);
      await expectTidy(page, width.viewport.width);

      // Another try gets a new address, on the live simulator this time: the game loads.
      await stage.getByRole('button', { name: '重试' }).click();
      const frame = page.locator('iframe.game-screen__frame');
      await poll(() => frame.getAttribute('src'), 15_000).toMatch(
        new RegExp(`^${gameSimUrl}/play/`),
      );
      await poll(
        () => page.frameLocator('iframe.game-screen__frame').getByTestId('balance').count(),
        20_000,
      ).toBe(1);
      await poll(() => frame.getAttribute('data-loaded')).toBe('true');
      // Long past the wait for the game page: the game stays.
      await page.waitForTimeout(5_000);
      expect(await stage.innerText()).not.toContain('游戏暂时无法打开');
      await shot(page, `walk-game-loaded-${width.name}`, false);

      // The way back, by its name.
      await bar.getByRole('button', { name: '退出游戏' }).click();
      await page.waitForURL(`${baseUrl}/game/egame?platform=${SLOT}`);
      await poll(() => page.getByTestId('game-screen').count()).toBe(0);

      // The only failures are the check of the dead address.
      expect(errors.filter((error) => !error.includes(`127.0.0.1:${port}`))).toEqual([]);
      await context.close();
    });
  }

  for (const device of ['desktop', 'phone'] as const) {
    it(`lets a visitor register past an unknown invite code, without the notice they closed (${device})`, async () => {
      const context =
        device === 'desktop'
          ? await browser.newContext({ viewport: DESKTOP })
          : await phoneContext();
      const { page, errors } = await openPage(context);
      const home = device === 'desktop' ? '/home' : '/app/home';
      const header = page.locator(device === 'desktop' ? '.site-header' : '.mobile-topbar');

      // The visitor arrives by a link with a code no member owns; the daily notice pops up.
      await page.goto(`${baseUrl}/home?i_code=zzabc12`);
      await page.waitForURL(new RegExp(`${home}\\?i_code=zzabc12$`));
      await waitForScreen(page);
      const notice = page.locator('dialog.daily-notice');
      await poll(() => notice.isVisible()).toBe(true);
      await notice.getByRole('button', { name: '我知道了' }).click();
      await poll(() => notice.count()).toBe(0);

      // To the register screen from the header: the code is there, read-only, and clearable.
      await header
        .locator('.guest-actions, .mobile-topbar__actions')
        .first()
        .getByRole('link', { name: '注册', exact: true })
        .click();
      await page.waitForURL(`${baseUrl}/register`);
      await waitForScreen(page);
      const invite = field(page, 'inviteCode');
      await poll(() => invite.inputValue()).toBe('zzabc12');
      expect(await invite.getAttribute('readonly')).not.toBeNull();
      expect(await page.locator('form').getByRole('button', { name: '清除' }).count()).toBe(1);
      await shot(page, `walk-register-invite-${device}`);
      await expectTidy(page, (device === 'desktop' ? DESKTOP : PHONE).width);

      // Refused: the code goes, the field is the visitor's to fill or leave empty.
      const username = uniqueUsername('i');
      await submitRegistration(page, username);
      await poll(() => page.locator('.form-alert--error').innerText()).toContain('邀请码无效');
      await poll(() => invite.inputValue()).toBe('');
      expect(await invite.getAttribute('readonly')).toBeNull();
      expect(await page.locator('form').innerText()).toContain('推广链接中的邀请码无效，已清除');
      expect(
        await page.evaluate(() => [localStorage.getItem('i_code'), sessionStorage.getItem('aid')]),
      ).toEqual([null, null]);
      await shot(page, `walk-register-invite-refused-${device}`);
      await expectTidy(page, (device === 'desktop' ? DESKTOP : PHONE).width);

      // A new tab no longer brings it back.
      const second = await openPage(context);
      await second.page.goto(`${baseUrl}/register`);
      await waitForScreen(second.page);
      await captchaPicture(second.page);
      expect(await field(second.page, 'inviteCode').inputValue()).toBe('');
      expect(await field(second.page, 'inviteCode').getAttribute('readonly')).toBeNull();
      await second.page.close();

      // Registered without it: home again, the notice stays closed, the header names the member.
      await submitRegistration(page, username);
      await page.waitForURL(`${baseUrl}${home}`);
      await waitForScreen(page);
      if (device === 'desktop') {
        await poll(() => header.locator('.member-menu__label').innerText()).toBe(username);
      } else {
        await poll(() => page.getByTestId('mobile-username').innerText()).toBe(username);
        expect(await header.getByRole('link', { name: `我的 ${username}` }).count()).toBe(1);
      }
      await poll(() => page.getByTestId('promo-banner').count()).toBeGreaterThan(0);
      expect(await page.locator('dialog.daily-notice').count()).toBe(0);
      await shot(page, `walk-registered-home-${device}`, false);
      await expectTidy(page, (device === 'desktop' ? DESKTOP : PHONE).width);

      expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    it(`opens the withdrawal password form from 去设置取款密码, and keeps the turnover figure current (${width.name})`, async () => {
      const context = await browser.newContext({ viewport: width.viewport });
      const { page, errors } = await openPage(context);
      const username = uniqueUsername('t');
      const token = await operatorToken(baseUrl);
      await register(page, baseUrl, username, PASSWORD);

      await open(page, '/finance/withdraw');
      await page.getByRole('link', { name: '去设置取款密码' }).click();
      await page.waitForURL(`${baseUrl}/user/personal?open=withdrawPassword`);
      const input = field(page, 'withdrawPassword', '[data-item="withdrawPassword"]');
      await poll(() => input.isVisible()).toBe(true);
      await poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
      // Where the member is taken: the form in view (not the top of the page).
      await page.waitForTimeout(500);
      await page.screenshot({
        path: join(ARTIFACTS_DIR, `walk-withdraw-password-form-${width.name}.png`),
      });
      await expectTidy(page, width.viewport.width);
      await input.fill(WITHDRAW_PASSWORD);
      await field(page, 'confirmWithdrawPassword').fill(WITHDRAW_PASSWORD);
      const item = page.locator('[data-item="withdrawPassword"]');
      await item.getByRole('button', { name: '保存' }).click();
      await poll(() => item.innerText()).toContain('已设置');

      // A deposit brings turnover to play through; the withdraw screen shows it.
      await depositOnline(page, baseUrl, '100');
      await open(page, '/finance/withdraw');
      await poll(() => page.locator('[data-figure="turnover"]').innerText()).toContain('100.00');

      // Within the balance's 30 s refresh window the operator clears it, and the member comes
      // back to the withdraw screen by the site's own links: it shows what the server has.
      await open(page, '/user');
      await waiveTurnover(baseUrl, token, { brand: BRAND, username, reason: 'walk browser test' });
      await page.locator('a.btn[href="/finance/withdraw"]').first().click();
      await page.waitForURL(`${baseUrl}/finance/withdraw`);
      await poll(() => page.locator('[data-figure="withdrawable"]').innerText()).toContain(
        '100.00',
      );
      expect(await page.locator('[data-figure="turnover"]').count()).toBe(0);
      await shot(page, `walk-withdraw-turnover-${width.name}`);
      await expectTidy(page, width.viewport.width);

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    it(`lists records in the brand's zone, named, on a device in New York; a withdrawal is money out (${width.name})`, async () => {
      const context = await browser.newContext({
        viewport: width.viewport,
        timezoneId: 'America/New_York',
      });
      const { page, errors } = await openPage(context);
      const username = uniqueUsername('r');
      const token = await operatorToken(baseUrl);
      await register(page, baseUrl, username, PASSWORD);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        'America/New_York',
      );
      await adjustBalance(baseUrl, token, {
        brand: BRAND,
        username,
        amount: '500.00',
        reason: 'walk browser test',
      });
      await secureAccount(page, baseUrl, WITHDRAW_PASSWORD, '王五');
      await addBankCard(page, baseUrl, testCardNumber(), '王五');
      await open(page, '/finance/withdraw');
      await poll(() => page.locator('[data-figure="balance"]').innerText()).toContain('500.00');
      await field(page, 'amount').fill('120');
      await field(page, 'withdrawPassword').fill(WITHDRAW_PASSWORD);
      await page.getByRole('button', { name: '立即取款' }).click();
      await poll(() => page.locator('.form-alert--success').innerText()).toContain(
        '取款申请已提交',
      );
      await poll(() => headerBalance(page)).toBe('380.00');

      // The records as the server answers them, and as the screen writes them.
      const answered = page.waitForResponse((response) =>
        response.url().includes('/api/findmed/v1/member/record/trans'),
      );
      await open(page, '/user/transRecord');
      const body = (await (await answered).json()) as {
        data: { items: { time: string; type: string; amount: string }[] };
      };
      const rows = page.locator('.data-table tr[data-row]');
      await poll(() => rows.count()).toBe(2);
      const table = await page.locator('.data-table').innerText();
      // The withdrawal request once, as money out of the wallet; the adjustment in.
      expect(body.data.items.map((item) => [item.type, item.amount])).toEqual([
        ['withdrawal_request', '-120.00'],
        ['adjustment', '500.00'],
      ]);
      expect(table).toMatch(/-\s*¥\s*120\.00/);
      expect(table).not.toMatch(/\+\s*¥\s*120\.00/);
      expect(await rows.first().locator('.amount').getAttribute('class')).toContain('amount--out');
      // Times in Shanghai's clock (the brand's), not New York's, under a heading that says so.
      for (const [index, item] of body.data.items.entries()) {
        expect(await rows.nth(index).innerText()).toContain(shanghaiDateTime(item.time));
      }
      if (width.name === 'desktop') expect(table).toContain('时间（UTC+8）');
      // "今天" names Shanghai's day, the day of the rows.
      const today = shanghaiDateTime(new Date().toISOString()).slice(0, 11);
      const isoToday = today.replace(/(\d{4})年(\d{2})月(\d{2})日/, '$1-$2-$3');
      const range = await page.locator('.date-filter__range').innerText();
      expect(range).toContain(`${isoToday} ~ ${isoToday}`);
      expect(range).toContain('时区：UTC+8');
      await shot(page, `walk-trans-record-${width.name}`);
      await expectTidy(page, width.viewport.width);

      // The bet records name the zone the same way.
      await open(page, '/user/betRecord');
      await poll(() => page.locator('.date-filter__range').innerText()).toContain('时区：UTC+8');
      await shot(page, `walk-bet-record-${width.name}`);
      await expectTidy(page, width.viewport.width);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
