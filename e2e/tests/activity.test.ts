import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  launchChromium,
  openPage,
  PHONE,
  PHONE_USER_AGENT,
  waitForScreen,
} from '../support/browser.ts';
import { depositOnline, expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { field, uniqueUsername } from '../support/members.ts';
import { headerBalance } from '../support/wallet.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'promo1234';
/** A transfer-wallet slot platform of the catalog (鹏购电子), as in games.test.ts. */
const SLOT = 17;
/** The bet-record sync runs every 30 s: played rounds count as turnover within about a minute. */
const BET_RECORD_WAIT_MS = 120_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const open = (page: Page, path: string) => openScreen(page, baseUrl, path);

/** Today and yesterday as the server counts days (Asia/Shanghai), YYYY-MM-DD. */
function shanghaiDays(): { today: string; yesterday: string } {
  const now = Date.now() + 8 * 3_600_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { today: day(now), yesterday: day(now - 86_400_000) };
}

/** The amount a figure or text shows, in minor units ("¥1,234.50" -> 123450n). */
function minorIn(text: string): bigint {
  const match = /(-?[\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return BigInt(`${match[1]?.replaceAll(',', '')}${match[2]}`);
}

async function toast(page: Page): Promise<string> {
  return page.locator('.toast-host').innerText();
}

function gameFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.game-screen__frame');
}

/** Plays one instant round of `stake` and waits for its outcome (as games.test.ts does). */
async function playRound(frame: FrameLocator, stake: string): Promise<void> {
  const hash = await frame.getByTestId('server-seed-hash').innerText();
  await frame.getByTestId('stake').fill(stake);
  await frame.getByTestId('play').click();
  await poll(() => frame.getByTestId('server-seed-hash').innerText()).not.toBe(hash);
  await poll(() => frame.getByTestId('play').isEnabled()).toBe(true);
}

describe('activities', () => {
  it(
    'shows banners and the daily notice, signs in, re-signs, claims the deposit bonus and exchanges a gift (desktop)',
    { timeout: 420_000 },
    async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const { page, errors } = await openPage(context);

      // A guest on /home: the banners and the popup notice.
      await open(page, '/home');
      await poll(() => page.getByTestId('promo-banner').count()).toBe(3);
      const notice = page.locator('dialog.daily-notice');
      await poll(() => notice.isVisible()).toBe(true);
      expect(await notice.innerText()).toContain('今日不再提示');
      await shot(page, 'activity-home-desktop', false);
      await expectTidy(page, DESKTOP.width);
      // "今日不再提示": after a reload the notice stays away for the day.
      await notice.getByLabel('今日不再提示').check();
      await notice.getByRole('button', { name: '我知道了' }).click();
      await poll(() => notice.count()).toBe(0);
      await page.reload();
      await waitForScreen(page);
      await poll(() => page.getByTestId('promo-banner').count()).toBe(3);
      expect(await page.locator('dialog.daily-notice').count()).toBe(0);

      // The promotions, by tab; a guest who signs is sent to log in.
      await open(page, '/activity/discount');
      await poll(() => page.locator('.activity-card').count()).toBe(5);
      await page.getByRole('tab', { name: /日常活动/ }).click();
      await poll(() => page.locator('.activity-card').count()).toBe(2);
      await shot(page, 'activity-discount-desktop');
      await expectTidy(page, DESKTOP.width);
      await open(page, '/activity/sign');
      await page.getByRole('button', { name: '立即签到' }).click();
      await page.waitForURL(`${baseUrl}/login`);

      // A new member signs in today.
      const username = uniqueUsername('a');
      await register(page, baseUrl, username, PASSWORD);
      await open(page, '/activity/sign');
      await page.getByRole('button', { name: '立即签到' }).click();
      await poll(() => toast(page)).toContain('签到成功');
      await poll(() => page.getByTestId('streak').innerText()).toBe('1');
      await poll(() => page.getByRole('button', { name: '今日已签到' }).isDisabled()).toBe(true);
      await poll(() => headerBalance(page)).toBe('1.00');

      // Re-sign yesterday, a day of this month the new member missed (none on the 1st).
      const { today, yesterday } = shanghaiDays();
      const missed = page.locator(`.calendar__day.is-missed[data-day="${yesterday}"]`);
      if (today.slice(0, 7) === yesterday.slice(0, 7)) {
        await missed.click();
        const dialog = page.locator('dialog.confirm-dialog');
        await poll(() => dialog.innerText()).toContain('1.00');
        await dialog.getByRole('button', { name: '确认补签' }).click();
        await poll(() => toast(page)).toContain('补签成功');
        await poll(() => page.getByTestId('streak').innerText()).toBe('2');
        await poll(() =>
          page.locator(`.calendar__day.is-signed[data-day="${yesterday}"]`).count(),
        ).toBe(1);
      } else {
        expect(await page.locator('.calendar__day.is-missed').count()).toBe(0);
      }
      await shot(page, 'activity-sign-desktop');
      await expectTidy(page, DESKTOP.width);

      // The deposit bonus: join, deposit through the sandbox, claim the bonus.
      await open(page, '/activity/discount');
      await page.locator('.activity-card', { hasText: '新人首存' }).click();
      await page.waitForURL(/\/activity\/list\/\d+$/);
      const detailPath = new URL(page.url()).pathname;
      await poll(() => page.locator('.help-article').innerText()).toContain('活动规则');
      await page.getByRole('button', { name: '立即报名' }).click();
      await poll(() => page.locator('.activity-status').first().innerText()).toContain('已报名');
      await depositOnline(page, baseUrl, '200');
      await open(page, '/finance/withdraw');
      const turnover = page.locator('[data-figure="turnover"]');
      await poll(() => turnover.count()).toBe(1);
      const before = minorIn(await turnover.innerText());
      await open(page, detailPath);
      const claim = page.getByRole('button', { name: '领取 188.00' });
      await poll(() => claim.count()).toBe(1);
      await shot(page, 'activity-detail-desktop');
      await expectTidy(page, DESKTOP.width);
      await claim.click();
      await poll(() => toast(page)).toContain('加赠 188.00 已到账');
      await poll(() => page.locator('.activity-deposits').innerText()).toContain('已领取');
      // The bonus adds 3x its amount to the withdrawal turnover requirement.
      await open(page, '/finance/withdraw');
      await poll(async () => minorIn(await turnover.innerText())).toBe(before + 56_400n);
      await shot(page, 'activity-withdraw-turnover-desktop');

      // Valid bets for the gift exchange: play two rounds on a slot platform.
      await open(page, '/finance/transfer');
      await poll(() => page.locator('.wallet-card').count()).toBeGreaterThan(30);
      await page.locator('select[name="platform"]').selectOption(String(SLOT));
      await field(page, 'amount').fill('50');
      await page.getByRole('button', { name: '确认转换' }).click();
      await poll(() => page.locator('.form-alert--success').innerText()).toContain('50.00');
      await open(page, `/game/egame?platform=${SLOT}`);
      await poll(() => page.locator('.game-tile').count()).toBeGreaterThan(0);
      await page.locator(`.game-tile[data-game^="${SLOT}:"]`).first().click();
      const frame = gameFrame(page);
      await poll(() => frame.getByTestId('play').isEnabled(), 30_000).toBe(true);
      for (let round = 0; round < 2; round++) await playRound(frame, '10');

      await open(page, '/activity/enjoyLuxuryGifts');
      const available = page.getByTestId('gift-available');
      await expect
        .poll(
          async () => {
            await page.reload();
            await waitForScreen(page);
            return minorIn(await available.innerText());
          },
          { timeout: BET_RECORD_WAIT_MS, interval: 3_000 },
        )
        .toBeGreaterThanOrEqual(2_000n);
      const cash = page.locator('.gift-card', { hasText: '1.88 元现金' });
      const balanceBefore = minorIn(await headerBalance(page));
      await cash.getByRole('button', { name: '立即兑换' }).click();
      const dialog = page.locator('dialog.confirm-dialog');
      await dialog.getByRole('button', { name: '立即兑换' }).click();
      await poll(() => toast(page)).toContain('兑换成功');
      await poll(() => page.locator('.activity-records').innerText()).toContain('已到账');
      await poll(async () => minorIn(await headerBalance(page))).toBe(balanceBefore + 188n);
      await shot(page, 'activity-gifts-desktop');
      await expectTidy(page, DESKTOP.width);

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('lays the activity screens out for the phone, with banners on /app/home', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_USER_AGENT,
    });
    const { page, errors } = await openPage(context);
    await open(page, '/app/home');
    await poll(() => page.getByTestId('promo-banner').count()).toBe(3);
    const notice = page.locator('dialog.daily-notice');
    await poll(() => notice.isVisible()).toBe(true);
    await shot(page, 'activity-app-home-phone', false);
    await expectTidy(page, PHONE.width);
    // Closed without the checkbox it comes back on the next visit; with it, not today.
    await notice.getByRole('button', { name: '我知道了' }).click();
    await page.reload();
    await poll(() => page.locator('dialog.daily-notice').isVisible()).toBe(true);
    await page.locator('dialog.daily-notice').getByLabel('今日不再提示').check();
    await page.locator('dialog.daily-notice').getByRole('button', { name: '我知道了' }).click();
    await page.reload();
    await poll(() => page.getByTestId('promo-banner').count()).toBe(3);
    expect(await page.locator('dialog.daily-notice').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();

    // A member at phone width (a narrow browser, as wallet.test.ts does).
    const memberContext = await browser.newContext({ viewport: PHONE });
    const member = await openPage(memberContext);
    await register(member.page, baseUrl, uniqueUsername('p'), PASSWORD);
    await phoneScreens(member.page);
    expect(member.errors).toEqual([]);
    await memberContext.close();
  });
});

async function phoneScreens(page: Page): Promise<void> {
  for (const [path, name] of [
    ['/activity/discount', 'activity-discount-phone'],
    ['/activity/sign', 'activity-sign-phone'],
    ['/activity/enjoyLuxuryGifts', 'activity-gifts-phone'],
  ] as const) {
    await open(page, path);
    await poll(() => page.locator('.panel').count()).toBeGreaterThan(0);
    await shot(page, name);
    await expectTidy(page, PHONE.width);
  }
  await open(page, '/activity/sign');
  await page.getByRole('button', { name: '立即签到' }).click();
  await poll(() => toast(page)).toContain('签到成功');
  await shot(page, 'activity-signed-phone');
}
