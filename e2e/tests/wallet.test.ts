import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE, waitForScreen } from '../support/browser.ts';
import {
  depositOnline as depositSandbox,
  expectTidy,
  openScreen,
  poll,
  register as registerMember,
  secureAccount as secureMember,
  shot,
} from '../support/flows.ts';
import { field, uniqueUsername } from '../support/members.ts';
import {
  adjustBalance,
  waiveTurnover,
  approveWithdrawal,
  headerBalance,
  operatorToken,
  testCardNumber,
} from '../support/wallet.ts';

const baseUrl = inject('baseUrl');
/** The brand 127.0.0.1 resolves to: the default demo brand (¥, zh-CN). */
const BRAND = 'jinsheng';
const PASSWORD = 'wallet1234';
const WITHDRAW_PASSWORD = '246810';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

function memberContext(viewport: typeof DESKTOP): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    // The copy buttons write to the clipboard.
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

const open = (page: Page, path: string) => openScreen(page, baseUrl, path);
const register = (page: Page, username: string) =>
  registerMember(page, baseUrl, username, PASSWORD);
const secureAccount = (page: Page, realName: string) =>
  secureMember(page, baseUrl, WITHDRAW_PASSWORD, realName);
const depositOnline = (page: Page, typed: string) => depositSandbox(page, baseUrl, typed);

