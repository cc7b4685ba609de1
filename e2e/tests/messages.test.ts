import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE, waitForScreen } from '../support/browser.ts';
import { expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * The message centre in Chromium: an operator sends a personal message and a broadcast through
 * the operator API; the member sees the unread count, reads a message, goes back (the count
 * drops without a reload), marks everything read and deletes a message after "确认删除？".
 */

const baseUrl = inject('baseUrl');
/** The brand 127.0.0.1 resolves to. */
const BRAND = 'jinsheng';
const PASSWORD = 'message1234';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** POST /admin/api/messages as the demo operator: to one member, or to the brand's members. */
async function sendMessage(input: { username?: string; title: string; body: string }) {
  const response = await fetch(`${baseUrl}/admin/api/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await operatorToken(baseUrl)}`,
    },
    body: JSON.stringify({ brand: BRAND, ...input }),
  });
  const answer = (await response.json()) as { status: boolean; data: { id: string } };
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  return answer.data;
}

/**
 * A personal message and a later broadcast, with titles of this run. `longTitle` puts a long
 * address without spaces in the broadcast's title, which must wrap on a phone's screen.
 */
async function sendBoth(username: string, longTitle = false) {
  const tag = username.slice(-6);
  const personal = { title: `账户提醒 ${tag}`, body: `${username}，您好：您的账户已开通。` };
  const broadcast = {
    title: longTitle
      ? `系统维护通知${tag}：https://status.example.com/maintenance/2026-11-26/window-0200-0400`
      : `系统维护通知 ${tag}`,
    body: '本周四凌晨 2:00 至 4:00 系统维护。',
  };
  await sendMessage({ username, ...personal });
  await sendMessage(broadcast);
  return { personal, broadcast };
}

/** The unread count a badge shows; 0 when the badge is gone (nothing unread). */
async function badgeCount(page: Page, testId: string): Promise<number> {
  const badge = page.getByTestId(testId);
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.innerText());
}

