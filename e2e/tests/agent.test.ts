import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS_DIR, DESKTOP, launchChromium, openPage, PHONE } from '../support/browser.ts';
import { expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { captchaPicture, field, TEST_CAPTCHA, uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * The agent partnership in Chromium: a member reads the rules and applies ("join us"), an
 * operator approves through the operator API, the new agent sees the invite code, link and QR
 * code and copies the link; a second visitor opens that link (?i_code=), registers with the
 * code prefilled, and appears masked in the agent's downline.
 */

const baseUrl = inject('baseUrl');
/** The brand 127.0.0.1 resolves to. */
const BRAND = 'jinsheng';
const PASSWORD = 'agent12345';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

type Envelope<T> = { status: boolean; data: T };

async function operatorCall<T>(path: string, method: 'GET' | 'POST', body?: object): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      authorization: `Bearer ${await operatorToken(baseUrl)}`,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as Envelope<T>;
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  return answer.data;
}

/** The operator approves the member's pending application, as the back office would. */
async function approveApplicationOf(username: string): Promise<void> {
  const pending = await operatorCall<{ items: { id: string; username: string }[] }>(
    `/admin/api/agent/applications?brand=${BRAND}&status=pending&pageSize=100`,
    'GET',
  );
  const application = pending.items.find((item) => item.username === username);
  expect(application, `no pending application of ${username}`).toBeDefined();
  await operatorCall(`/admin/api/agent/applications/${application?.id}/approve`, 'POST', {
    note: 'e2e',
  });
}

describe('agent partnership', () => {
  it('applies, gets approved, shares the invite link and sees the new downline member', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page, errors } = await openPage(context);

    // A guest sees the rules and sponsors, and is asked to log in to apply.
    await openScreen(page, baseUrl, '/agent');
    await poll(() => page.locator('.agent-tiers__row:not(.agent-tiers__head)').count()).toBe(4);
    await poll(() => page.locator('.agent-sponsor').count()).toBe(3);
    expect(await page.locator('.agent-columns').innerText()).toContain('请先登录后再提交合营申请');

    // The member applies: the contact is required.
    const username = uniqueUsername('ag');
    await register(page, baseUrl, username, PASSWORD);
    await openScreen(page, baseUrl, '/agent');
    await page.getByRole('button', { name: '提交申请' }).click();
    await poll(() => page.locator('.agent-apply .field__error').innerText()).toContain(
      '请填写联系方式',
    );
    await page.locator('input[name="contact"]').fill('Telegram @e2e_partner');
    await page.locator('textarea[name="message"]').fill('我有一个体育论坛');
    await page.getByRole('button', { name: '提交申请' }).click();
    await poll(() => page.locator('.toast-host').innerText()).toContain('申请已提交');
    await poll(() => page.locator('[data-application-status="pending"]').count()).toBe(1);
    expect(await page.locator('.agent-status').innerText()).toContain('Telegram @e2e_partner');
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'agent-desktop-pending');

    await approveApplicationOf(username);

    // The agent: invite code, link and QR code; copying the link says "复制成功".
    await openScreen(page, baseUrl, '/agent');
    const linkElement = page.locator('[data-invite-link]');
    await poll(() => linkElement.count()).toBe(1);
    const link = (await linkElement.getAttribute('data-invite-link')) ?? '';
    const code = (await page.locator('[data-invite-code]').getAttribute('data-invite-code')) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
    expect(link).toBe(`${baseUrl}/register?i_code=${code}`);
    await poll(() => page.locator('svg.qr-code').getAttribute('data-qr-value')).toBe(link);
    await page.locator('.agent-invite__field').nth(1).locator('button.copy-button').click();
    await poll(() => page.locator('.toast-host').innerText()).toContain('复制成功');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await poll(() => page.locator('.agent-summary').innerText()).toContain('注册人数');
    expect(await page.locator('.agent-columns').innerText()).toContain('您已是合营伙伴');
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'agent-desktop-agent');

    // A friend opens the invite link and registers with the code prefilled.
    const friendContext = await browser.newContext({ viewport: DESKTOP });
    const friend = await openPage(friendContext);
    await friend.page.goto(link);
    await friend.page.waitForURL(/\/register/);
    await captchaPicture(friend.page);
    const inviteInput = field(friend.page, 'inviteCode');
    await poll(() => inviteInput.inputValue()).toBe(code);
    expect(await inviteInput.getAttribute('readonly')).not.toBeNull();
    const friendName = uniqueUsername('fr');
    await field(friend.page, 'username').fill(friendName);
    await field(friend.page, 'password').fill(PASSWORD);
    await field(friend.page, 'confirmPassword').fill(PASSWORD);
    await field(friend.page, 'code').fill(TEST_CAPTCHA);
    await friend.page.locator('input[name="agree"]').check();
    await friend.page.getByRole('button', { name: '注册', exact: true }).click();
    await friend.page.waitForURL(`${baseUrl}/home`);
    expect(friend.errors).toEqual([]);
    await friendContext.close();

    // The friend in the agent's downline, masked, and counted.
    const masked = `${friendName.slice(0, 2)}***${friendName.slice(-1)}`;
    await openScreen(page, baseUrl, '/agent');
    await poll(() => page.locator(`[data-downline-username="${masked}"]`).count()).toBe(1);
    expect(await page.locator('.agent-dashboard').innerText()).not.toContain(friendName);
    await poll(() => page.locator('[data-summary="registered"] dd').innerText()).toBe('1');
    await poll(() => page.locator('svg.qr-code').count()).toBe(1);
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'agent-desktop-downline');

    // The same screens at a phone's width.
    await page.setViewportSize(PHONE);
    await openScreen(page, baseUrl, '/agent');
    await poll(() => page.locator(`[data-downline-username="${masked}"]`).count()).toBe(1);
    await poll(() => page.locator('svg.qr-code').count()).toBe(1);
    await expectTidy(page, PHONE.width);
    await shot(page, 'agent-phone');
    // Parts of the long page at their real size, to look at.
    await page
      .locator('.agent-invite')
      .screenshot({ path: join(ARTIFACTS_DIR, 'agent-phone-invite.png') });
    await page
      .locator('.agent-dashboard .panel')
      .nth(1)
      .screenshot({ path: join(ARTIFACTS_DIR, 'agent-phone-downline.png') });
    await page
      .locator('.agent-columns')
      .screenshot({ path: join(ARTIFACTS_DIR, 'agent-phone-rules.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