describe('wallet', () => {
  it('deposits, adds a card, withdraws, is paid and sees every step in the records (desktop)', async () => {
    const context = await memberContext(DESKTOP);
    const { page, errors } = await openPage(context);
    const username = uniqueUsername('w');
    const token = await operatorToken(baseUrl);

    await register(page, username);
    // The header shows the centre wallet with the brand's currency symbol.
    await poll(() => headerBalance(page)).toBe('0.00');
    expect(await page.locator('.header-balance').innerText()).toContain('¥');

    // No withdrawal password yet: the spec's message instead of the forms.
    const required = '您还没有设置取款密码，为了您的账户安全，请先设置取款密码再添加提现账户或提现';
    await open(page, '/finance/withdraw');
    await poll(() => page.getByTestId('withdraw-password-required').innerText()).toContain(
      required,
    );
    await open(page, '/finance/addBankCard');
    await poll(() => page.getByTestId('withdraw-password-required').innerText()).toContain(
      required,
    );
    await page.getByRole('link', { name: '去设置取款密码' }).click();
    await page.waitForURL(`${baseUrl}/user/personal?open=withdrawPassword`);
    await poll(() => field(page, 'withdrawPassword').isVisible()).toBe(true);
    await secureAccount(page, '李四');

    // A bank card: the number is checked as it is typed (Luhn), the holder is the real name.
    await open(page, '/finance/addBankCard');
    const card = testCardNumber();
    await page.locator('select[name="bankCode"]').selectOption('icbc');
    await field(page, 'cardNumber').fill(`${card.slice(0, 18)}${(Number(card[18]) + 1) % 10}`);
    await poll(() => page.locator('form').innerText()).toContain('银行卡号校验未通过');
    await field(page, 'cardNumber').fill(card);
    expect(await field(page, 'cardNumber').inputValue()).toBe(
      card.replace(/(\d{4})(?=\d)/g, '$1 '),
    );
    // Member info carries the real name masked: the hint shows it, the member types it.
    await poll(() => page.locator('form').innerText()).toContain('须与您的实名（李*）一致');
    await field(page, 'holderName').fill('李四');
    await shot(page, 'wallet-add-bank-card-desktop');
    await expectTidy(page, DESKTOP.width);
    await page.getByRole('button', { name: '确认添加' }).click();
    await page.waitForURL(`${baseUrl}/user/bankCardsManage?type=bank`);
    await poll(() => page.locator('.toast-host').innerText()).toContain('添加成功');
    await poll(() => page.locator('.account-list').innerText()).toContain(card.slice(-4));
    expect(await page.locator('.account-list').innerText()).not.toContain(card);

    // An Alipay account, deleted again after "确认删除？".
    await page.getByRole('tab', { name: '支付宝' }).click();
    await page.getByRole('link', { name: '添加支付宝' }).click();
    await waitForScreen(page);
    await field(page, 'account').fill('13812345678');
    await field(page, 'holderName').fill('李四');
    await page.getByRole('button', { name: '确认添加' }).click();
    await page.waitForURL(`${baseUrl}/user/bankCardsManage?type=alipay`);
    await poll(() => page.locator('.account-list').innerText()).toContain('5678');
    await shot(page, 'wallet-bank-cards-desktop');
    await page.locator('.account-list__delete').first().click();
    const dialog = page.locator('dialog.confirm-dialog');
    await poll(() => dialog.innerText()).toContain('确认删除？');
    await dialog.getByRole('button', { name: '删除' }).click();
    await poll(() => page.locator('.toast-host').innerText()).toContain('删除成功');
    await poll(() => page.locator('.account-list').count()).toBe(0);

    // The operator credits 500; the header follows (a refresh forced by a tap).
    await adjustBalance(baseUrl, token, {
      brand: BRAND,
      username,
      amount: '500.00',
      reason: 'wallet browser test',
    });
    await page.locator('.header-balance').click();
    await poll(() => headerBalance(page)).toBe('500.00');

    // Withdraw 200 to the card with the withdrawal password.
    await open(page, '/finance/withdraw');
    await poll(() => page.locator('[data-figure="balance"]').innerText()).toContain('500.00');
    await poll(() => page.locator('.account-choice').innerText()).toContain(card.slice(-4));
    await field(page, 'amount').fill('9999');
    await poll(() => page.locator('form').innerText()).toContain('超出可用余额 500.00');
    await field(page, 'amount').fill('2a00.009');
    expect(await field(page, 'amount').inputValue()).toBe('200.00');
    await field(page, 'withdrawPassword').fill(WITHDRAW_PASSWORD);
    await page.getByRole('button', { name: '立即取款' }).click();
    const submitted = page.locator('.form-alert--success');
    await poll(() => submitted.innerText()).toContain('取款申请已提交');
    const orderNo = /W[0-9A-Z]+/.exec(await submitted.innerText())?.[0] ?? '';
    expect(orderNo).not.toBe('');
    await poll(() => headerBalance(page)).toBe('300.00');
    await poll(() => page.locator('[data-figure="locked"]').innerText()).toContain('200.00');
    const row = page.locator(`.recent-orders tr[data-row="${orderNo}"]`);
    await poll(() => row.innerText()).toContain('审核中');
    await shot(page, 'wallet-withdraw-desktop');
    await expectTidy(page, DESKTOP.width);

    // The operator pays it; the member sees it paid.
    expect((await approveWithdrawal(baseUrl, token, orderNo)).status).toBe('approved');
    await open(page, '/finance/withdraw');
    await poll(() => row.innerText()).toContain('已出款');

    // Deposit online through the sandbox gateway; the amount is filtered as typed.
    await depositOnline(page, '1a00.129');
    const status = page.locator('.order-status');
    await poll(() => status.innerText()).toContain('100.12');
    expect(await status.locator('.progress-steps__item.is-done').count()).toBe(3);
    await poll(() => headerBalance(page)).toBe('400.12');
    await poll(() => page.locator('.recent-orders').innerText()).toContain('已到账');
    await shot(page, 'wallet-deposit-confirmed-desktop');
    await expectTidy(page, DESKTOP.width);

    // The deposit brings turnover to play through before the next withdrawal.
    await open(page, '/finance/withdraw');
    await poll(() => page.locator('[data-figure="turnover"]').innerText()).toContain('100.12');
    expect(await page.locator('[data-figure="withdrawable"]').innerText()).toContain('0.00');
    await field(page, 'amount').fill('100');
    await field(page, 'withdrawPassword').fill(WITHDRAW_PASSWORD);
    await page.getByRole('button', { name: '立即取款' }).click();
    await poll(() => page.locator('.form-alert--error').innerText()).toContain(
      '有效投注流水才能提现',
    );

    // The operator waives it (with a reason, recorded); the member withdraws and it is paid.
    expect(
      (
        await waiveTurnover(baseUrl, token, {
          brand: BRAND,
          username,
          reason: 'wallet browser test',
        })
      ).waived,
    ).toBe('100.12');
    await open(page, '/finance/withdraw');
    await field(page, 'amount').fill('100');
    await field(page, 'withdrawPassword').fill(WITHDRAW_PASSWORD);
    await page.getByRole('button', { name: '立即取款' }).click();
    const second = page.locator('.form-alert--success');
    await poll(() => second.innerText()).toContain('取款申请已提交');
    const secondOrder = /W[0-9A-Z]+/.exec(await second.innerText())?.[0] ?? '';
    expect((await approveWithdrawal(baseUrl, token, secondOrder)).status).toBe('approved');
    await page.locator('.header-balance').click();
    await poll(() => headerBalance(page)).toBe('300.12');

    // Every step is in the transaction records, signed, with Chinese dates: a withdrawal
    // request as money out of the wallet, its payout as money out of the locked account.
    await open(page, '/user/transRecord');
    const records = page.locator('.data-table');
    await poll(() => records.locator('tr[data-row]').count()).toBe(6);
    const text = await records.innerText();
    for (const label of ['存款', '人工调整', '取款申请', '取款出款']) expect(text).toContain(label);
    expect(text).toMatch(/\+\s*¥\s*100\.12/);
    expect(text).toMatch(/\+\s*¥\s*500\.00/);
    expect(text).toMatch(/-\s*¥\s*200\.00/);
    expect(text).toMatch(/\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}:\d{2}/);
    await page.getByRole('tab', { name: '取款出款' }).click();
    await poll(() => records.locator('tr[data-row]').count()).toBe(2);
    await page.getByRole('button', { name: '昨天' }).click();
    await poll(() => records.innerText()).toContain('暂无交易记录');
    await page.getByRole('button', { name: '今天' }).click();
    await page.getByRole('tab', { name: '全部' }).click();
    await poll(() => records.locator('tr[data-row]').count()).toBe(6);
    await shot(page, 'wallet-trans-record-desktop');
    await expectTidy(page, DESKTOP.width);

    // The member centre card and overview show the same balance.
    await open(page, '/user');
    await poll(() => page.getByTestId('centre-balance').innerText()).toContain('300.12');
    await poll(() => page.locator('.member-card__balance').innerText()).toContain('300.12');

    // The USDT guide is a real page.
    await open(page, '/finance/deposit/virtualCoinHelp');
    await poll(() => page.locator('.coin-guide').innerText()).toContain('TRC20');
    expect(await page.locator('.coin-guide').innerText()).toContain('1 USDT =');
    await shot(page, 'wallet-coin-help-desktop');
    await expectTidy(page, DESKTOP.width);

    // The one refusal above (turnover owed) is a 409 the browser logs; nothing else failed.
    expect(
      errors.filter((error) => !/status of 409 .*\/api\/f\/v1\/withdraw\)/.test(error)),
    ).toEqual([]);
    await context.close();
  });

  it('pays by bank transfer and USDT, at phone width, in every language (390 px)', async () => {
    const context = await memberContext(PHONE);
    const { page, errors } = await openPage(context);
    const username = uniqueUsername('p');
    await register(page, username);

    // The deposit screen: channels in order with their limits, quick amounts.
    await open(page, '/finance/deposit');
    const channels = page.locator('.channel-card');
    await poll(() => channels.count()).toBe(3);
    expect(await channels.first().innerText()).toContain('银行转账');
    await poll(() => page.locator('.quick-amounts').innerText()).toContain('1,000');
    await shot(page, 'wallet-deposit-phone');
    await expectTidy(page, PHONE.width);

    // Bank transfer: the receiving card with copy buttons, then the transfer notice.
    await page.locator('.quick-amounts .chip', { hasText: '500' }).first().click();
    expect(await field(page, 'amount').inputValue()).toBe('500');
    await field(page, 'payerName').fill('王五');
    await page.getByRole('button', { name: '立即存款' }).click();
    await page.waitForURL(/\/finance\/deposit\/cardinfo\?orderNo=D\d+$/);
    await waitForScreen(page);
    await poll(() => page.locator('[data-field="account"]').innerText()).toMatch(/6222/);
    await page.locator('[data-field="account"] .copy-button').click();
    await poll(() => page.locator('.toast-host').innerText()).toContain('复制成功');
    await shot(page, 'wallet-card-info-phone');
    await expectTidy(page, PHONE.width);
    await page.getByRole('link', { name: '我已转账，提交转账信息' }).click();
    await page.waitForURL(/\/finance\/deposit\/newsletter\?orderNo=D\d+$/);
    await waitForScreen(page);
    expect(await field(page, 'payerName').inputValue()).toBe('');
    await field(page, 'payerName').fill('王五');
    await page.locator('textarea[name="note"]').fill('手机银行转账');
    await shot(page, 'wallet-newsletter-phone');
    await page.getByRole('button', { name: '提交转账信息' }).click();
    await page.waitForURL(/\/finance\/deposit\?orderNo=D\d+$/);
    await waitForScreen(page);
    await poll(() => page.getByTestId('deposit-status-title').innerText()).toContain(
      '转账信息已提交',
    );
    await shot(page, 'wallet-deposit-submitted-phone');
    await expectTidy(page, PHONE.width);

    // USDT: the protocol, the coin amount at the rate, the address to copy.
    await page.getByRole('button', { name: '再存一笔' }).click();
    await page.locator('.channel-card[data-channel="usdt"]').click();
    await page.getByRole('radio', { name: 'USDT · TRC20' }).click();
    await field(page, 'amount').fill('100');
    await poll(() => page.locator('.coin-estimate').innerText()).toContain('13.888889 USDT');
    await page.getByRole('button', { name: '立即存款' }).click();
    await page.waitForURL(/\/finance\/deposit\?orderNo=D\d+$/);
    await waitForScreen(page);
    await poll(() => page.locator('[data-field="address"]').innerText()).toMatch(
      /T[1-9A-Za-z]{33}/,
    );
    expect(await page.locator('[data-field="coinAmount"]').innerText()).toContain('13.888889');
    await shot(page, 'wallet-deposit-usdt-phone');
    await expectTidy(page, PHONE.width);
    await poll(() => page.locator('.recent-orders tr[data-row]').count()).toBe(2);

    // The mobile site's top bar carries the balance too.
    await open(page, '/app/home');
    await poll(() => page.locator('.mobile-topbar .header-balance').innerText()).toContain('0.00');

    // The withdrawal screen before a withdrawal password exists.
    await open(page, '/finance/withdraw');
    await poll(() => page.getByTestId('withdraw-password-required').isVisible()).toBe(true);
    await shot(page, 'wallet-withdraw-phone');
    await expectTidy(page, PHONE.width);

    // The same screens in Traditional Chinese and English: every text translated.
    for (const [language, deposit, withdraw] of [
      ['zh-TW', '存款方式', '您還沒有設定取款密碼'],
      ['en', 'Deposit methods', 'You have not set a withdrawal password'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('lang', value), language);
      await open(page, '/finance/deposit');
      await poll(() => page.locator('#root').innerText()).toContain(deposit);
      await expectTidy(page, PHONE.width);
      await shot(page, `wallet-deposit-${language}`);
      await open(page, '/finance/withdraw');
      await poll(() => page.locator('#root').innerText()).toContain(withdraw);
      await expectTidy(page, PHONE.width);
      await open(page, '/user/transRecord');
      await poll(() => page.locator('.data-table').innerText()).toMatch(/\S/);
      await expectTidy(page, PHONE.width);
      await shot(page, `wallet-trans-record-${language}`);
    }

    expect(errors).toEqual([]);
    await context.close();
  });
});