/** Marks the document, so a check can prove that a step did not load the page again. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { e2eMark?: string }).e2eMark = 'same document';
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { e2eMark?: string }).e2eMark === 'same document',
  );
}

const items = (page: Page) => page.getByTestId('message-item');
const item = (page: Page, title: string) => items(page).filter({ hasText: title });

async function phoneContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
}

describe('message centre', () => {
  it('shows the unread count, reads a message, marks all read and deletes one (desktop)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    const username = uniqueUsername('m');
    await register(page, baseUrl, username, PASSWORD);
    const { personal, broadcast } = await sendBoth(username);

    // The member centre: both messages unread, in the header and on the shortcut.
    await openScreen(page, baseUrl, '/user');
    await poll(() => badgeCount(page, 'header-unread')).toBe(2);
    await poll(() => badgeCount(page, 'centre-unread')).toBe(2);
    await markDocument(page);

    await page.locator('.shortcut[href="/user/message"]').click();
    await page.waitForURL(`${baseUrl}/user/message`);
    await poll(() => items(page).count()).toBe(2);
    // Newest first: the broadcast, then the personal message; both unread.
    expect(await items(page).nth(0).innerText()).toContain(broadcast.title);
    expect(await items(page).nth(1).innerText()).toContain(personal.title);
    expect(await page.locator('.message-item.is-unread').count()).toBe(2);
    await expect.poll(() => page.locator('.message-toolbar__unread').innerText()).toBe('2 条未读');
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'messages-desktop-list');

    // Reading the personal message marks it read.
    await item(page, personal.title).locator('.message-item__link').click();
    await page.waitForURL(/\/user\/messageDetail\?id=\d+$/);
    await poll(() => page.locator('.message-detail__title').innerText()).toBe(personal.title);
    expect(await page.locator('.message-detail__body').innerText()).toBe(personal.body);
    await poll(() => badgeCount(page, 'header-unread')).toBe(1);
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'messages-desktop-detail');

    // Back in the list: one unread left, the read one without its mark, and no reload.
    await page.getByRole('link', { name: '返回列表' }).click();
    await page.waitForURL(`${baseUrl}/user/message`);
    await poll(() => page.locator('.message-item.is-unread').count()).toBe(1);
    expect(await item(page, broadcast.title).getAttribute('class')).toContain('is-unread');
    await expect.poll(() => page.locator('.message-toolbar__unread').innerText()).toBe('1 条未读');
    expect(await badgeCount(page, 'header-unread')).toBe(1);
    expect(await sameDocument(page)).toBe(true);

    // Mark all read: no unread left anywhere.
    await page.getByRole('button', { name: '全部已读' }).click();
    await poll(() => page.locator('.toast-host').innerText()).toContain('已全部标为已读');
    await poll(() => page.locator('.message-item.is-unread').count()).toBe(0);
    await poll(() => badgeCount(page, 'header-unread')).toBe(0);
    expect(await page.locator('.message-toolbar__unread').count()).toBe(0);
    expect(await page.getByRole('button', { name: '全部已读' }).isDisabled()).toBe(true);

    // Delete the broadcast: asked first, and cancelling keeps it.
    await item(page, broadcast.title).locator('.message-item__check').check();
    await page.getByRole('button', { name: '删除 (1)' }).click();
    const dialog = page.locator('dialog.confirm-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.confirm-dialog__title').innerText()).toBe('确认删除？');
    await shot(page, 'messages-desktop-confirm', false);
    await dialog.getByRole('button', { name: '取消' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    expect(await items(page).count()).toBe(2);

    await page.getByRole('button', { name: '删除 (1)' }).click();
    await dialog.getByRole('button', { name: '删除' }).click();
    await poll(() => page.locator('.toast-host').innerText()).toContain('已删除');
    await poll(() => items(page).count()).toBe(1);
    expect(await items(page).first().innerText()).toContain(personal.title);
    await expectTidy(page, DESKTOP.width);
    expect(await sameDocument(page)).toBe(true);

    // The deletion holds after a reload.
    await openScreen(page, baseUrl, '/user/message');
    await poll(() => items(page).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads, goes back and deletes from the message itself on a phone', async () => {
    const context = await phoneContext();
    const { page, errors } = await openPage(context);
    const username = uniqueUsername('p');
    await register(page, baseUrl, username, PASSWORD);
    const { personal, broadcast } = await sendBoth(username, true);

    await openScreen(page, baseUrl, '/user');
    await poll(() => badgeCount(page, 'centre-unread')).toBe(2);
    await expectTidy(page, PHONE.width);
    await shot(page, 'messages-phone-centre');
    await markDocument(page);

    await page.locator('.shortcut[href="/user/message"]').click();
    await page.waitForURL(`${baseUrl}/user/message`);
    await poll(() => items(page).count()).toBe(2);
    await expectTidy(page, PHONE.width);
    await shot(page, 'messages-phone-list');

    // Read the broadcast, then the browser's back button: the count drops by one.
    await item(page, broadcast.title).locator('.message-item__link').click();
    await poll(() => page.locator('.message-detail__title').innerText()).toBe(broadcast.title);
    await expectTidy(page, PHONE.width);
    await shot(page, 'messages-phone-detail');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/user/message`);
    await waitForScreen(page);
    await poll(() => page.locator('.message-item.is-unread').count()).toBe(1);
    expect(await item(page, personal.title).getAttribute('class')).toContain('is-unread');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/user`);
    await poll(() => badgeCount(page, 'centre-unread')).toBe(1);
    expect(await sameDocument(page)).toBe(true);

    // Delete the personal message from its own screen, after the question.
    await page.locator('.shortcut[href="/user/message"]').click();
    await item(page, personal.title).locator('.message-item__link').click();
    await poll(() => page.locator('.message-detail__title').innerText()).toBe(personal.title);
    await page.locator('.message-detail__actions').getByRole('button', { name: '删除' }).click();
    const dialog = page.locator('dialog.confirm-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.confirm-dialog__title').innerText()).toBe('确认删除？');
    await shot(page, 'messages-phone-confirm', false);
    await dialog.getByRole('button', { name: '删除' }).click();
    await page.waitForURL(`${baseUrl}/user/message`);
    await poll(() => page.locator('.toast-host').innerText()).toContain('已删除');
    await poll(() => items(page).count()).toBe(1);
    expect(await items(page).first().innerText()).toContain(broadcast.title);
    // The only unread message was the one deleted: nothing unread is left.
    await poll(() => page.locator('.message-item.is-unread').count()).toBe(0);
    await page.goto(`${baseUrl}/user`);
    await waitForScreen(page);
    await poll(() => page.locator('.shortcut[href="/user/message"]').isVisible()).toBe(true);
    expect(await badgeCount(page, 'centre-unread')).toBe(0);

    // Mark all read with nothing unread is not offered.
    await openScreen(page, baseUrl, '/user/message');
    await poll(() => items(page).count()).toBe(1);
    expect(await page.getByRole('button', { name: '全部已读' }).isDisabled()).toBe(true);
    await expectTidy(page, PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
