import { constants, publicEncrypt } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { brandBackOfficeSchema } from '@lobby/contracts';
import {
  CONSOLE_DESKTOP,
  CONSOLE_TABLET,
  createOperator,
  finishEnrolment,
  openConsole,
  secondFactor,
  typeCode,
  type ConsoleOperator,
} from '../support/admin.ts';
import { ARTIFACTS_DIR, launchChromium, openPage } from '../support/browser.ts';
import { depositOnline, poll } from '../support/flows.ts';
import {
  captchaPicture,
  field,
  TEST_CAPTCHA,
  uniqueUsername,
  waitForCode,
} from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * The member 360 page of the operator console (apps/admin features/member-360): found from the
 * member search, its balances and history tabs with their filters in the URL, an account action
 * (lock) with its reason, and a balance adjustment above the brand's threshold that a second
 * operator approves. The operators here are this file's own: the console's shared operator
 * (support/admin.ts consoleOperator) is left to admin-console.test.ts.
 */

const baseUrl = inject('baseUrl');
/** The brand 127.0.0.1 resolves to: the default demo brand (CNY). */
const BRAND = 'jinsheng';
/**
 * The demo brands set no back-office policy, so the brand's second-approval threshold for an
 * adjustment is the policy's default (brandBackOfficeSchema): above it, a request.
 */
const THRESHOLD = brandBackOfficeSchema.parse({}).secondApprovalAbove.adjustment;
const PASSWORD = 'member1234';
/** Where the screenshots of this file go besides e2e/artifacts, to be looked at. */
const SHOTS_DIR = '/tmp/lobby-shots';

let browser: Browser;
let adminToken: string;
/** Operator A: a super admin of every brand, who adjusts. */
const operatorA: ConsoleOperator = {
  username: uniqueUsername('ma'),
  password: 'member-360-browser-test-a',
  role: 'super_admin',
  brands: 'all',
};
/** Operator B: finance of the brand, who approves A's request. */
const operatorB: ConsoleOperator = {
  username: uniqueUsername('mb'),
  password: 'member-360-browser-test-b',
  role: 'finance',
  brands: [BRAND],
};
let context: BrowserContext;
let page: Page;
let errors: string[];
const member = { username: uniqueUsername('m'), phone: '', id: '' };

type Envelope<T> = { status: boolean; data: T; message?: string };

