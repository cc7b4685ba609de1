import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  launchChromium,
  openPage,
  PHONE,
  RAW_KEY_PATTERN,
  waitForScreen,
} from '../support/browser.ts';
import {
  captchaPicture,
  field,
  TEST_CAPTCHA,
  uniqueUsername,
  waitForCode,
  WEB_KEY_PATTERN,
} from '../support/members.ts';

const baseUrl = inject('baseUrl');

/** Waits for a screen to show something: pages load lazily, so allow a few seconds. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** A 2 x 2 red PNG, the smallest picture worth uploading as an avatar. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** Screen checks every member screen passes: no raw text key and nothing wider than the window. */
async function expectTidy(page: Page, width: number) {
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(WEB_KEY_PATTERN);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

async function shot(page: Page, name: string) {
  // From the top, so the sticky header sits where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** Registers on the open /register screen (opening it first unless it is open already). */
async function register(page: Page, username: string, password: string) {
  if (new URL(page.url()).pathname !== '/register') {
    await page.goto(`${baseUrl}/register`);
    await waitForScreen(page);
  }
  await captchaPicture(page);
  await field(page, 'username').fill(username);
  await field(page, 'password').fill(password);
  await field(page, 'confirmPassword').fill(password);
  await field(page, 'code').fill(TEST_CAPTCHA);
  await page.locator('input[name="agree"]').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await page.waitForURL(`${baseUrl}/home`);
}

async function login(page: Page, username: string, password: string) {
  await captchaPicture(page);
  await field(page, 'username').fill(username);
  await field(page, 'password').fill(password);
  await field(page, 'code').fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

function memberContext(viewport: typeof DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport });
}

describe('members and access', () => {
  it('registers, binds an e-mail, changes the password and logs in again (desktop)', async () => {
    const context = await memberContext(DESKTOP);
    const { page, errors } = await openPage(context);
    const username = uniqueUsername('d');
    const firstPassword = 'first1234';
    const secondPassword = 'second5678';
    const email = `${username}@example.com`;

    // The form checks as the member types, in the member's language.
    await page.goto(`${baseUrl}/register`);
    await waitForScreen(page);
    await captchaPicture(page);
    await poll(() => page.locator('form').innerText()).toContain('4-16 位字母或数字，须以字母开头');
    await field(page, 'username').fill('1a');
    await poll(() => page.locator('.field.is-invalid').first().innerText()).toContain(
      '用户名须为 4-16 位字母或数字',
    );
    await field(page, 'password').fill('abcdefgh');
    await poll(() => page.locator('form').innerText()).toContain('同时包含字母和数字');
    await shot(page, 'register-desktop');
    await expectTidy(page, DESKTOP.width);

    await register(page, username, firstPassword);
    const header = page.locator('.site-header');
    await poll(() => header.locator('.member-menu__label').innerText()).toBe(username);
    const avatar = header.locator('.member-menu__trigger img');
    expect(await avatar.getAttribute('src')).toMatch(/\S/);
    await poll(() =>
      avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    ).toBeGreaterThan(0);

    // The member menu leads to the personal page.
    await header.locator('.member-menu__trigger').click();
    await page.getByRole('menuitem', { name: '个人资料' }).click();
    await page.waitForURL(`${baseUrl}/user/personal`);
    await poll(() => page.locator('.profile__details').innerText()).toContain(username);

    // Bind an e-mail with the code the site sent (read from the dev outbox).
    const emailItem = page.locator('[data-item="email"]');
    await emailItem.getByRole('button', { name: '绑定' }).click();
    await field(page, 'email', '[data-item="email"]').fill(email);
    await captchaPicture(page, '[data-item="email"]');
    await field(page, 'code', '[data-item="email"]').fill(TEST_CAPTCHA);
    await emailItem.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => emailItem.innerText()).toContain('验证码已发送至');
    await poll(() => emailItem.innerText()).toMatch(/\d+ 秒后重发/);
    const code = await waitForCode(baseUrl, email, 'bindEmail');
    await field(page, 'verifyCode', '[data-item="email"]').fill(code);
    await emailItem.getByRole('button', { name: '确认绑定' }).click();
    await poll(() => emailItem.innerText()).toContain('绑定成功');
    await poll(() => emailItem.innerText()).toContain('已绑定');
    await poll(() => page.locator('.profile__details').innerText()).toContain('已绑定');

    // Set the withdrawal password (six digits) and the real name.
    const withdrawItem = page.locator('[data-item="withdrawPassword"]');
    await withdrawItem.getByRole('button', { name: '设置' }).click();
    await field(page, 'withdrawPassword').fill('12345');
    await field(page, 'confirmWithdrawPassword').fill('12345');
    await withdrawItem.getByRole('button', { name: '保存' }).click();
    await poll(() => withdrawItem.innerText()).toContain('取款密码须为 6 位数字');
    await field(page, 'withdrawPassword').fill('123456');
    await field(page, 'confirmWithdrawPassword').fill('123456');
    await withdrawItem.getByRole('button', { name: '保存' }).click();
    await poll(() => withdrawItem.innerText()).toContain('设置成功');
    await poll(() => withdrawItem.innerText()).toContain('已设置');
    const realNameItem = page.locator('[data-item="realName"]');
    await realNameItem.getByRole('button', { name: '设置' }).click();
    await field(page, 'realName').fill('张三');
    await realNameItem.getByRole('button', { name: '保存' }).click();
    await poll(() => realNameItem.innerText()).toContain('设置成功');
    await poll(() => realNameItem.locator('button').count()).toBe(0);

    // A new avatar: previewed, uploaded, then shown in the header from member info.
    const headerAvatar = await avatar.getAttribute('src');
    await page.locator('.avatar-picker input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await poll(() => page.locator('.avatar-picker img').getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: '上传头像' }).click();
    await poll(() => page.locator('.toast-host').innerText()).toContain('头像已更新');
    await poll(() => avatar.getAttribute('src')).not.toBe(headerAvatar);
    await poll(() =>
      avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    ).toBeGreaterThan(0);
    await shot(page, 'personal-desktop');
    await expectTidy(page, DESKTOP.width);

    // Change the password: success, a countdown, then the login screen.
    const passwordItem = page.locator('[data-item="loginPassword"]');
    await passwordItem.getByRole('button', { name: '修改' }).click();
    await field(page, 'oldPassword').fill(firstPassword);
    await field(page, 'password', '[data-item="loginPassword"]').fill(secondPassword);
    await field(page, 'confirmPassword', '[data-item="loginPassword"]').fill(secondPassword);
    await passwordItem.getByRole('button', { name: '确认修改' }).click();
    await poll(() => passwordItem.innerText()).toContain('修改成功');
    await poll(() => passwordItem.innerText()).toMatch(/[1-5] 秒后返回登录页/);
    await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('t'))).toBeNull();

    // The old password is refused with the server's message, and the captcha is renewed.
    await waitForScreen(page);
    const firstCaptcha = await captchaPicture(page);
    await login(page, username, firstPassword);
    await poll(() => page.locator('.form-alert').innerText()).toMatch(/\S/);
    await poll(() => captchaPicture(page)).not.toBe(firstCaptcha);
    expect(await field(page, 'code').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');

    // The new one logs in.
    await login(page, username, secondPassword);
    await page.waitForURL(`${baseUrl}/home`);
    await poll(() => header.locator('.member-menu__label').innerText()).toBe(username);
    await shot(page, 'home-member-desktop');

    // A reload keeps the member logged in (the stored token is checked on start).
    await page.reload();
    await poll(() => header.locator('.member-menu__label').innerText()).toBe(username);

    // Logout ends the session on the server and in the browser.
    await header.locator('.member-menu__trigger').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await poll(() => header.innerText()).toContain('注册');
    expect(await page.evaluate(() => sessionStorage.getItem('t'))).toBeNull();

    // Forgotten password: a code to the bound e-mail sets a third password.
    const thirdPassword = 'third9012';
    await page.goto(`${baseUrl}/forgetPassword`);
    await waitForScreen(page);
    await captchaPicture(page);
    await field(page, 'username').fill(username);
    await page.getByRole('tab', { name: '邮箱验证' }).click();
    await field(page, 'email').fill(email);
    await field(page, 'code').fill(TEST_CAPTCHA);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => page.locator('form').innerText()).toContain('验证码已发送至');
    await field(page, 'verifyCode').fill(await waitForCode(baseUrl, email, 'forget'));
    await field(page, 'password').fill(thirdPassword);
    await field(page, 'confirmPassword').fill(thirdPassword);
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await poll(() => page.locator('.toast-host').innerText()).toContain('密码已重置');
    await login(page, username, thirdPassword);
    await page.waitForURL(`${baseUrl}/home`);
    await poll(() => header.locator('.member-menu__label').innerText()).toBe(username);

    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it('shows login and register at phone width and returns to the screen that asked', async () => {
    const context = await memberContext(PHONE);
    const { page, errors } = await openPage(context);
    const username = uniqueUsername('p');
    const password = 'phone1234';

    await page.goto(`${baseUrl}/register`);
    await waitForScreen(page);
    await captchaPicture(page);
    await shot(page, 'register-phone');
    await expectTidy(page, PHONE.width);
    await register(page, username, password);

    await page.goto(`${baseUrl}/user/personal`);
    await poll(() => page.locator('.profile__details').innerText()).toContain(username);
    await shot(page, 'personal-phone');
    await expectTidy(page, PHONE.width);

    // Log out from the phone menu, then log in from the member screen that asks for it.
    await page.locator('.mainbar__menu').click();
    await page.locator('.drawer').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    await page.goto(`${baseUrl}/user/personal`);
    await page.locator('.login-required').getByRole('link', { name: '登录' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await waitForScreen(page);
    await captchaPicture(page);
    await shot(page, 'login-phone');
    await expectTidy(page, PHONE.width);
    await login(page, username, password);
    await page.waitForURL(`${baseUrl}/user/personal`);
    await poll(() => page.locator('.profile__details').innerText()).toContain(username);

    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
    await context.close();
  });

  it('sends a member whose session has ended to /login, and back after logging in', async () => {
    const context = await memberContext(DESKTOP);
    const { page, errors } = await openPage(context);
    const username = uniqueUsername('s');
    await register(page, username, 'session1234');
    // The server no longer knows the token (as after a password change on another device).
    await page.evaluate(() => sessionStorage.setItem('t', 'ended-session-token'));
    await page.goto(`${baseUrl}/user/personal`);
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => sessionStorage.getItem('t'))).toBeNull();
    await waitForScreen(page);
    await login(page, username, 'session1234');
    await page.waitForURL(`${baseUrl}/user/personal`);
    await poll(() => page.locator('.profile__details').innerText()).toContain(username);
    // The only failures are the refused calls of the ended session.
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
    await context.close();
  });

  it('shows the login screen at desktop width, refusing an unknown account', async () => {
    const context = await memberContext(DESKTOP);
    const { page } = await openPage(context);
    await page.goto(`${baseUrl}/login`);
    await waitForScreen(page);
    const picture = await captchaPicture(page);
    expect(picture).toMatch(/^data:image\//);
    await shot(page, 'login-desktop');
    // Submitting empty asks for each field, in the member's language.
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await poll(() => page.locator('.field__error').count()).toBe(3);
    await shot(page, 'login-desktop-errors');
    await expectTidy(page, DESKTOP.width);
    await login(page, uniqueUsername('nobody'), 'wrong1234');
    await poll(() => page.locator('.form-alert').innerText()).toMatch(/\S/);
    await poll(() => captchaPicture(page)).not.toBe(picture);

    // The forgotten-password screen, with the e-mail way chosen.
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL(`${baseUrl}/forgetPassword`);
    await captchaPicture(page);
    await page.getByRole('tab', { name: '邮箱验证' }).click();
    await poll(() => page.locator('form').innerText()).toContain('绑定的邮箱');
    await shot(page, 'forget-password-desktop');
    await expectTidy(page, DESKTOP.width);
    await context.close();
  });

  it.each([
    { language: 'en', login: 'Log in', usernameError: 'Use 4 to 16 letters or digits' },
    { language: 'zh-TW', login: '登入', usernameError: '使用者名稱須為 4-16 位字母或數字' },
  ])(
    'has every member text in $language',
    async ({ language, login: loginLabel, usernameError }) => {
      const context = await memberContext(DESKTOP);
      await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      const { page, errors } = await openPage(context);
      // Each visit costs a captcha, and captchas are rationed per address: one visit a screen.
      await page.goto(`${baseUrl}/forgetPassword`);
      await waitForScreen(page);
      await captchaPicture(page);
      await expectTidy(page, DESKTOP.width);

      // An invite link's code is filled in and cannot be edited.
      await page.goto(`${baseUrl}/register?i_code=QK7A12`);
      await waitForScreen(page);
      await captchaPicture(page);
      await expectTidy(page, DESKTOP.width);
      await poll(() => field(page, 'inviteCode').inputValue()).toBe('QK7A12');
      expect(await field(page, 'inviteCode').getAttribute('readonly')).not.toBeNull();
      await field(page, 'username').fill('9x');
      await poll(() => page.locator('form').innerText()).toContain(usernameError);
      await shot(page, `register-${language}`);

      await page.goto(`${baseUrl}/login`);
      await waitForScreen(page);
      await captchaPicture(page);
      await page.getByRole('button', { name: loginLabel, exact: true }).click();
      await poll(() => page.locator('.field__error').count()).toBe(3);
      await expectTidy(page, DESKTOP.width);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
