import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE } from '../support/browser.ts';
import {
  depositOnline,
  expectTidy,
  openScreen,
  poll,
  register as registerMember,
  shot,
} from '../support/flows.ts';
import { encrypt, memberCall } from '../support/cashier.ts';
import {
  captchaPicture,
  field,
  TEST_CAPTCHA,
  uniqueUsername,
  waitForCode,
} from '../support/members.ts';

/**
 * Responsible gaming on the member site (issue 15): a member sets a deposit limit, sees what is
 * used and left, is refused a deposit past it with what is still allowed, and a raise waits.
 */
const baseUrl = inject('baseUrl');
const PASSWORD = 'protect1234';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

async function setLimit(page: Page, kind: string, period: string, amount: string) {
  await page.locator('select[name="kind"]').selectOption(kind);
  await page.locator('select[name="period"]').selectOption(period);
  await field(page, 'amount').fill(amount);
  await page.locator('.limit-form').getByRole('button', { name: '保存' }).click();
}

describe('responsible gaming', () => {
  it('sets a deposit limit, is refused a deposit past it, and a raise waits (desktop)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    await registerMember(page, baseUrl, uniqueUsername('rg'), PASSWORD);

    // Reached from the deposit page.
    await openScreen(page, baseUrl, '/finance/deposit');
    await page.getByRole('link', { name: '存款限额 · 负责任博彩' }).click();
    await page.waitForURL(`${baseUrl}/user/responsibleGaming`);
    await poll(() => page.getByTestId('no-limits').isVisible()).toBe(true);

    await setLimit(page, 'deposit', 'day', '100');
    await poll(() => page.locator('form.limit-form').innerText()).toContain('限额已生效');
    const limit = page.locator('[data-limit="deposit-day"]');
    await poll(() => limit.getByTestId('remaining').innerText()).toBe('100.00');

    // Past the limit: refused with what is still allowed; within it: paid.
    await openScreen(page, baseUrl, '/finance/deposit');
    await page.locator('.channel-card[data-channel="online"]').click();
    await field(page, 'amount').fill('150');
    await page.getByRole('button', { name: '立即存款' }).click();
    await poll(() => page.locator('main').innerText()).toContain('您目前最多还能存 100.00');
    await shot(page, 'protection-deposit-refused-desktop');
    await depositOnline(page, baseUrl, '80');

    await openScreen(page, baseUrl, '/user/responsibleGaming');
    await poll(() => limit.getByTestId('remaining').innerText()).toBe('20.00');
    // A raise is not in force: it waits 24 hours and a confirmation.
    await setLimit(page, 'deposit', 'day', '500');
    await poll(() => limit.innerText()).toContain('已申请提高至 500.00');
    expect(await limit.getByRole('button', { name: '确认' }).isDisabled()).toBe(true);
    expect(await limit.innerText()).toContain('100.00');
    await shot(page, 'protection-limits-desktop');
    await expectTidy(page, DESKTOP.width);
    // The one refusal the browser reports is the deposit past the limit (403), meant.
    expect(errors.filter((error) => !error.includes('403 (Forbidden)'))).toEqual([]);
    expect(errors.filter((error) => error.includes('/api/f/v1/deposit'))).toHaveLength(1);
    await context.close();
  });

  it('shows the limits tidy on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const { page, errors } = await openPage(context);
    await registerMember(page, baseUrl, uniqueUsername('rp'), PASSWORD);
    await openScreen(page, baseUrl, '/user/responsibleGaming');
    await setLimit(page, 'loss', 'week', '300');
    await poll(() => page.locator('[data-limit="loss-week"]').innerText()).toContain('300.00');
    await setLimit(page, 'play_time', 'day', '90');
    await poll(() => page.locator('[data-limit="play_time-day"]').innerText()).toContain('90 分钟');
    await shot(page, 'protection-limits-phone');
    await expectTidy(page, PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A member of the default brand registered through the API with a phone proven by its code. */
async function memberWithPhone(phone: string): Promise<string> {
  const username = uniqueUsername('se');
  const captcha = async () =>
    (await memberCall<{ key: string }>(baseUrl, '/api/f/v1/captcha', undefined)).data.key;
  await memberCall(baseUrl, '/api/service/sms', {
    purpose: 'register',
    areaCode: '86',
    phone,
    key: await captcha(),
    code: TEST_CAPTCHA,
  });
  const code = await waitForCode(baseUrl, `+86${phone}`, 'register');
  await memberCall(baseUrl, '/api/f/v1/member/register', {
    username,
    password: await encrypt(baseUrl, PASSWORD),
    confirmPassword: await encrypt(baseUrl, PASSWORD),
    key: await captcha(),
    code: TEST_CAPTCHA,
    areaCode: '86',
    phone,
    phoneCode: code,
  });
  return username;
}

describe('self-exclusion', () => {
  it('ends the session and keeps the same phone off another brand (desktop)', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const username = await memberWithPhone(phone);
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    await openScreen(page, baseUrl, '/login');
    await captchaPicture(page);
    await field(page, 'username').fill(username);
    await field(page, 'password').fill(PASSWORD);
    await field(page, 'code').fill(TEST_CAPTCHA);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${baseUrl}/home`);

    await openScreen(page, baseUrl, '/user/responsibleGaming');
    const panel = page.locator('.exclusion-form');
    await panel.getByText('6 个月').click();
    const start = panel.getByRole('button', { name: '立即生效' });
    expect(await start.isDisabled()).toBe(true);
    await panel.locator('input[name="understood"]').check();
    await shot(page, 'protection-exclusion-desktop');
    await start.click();
    // Every session ends: this browser is sent to log in.
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => sessionStorage.getItem('t'))).toBeNull();

    // The member may still log in on their own brand, to withdraw and see the history.
    const again = await memberCall<unknown>(baseUrl, '/api/f/v1/member/login/mpe', {
      username,
      password: await encrypt(baseUrl, PASSWORD),
      key: (await memberCall<{ key: string }>(baseUrl, '/api/f/v1/captcha', undefined)).data.key,
      code: TEST_CAPTCHA,
    });
    const token = again.headers.get('id') ?? '';
    const state = await memberCall<{ current: { kind: string } | null }>(
      baseUrl,
      '/api/f/v1/protection/exclusion',
      undefined,
      token,
    );
    expect(state.data.current?.kind).toBe('self_exclusion');

    // Another brand of the operator: registering with the same phone is refused.
    const other = baseUrl.replace('127.0.0.1', 'longteng.lobby.test');
    await openScreen(page, other, '/register');
    await captchaPicture(page);
    await field(page, 'username').fill(uniqueUsername('sx'));
    await field(page, 'password').fill(PASSWORD);
    await field(page, 'confirmPassword').fill(PASSWORD);
    await field(page, 'phone').fill(phone);
    await field(page, 'code').fill(TEST_CAPTCHA);
    // No code is sent to a self-excluded person's phone, and no registration goes through.
    await page.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => page.locator('main').innerText()).toContain('自我排除');
    expect(new URL(page.url()).pathname).toBe('/register');
    await shot(page, 'protection-registry-refused-desktop');
    // The refusals the browser reports: the register call (403).
    expect(errors.filter((error) => !error.includes('403 (Forbidden)'))).toEqual([]);
    await context.close();
  });
});

describe('reality check', () => {
  it('covers the game with the time played and the net result, then lets the member go on (phone)', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true });
    const { page, errors } = await openPage(context);
    await registerMember(page, baseUrl, uniqueUsername('rc'), PASSWORD);
    await openScreen(page, baseUrl, '/user/responsibleGaming');
    await page.locator('select[name="realityCheck"]').selectOption('15');
    await poll(() => page.locator('.reality-check-form').locator('..').innerText()).toContain(
      '已保存',
    );

    // The page's clock is the test's: a quarter of an hour passes in a moment.
    await page.clock.install();
    const SLOT = 17;
    await openScreen(page, baseUrl, `/game/egame?platform=${SLOT}`);
    const tile = page.locator(`.game-tile[data-game^="${SLOT}:"]`).first();
    // The reality check loads with the game: its first tick says the interval, then the clock moves.
    const firstTick = page.waitForResponse((response) =>
      response.url().includes('/api/f/v1/protection/play'),
    );
    await tile.click();
    await poll(() => page.locator('iframe.game-screen__frame').count(), 15_000).toBe(1);
    await firstTick;
    expect(await page.getByTestId('reality-check').count()).toBe(0);
    await page.clock.fastForward('15:01');
    const check = page.getByTestId('reality-check');
    await poll(() => check.innerText()).toContain('您本次已游戏 15 分钟');
    expect(await check.innerText()).toContain('本次净输赢');
    await shot(page, 'protection-reality-check-phone', false);
    await expectTidy(page, PHONE.width);
    await check.getByRole('button', { name: '继续游戏' }).click();
    await poll(() => check.count()).toBe(0);
    // The next one comes a full interval later, and stopping leaves the game.
    await page.clock.fastForward('15:01');
    await poll(() => check.count()).toBe(1);
    await check.getByRole('button', { name: '停止游戏' }).click();
    await poll(() => page.getByTestId('game-screen').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