async function memberApi<T>(path: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function memberData<T>(path: string, body?: unknown): Promise<T> {
  const answer = await memberApi<T>(path, body);
  if (!answer.status) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A password as the site sends it: RSA-OAEP (SHA-256) with the key preInfo publishes. */
async function encrypt(password: string): Promise<string> {
  const { publicKey } = await memberData<{ publicKey: string }>('/api/f/v1/member/preInfo');
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

/** A fresh captcha key; every captcha accepts the test code in this run. */
async function captcha(): Promise<{ key: string; code: string }> {
  const { key } = await memberData<{ key: string }>('/api/f/v1/captcha');
  return { key, code: TEST_CAPTCHA };
}

/** Registers the member through the API with a phone, its SMS code read from the dev outbox. */
async function registerWithPhone(): Promise<void> {
  member.phone = `139${String(Date.now()).slice(-8)}`;
  await memberData('/api/service/sms', {
    purpose: 'register',
    areaCode: '86',
    phone: member.phone,
    ...(await captcha()),
  });
  const phoneCode = await waitForCode(baseUrl, `+86${member.phone}`, 'register');
  const password = await encrypt(PASSWORD);
  await memberData('/api/f/v1/member/register', {
    username: member.username,
    password,
    confirmPassword: password,
    areaCode: '86',
    phone: member.phone,
    phoneCode,
    ...(await captcha()),
  });
}

/** The member's login through the API: the envelope, refused or not. */
async function memberLogin(): Promise<Envelope<unknown>> {
  return memberApi('/api/f/v1/member/login/mpe', {
    username: member.username,
    password: await encrypt(PASSWORD),
    ...(await captcha()),
  });
}

/** The member logs in on the site and deposits through the sandbox gateway. */
async function depositAsMember(amount: string): Promise<void> {
  const site = await openPage(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  await site.page.goto(`${baseUrl}/login`);
  await captchaPicture(site.page);
  await field(site.page, 'username').fill(member.username);
  await field(site.page, 'password').fill(PASSWORD);
  await field(site.page, 'code').fill(TEST_CAPTCHA);
  await site.page.getByRole('button', { name: '登录', exact: true }).click();
  await site.page.waitForURL(`${baseUrl}/home`);
  await depositOnline(site.page, baseUrl, amount);
  await site.page.context().close();
}

/**
 * Logs an operator of this file in through the console's screens, enrolling TOTP on the first
 * login; the secret stays in the operator object (never in the shared console state file).
 */
async function consoleLogin(target: Page, operator: ConsoleOperator): Promise<void> {
  await target.goto(`${baseUrl}/admin/login`);
  await target.locator('#username').fill(operator.username);
  await target.locator('#password').fill(operator.password);
  await target.locator('button[type="submit"]').click();
  const start = target.locator('[data-testid="enrol-start"]');
  await target.locator('.ant-otp').or(start).first().waitFor();
  if (await start.isVisible()) {
    await start.click();
    const secret = (await target.locator('[data-testid="totp-secret"]').innerText()).trim();
    operator.secret = secret;
    operator.lastStep = Math.floor(Date.now() / 30_000);
    await typeCode(target, await generate({ secret }));
    await target.locator('button[type="submit"]').click();
    const codes = target.locator('[data-testid="recovery-codes"] li');
    await codes.first().waitFor();
    operator.recoveryCodes = (await codes.allInnerTexts()).map((code) => code.trim());
    await finishEnrolment(target);
  } else {
    const factor = await secondFactor(operator);
    if ('totp' in factor) {
      await typeCode(target, factor.totp);
    } else {
      await target.locator('[data-testid="use-recovery"]').click();
      await target.locator('#recoveryCode').fill(factor.recoveryCode);
    }
    await target.locator('button[type="submit"]').click();
  }
  await target.locator('[data-testid="operator-name"]').waitFor();
}

/** A screenshot into e2e/artifacts (admin-member-<name>.png) and the shots folder. */
async function shot(target: Page, name: string, fullPage = false): Promise<void> {
  const file = join(ARTIFACTS_DIR, `admin-member-${name}.png`);
  await target.screenshot({ path: file, fullPage });
  mkdirSync(SHOTS_DIR, { recursive: true });
  copyFileSync(file, join(SHOTS_DIR, `admin-member-${name}.png`));
}

/** Waits for every list's loading to end. */
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

/** Nothing wider than the window, no text key on screen, and no console error. */
async function expectTidy(target: Page, seen: string[], width: number): Promise<void> {
  expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  expect(await target.locator('#root').innerText()).not.toMatch(
    /\b(?:member-360|common|members|approvals):|\b(?:actions|results|tabs|filters|ledger|balances)\.[a-zA-Z]+/,
  );
  expect(seen).toEqual([]);
}

/** Confirms the open ReasonAction modal with a reason. */
async function confirmWithReason(target: Page, reason: string): Promise<void> {
  const modal = target.locator('.ant-modal').last();
  // Typed only once the modal has finished opening: under load a click during antd's zoom-in
  // can be lost.
  await poll(() => modal.getAttribute('class')).not.toContain('-appear');
  const field = modal.locator('textarea');
  await field.fill(reason);
  await poll(() => field.inputValue()).toBe(reason);
  const confirm = modal.locator('.ant-modal-footer button').last();
  await confirm.click();
  // The modal can close between the count and the read: a read that finds nothing is a close.
  const closed = async () =>
    (await modal.count()) === 0
      ? 'closed'
      : await modal
          .innerText({ timeout: 2_000 })
          .catch(async () => ((await modal.count()) === 0 ? 'closed' : 'open'));
  // Under load a click can land before antd listens; the button ignores clicks while loading.
  if ((await closed()) !== 'closed') {
    await target.waitForTimeout(3_000);
    if ((await closed()) !== 'closed' && !(await confirm.isDisabled())) {
      const loading = await confirm.getAttribute('class');
      if (!loading?.includes('ant-btn-loading')) await confirm.click();
    }
  }
  // A refusal keeps the modal open with the server's message: show it if the modal stays.
  await poll(closed, 20_000).toBe('closed');
}

beforeAll(async () => {
  browser = await launchChromium();
  adminToken = await operatorToken(baseUrl);
  await createOperator(baseUrl, adminToken, operatorA);
  await createOperator(baseUrl, adminToken, operatorB);

  // The member, registered with a phone (a deposit follows in the first test).
  await registerWithPhone();

  ({ context, page, errors } = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP));
  await consoleLogin(page, operatorA);
});
afterEach(async ({ task }) => {
  // What the console showed when a step failed.
  if (task.result?.state === 'fail') {
    await page
      ?.screenshot({ path: join(ARTIFACTS_DIR, 'admin-member-failed.png') })
      .catch(() => undefined);
  }
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser.close();
});

describe('member 360 page', () => {
  it('finds the member by phone and shows balances and the deposit; a reload keeps the tab and filter (zh-CN)', async () => {
    await depositAsMember('150');
    await page.goto(`${baseUrl}/admin/members`);
    await page.locator('#filters_q').fill(member.phone);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/q=/);
    const row = page.locator('tr', { hasText: member.username });
    await poll(() => row.count()).toBe(1);
    await row.locator('a', { hasText: member.username }).click();
    await page.waitForURL(/\/admin\/members\/\d+$/);
    member.id = /\/members\/(\d+)$/.exec(page.url())?.[1] ?? '';

    await poll(() => page.locator('[data-testid="member-username"]').innerText()).toBe(
      member.username,
    );
    await poll(() => page.locator('[data-testid="balance-wallet"]').innerText()).toBe('150.00 CNY');
    expect(await page.locator('[data-testid="balance-total"]').innerText()).toBe('150.00 CNY');
    expect(await page.locator('[data-testid="member-profile"]').innerText()).toContain(
      `+86 ${member.phone}`,
    );
    // The ledger tab opens first: the deposit is its newest movement.
    await settled(page);
    await poll(() => page.locator('tbody tr.ant-table-row').first().innerText()).toContain('存款');
    await shot(page, 'zh-1440', true);

    await page.locator('[data-testid="tab-deposits"]').click();
    await page.waitForURL(/tab=deposits/);
    // The deposits tab's own row (not the ledger's, still on screen for a moment).
    await page.locator('[data-testid="deposits-total"]').waitFor();
    const deposit = page.locator('tbody tr.ant-table-row').first();
    await poll(() => deposit.innerText()).toContain('已到账');
    expect(await deposit.innerText()).toContain('150.00 CNY');
    expect(await page.locator('[data-testid="deposits-total"]').innerText()).toContain(
      '150.00 CNY',
    );

    await choose(page, 'filters_status', '已到账');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/tab=deposits&status=confirmed/);
    await page.reload();
    await settled(page);
    expect(page.url()).toContain('tab=deposits&status=confirmed');
    await poll(() => page.locator('.ant-tabs-tab-active').innerText()).toContain('存款');
    await poll(() => page.locator('.ant-form-item:has(#filters_status)').innerText()).toContain(
      '已到账',
    );
    await poll(() => page.locator('tbody tr.ant-table-row').first().innerText()).toContain(
      '150.00 CNY',
    );
    await shot(page, 'deposits-zh', true);

    // The tab's CSV: its filters, no paging.
    const download = page.waitForEvent('download');
    await page.locator('button', { hasText: '导出 CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(`^member-${member.id}-deposits-.*\\.csv$`),
    );
    await expectTidy(page, errors, CONSOLE_DESKTOP.width);
  });

  it('locks the login with a reason: the badge shows, the login is refused and the action log has it', async () => {
    await page.goto(`${baseUrl}/admin/members/${member.id}`);
    const actions = page.locator('[data-testid="member-actions"]');
    await actions.locator('button', { hasText: '锁定登录' }).click();
    const modal = page.locator('.ant-modal');
    // The reason is required before anything is sent.
    await modal.locator('.ant-modal-footer button').last().click();
    await poll(() => modal.innerText()).toContain('请填写原因');
    await confirmWithReason(page, '疑似账户被盗，先锁定');

    const badge = page.locator('[data-testid="restriction-loginLocked"]');
    await badge.waitFor();
    expect(await page.locator('[data-testid="member-status"]').innerText()).toBe('停用');
    expect(await page.locator('[data-testid="restrictions-panel"]').innerText()).toContain(
      '疑似账户被盗，先锁定',
    );
    expect(await page.locator('[data-testid="action-outcome"]').innerText()).toContain(
      '已锁定登录',
    );
    await badge.hover();
    await poll(() => page.locator('.ant-tooltip').innerText()).toContain(operatorA.username);
    await shot(page, 'locked-zh');

    const refused = await memberLogin();
    expect(refused).toMatchObject({ status: false, data: 'account_disabled' });

    await page.goto(`${baseUrl}/admin/actions?action=member_lock&targetId=${member.id}`);
    await settled(page);
    const logged = page.locator('tbody tr.ant-table-row');
    await poll(() => logged.count()).toBe(1);
    expect(await logged.first().innerText()).toContain('疑似账户被盗，先锁定');
    expect(await logged.first().innerText()).toContain(operatorA.username);

    // Unlocking gives the login back.
    await page.goto(`${baseUrl}/admin/members/${member.id}`);
    await actions.locator('button', { hasText: '解除锁定' }).click();
    await confirmWithReason(page, '已核实是本人');
    await poll(() => badge.count()).toBe(0);
    expect(await memberLogin()).toMatchObject({ status: true });
    await expectTidy(page, errors, CONSOLE_DESKTOP.width);
  });

  it("makes an adjustment above the brand's threshold a request; a second operator approves it and the balance follows", async () => {
    await page.goto(`${baseUrl}/admin/members/${member.id}`);
    const wallet = page.locator('[data-testid="balance-wallet"]');
    await poll(() => wallet.innerText()).toBe('150.00 CNY');

    // Below the threshold: carried out at once.
    await page.locator('[data-testid="action-adjust"]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('#adjust_amount').fill('20.005');
    await modal.locator('.ant-modal-footer button').last().click();
    await poll(() => modal.innerText()).toContain('最多 2 位小数');
    await modal.locator('#adjust_amount').fill('20');
    expect(await modal.locator('[data-testid="adjust-after"]').innerText()).toContain('170.00 CNY');
    await modal.locator('#adjust_reason').fill('活动补偿');
    await modal.locator('.ant-modal-footer button').last().click();
    await modal.waitFor({ state: 'detached' });
    await poll(() => page.locator('[data-testid="adjust-done"]').innerText()).toContain(
      '170.00 CNY',
    );
    await poll(() => wallet.innerText()).toBe('170.00 CNY');

    // Above it: a request for a second operator; nothing moves yet.
    const above = (Number(THRESHOLD) + 500).toFixed(2);
    await page.locator('[data-testid="action-adjust"]').click();
    await modal.locator('#adjust_amount').fill(above);
    await modal.locator('#adjust_reason').fill('大额补偿，需复核');
    // After the modal's opening animation.
    await page.waitForTimeout(500);
    await shot(page, 'adjust-zh');
    await modal.locator('.ant-modal-footer button').last().click();
    await modal.waitFor({ state: 'detached' });
    const requested = page.locator('[data-testid="approval-requested"]');
    await poll(() => requested.innerText()).toMatch(/审批请求 #\d+/);
    expect(await requested.innerText()).toContain(
      `${Number(above).toLocaleString('en-US', { minimumFractionDigits: 2 })} CNY`,
    );
    expect(await requested.locator('a').getAttribute('href')).toBe(
      '/admin/approvals?kind=balance_adjustment',
    );
    expect(await wallet.innerText()).toBe('170.00 CNY');
    await shot(page, 'approval-requested-zh');
    await expectTidy(page, errors, CONSOLE_DESKTOP.width);

    // Operator B, finance of the brand, approves it in the Approvals screen.
    const second = await openConsole(browser, 'en', CONSOLE_DESKTOP);
    await consoleLogin(second.page, operatorB);
    await second.page.goto(`${baseUrl}/admin/approvals?kind=balance_adjustment`);
    await settled(second.page);
    const request = second.page.locator('tr', { hasText: member.username });
    await poll(() => request.innerText()).toContain(operatorA.username);
    await request.locator('button', { hasText: 'Approve' }).click();
    await confirmWithReason(second.page, 'checked with the member');
    await poll(() => request.count()).toBe(0);

    // The balance on the member page follows, for both operators.
    const expected = (170 + Number(above)).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await second.page.goto(`${baseUrl}/admin/members/${member.id}`);
    await poll(() => second.page.locator('[data-testid="balance-wallet"]').innerText()).toBe(
      `${expected} CNY`,
    );
    await settled(second.page);
    await poll(() => second.page.locator('tbody tr.ant-table-row').first().innerText()).toContain(
      'Manual adjustment',
    );
    await shot(second.page, 'after-approval-en', true);
    await expectTidy(second.page, second.errors, CONSOLE_DESKTOP.width);
    await second.context.close();

    await page.reload();
    await poll(() => wallet.innerText()).toBe(`${expected} CNY`);
  });

  it('stays usable at a tablet width, in both languages', async () => {
    await page.setViewportSize(CONSOLE_TABLET);
    for (const [language, path] of [
      ['zh', `/admin/members/${member.id}`],
      ['en', `/admin/members/${member.id}?tab=bets`],
    ] as const) {
      if (language === 'en') {
        await page.evaluate(() => window.localStorage.setItem('lobby-admin-lang', 'en'));
      }
      await page.goto(`${baseUrl}${path}`);
      await page.locator('[data-testid="member-balances"]').waitFor();
      await settled(page);
      await shot(page, `${language}-1024`);
      await expectTidy(page, errors, CONSOLE_TABLET.width);
    }
    expect(await page.locator('[data-testid="bets-totals"]').innerText()).toContain('Totals');
  });
});
