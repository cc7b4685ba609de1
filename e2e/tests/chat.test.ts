import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE, RAW_KEY_PATTERN } from '../support/browser.ts';
import { expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * Online customer service in Chromium: a member opens the chat panel from the site, writes, and
 * the operator (a second browser context, through the operator API as the back office would)
 * takes the conversation and answers; the reply appears without a reload, also after the socket dropped
 * and the browser went offline, and the launcher shows a dot while the panel is collapsed. On a
 * phone a guest chats on the stand-alone page, resumes after a reload, and starts again once the
 * operator closed the conversation.
 */

const baseUrl = inject('baseUrl');
const BRAND = 'jinsheng';

let browser: Browser;
let token: string;
/** The operator's own browser context: its calls share nothing with the member's. */
let operator: BrowserContext;
beforeAll(async () => {
  browser = await launchChromium();
  token = await operatorToken(baseUrl);
  operator = await browser.newContext();
});
afterAll(async () => {
  await operator.close();
  await browser.close();
});

type Conversation = {
  id: string;
  status: string;
  displayName: string;
  lastMessage: { body: string } | null;
};
type Message = { id: string; sender: string; body: string };

async function operatorCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await operator.request.fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    ...(body === undefined ? {} : { data: body }),
  });
  const answer = (await response.json()) as { status: boolean; data: T };
  if (!answer.status) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The conversation whose last message is this text, once it is in the queue. */
async function findConversation(text: string): Promise<Conversation> {
  let found: Conversation | undefined;
  await poll(async () => {
    const queue = await operatorCall<{ waiting: Conversation[]; open: Conversation[] }>(
      `/admin/api/chat/queue?brand=${BRAND}`,
    );
    found = [...queue.waiting, ...queue.open].find(
      (conversation) => conversation.lastMessage?.body === text,
    );
    return found !== undefined;
  }).toBe(true);
  if (!found) throw new Error('conversation not found');
  return found;
}

function reply(conversationId: string, body: string): Promise<Message> {
  return operatorCall(`/admin/api/chat/${conversationId}/messages`, {
    body,
    clientMessageId: `e2e${randomUUID().replaceAll('-', '')}`,
  });
}

async function messagesOf(conversationId: string): Promise<Message[]> {
  const page = await operatorCall<{ messages: Message[] }>(
    `/admin/api/chat/${conversationId}/messages?limit=100`,
  );
  return page.messages;
}

async function send(chat: Page | FrameLocator, text: string): Promise<void> {
  const input = chat.locator('.chat-composer__input');
  await input.fill(text);
  await input.press('Enter');
}

function theirs(chat: Page | FrameLocator) {
  return chat.locator('[data-testid="chat-theirs"] .chat-bubble__text');
}

describe('customer service chat', () => {
  it('lets a member chat with an operator in the panel, across a dropped connection (desktop)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    await register(page, baseUrl, uniqueUsername('chat'), 'chatting1234');

    // The panel's chunk loads once the page has settled; its floating button shows it is there.
    await poll(() => page.locator('[data-testid="chat-launcher"]').isVisible()).toBe(true);
    await page.locator('.topbar__links a[href="/iframeCustomerService"]').click();
    // The site stays where it was; the chat opens in the panel.
    expect(new URL(page.url()).pathname).toBe('/home');
    await poll(() => page.locator('[data-testid="chat-panel"]').isVisible()).toBe(true);
    const chat = page.frameLocator('iframe.chat-panel__frame');
    await poll(() => chat.locator('[data-testid="chat-status"]').getAttribute('data-state')).toBe(
      'online',
    );

    const question = `充值还没到账 ${randomUUID().slice(0, 6)}`;
    await send(chat, question);
    await poll(() => chat.locator('[data-testid="chat-mine"]').count()).toBe(1);
    await poll(() => chat.locator('[data-testid="chat-status"]').innerText()).toContain(
      '正在为您接入客服',
    );

    const conversation = await findConversation(question);
    await operatorCall(`/admin/api/chat/${conversation.id}/take`, {});
    await reply(conversation.id, '您好，请稍等，正在为您查询');
    await poll(() => theirs(chat).allInnerTexts()).toEqual(['您好，请稍等，正在为您查询']);
    await poll(() => chat.locator('[data-testid="chat-system"]').innerText()).toContain('为您服务');
    await poll(() => chat.locator('[data-testid="chat-status"]').innerText()).toContain(
      '已接入客服 admin',
    );
    await shot(page, 'chat-panel-desktop', false);

    // The connection drops and the browser goes offline: a message written meanwhile waits, the
    // operator's reply is fetched after the reconnection, and the waiting message goes out once.
    await context.setOffline(true);
    await chat.locator('body').evaluate(() => {
      (window as unknown as { __lobbyChatDrop: () => void }).__lobbyChatDrop();
    });
    await poll(() =>
      chat.locator('[data-testid="chat-status"]').getAttribute('data-state'),
    ).not.toBe('online');
    const offlineText = `断网时写的 ${randomUUID().slice(0, 6)}`;
    await send(chat, offlineText);
    await poll(() => chat.locator('[data-testid="chat-pending"]').count()).toBe(1);
    await reply(conversation.id, '已经为您加急处理');
    await context.setOffline(false);
    await poll(
      () => chat.locator('[data-testid="chat-status"]').getAttribute('data-state'),
      20_000,
    ).toBe('online');
    await poll(() => theirs(chat).allInnerTexts()).toEqual([
      '您好，请稍等，正在为您查询',
      '已经为您加急处理',
    ]);
    await poll(() => chat.locator('[data-testid="chat-pending"]').count()).toBe(0);
    const stored = (await messagesOf(conversation.id)).filter(
      (message) => message.body === offlineText,
    );
    expect(stored).toHaveLength(1);

    // Collapsed, the launcher shows a dot for a new reply; opening the panel reads it.
    await chat.locator('.chat-page__bar .icon-button').click();
    await poll(() => page.locator('[data-testid="chat-panel"]').isVisible()).toBe(false);
    await reply(conversation.id, '处理好了，请查看余额');
    await poll(() => page.locator('[data-testid="chat-launcher-dot"]').innerText()).toBe('1');
    await page.locator('[data-testid="chat-launcher"]').click();
    await poll(() => theirs(chat).count()).toBe(3);
    await chat.locator('.chat-page__bar .icon-button').click();
    await poll(() => page.locator('[data-testid="chat-launcher-dot"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a guest chat on the page, resume after a reload and start again (phone)', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const { page, errors } = await openPage(context);
    await openScreen(page, baseUrl, '/home');
    await page.locator('.tab-bar a[href="/iframeCustomerService"]').first().click();
    await page.waitForURL(`${baseUrl}/iframeCustomerService`);
    const chat = page;
    await poll(() => page.locator('[data-testid="chat-status"]').getAttribute('data-state')).toBe(
      'online',
    );

    const question = `请问怎么注册 ${randomUUID().slice(0, 6)}`;
    await send(chat, question);
    await poll(() => page.locator('[data-testid="chat-mine"]').count()).toBe(1);
    const conversation = await findConversation(question);
    expect(conversation.displayName).toMatch(/^访客 /);
    await operatorCall(`/admin/api/chat/${conversation.id}/take`, {});
    await reply(conversation.id, '点击右上角的注册按钮即可');
    await poll(() => theirs(chat).allInnerTexts()).toEqual(['点击右上角的注册按钮即可']);

    // The guest's token is kept: a reload shows the same conversation.
    await page.reload();
    await poll(() => page.locator('[data-testid="chat-mine"]').allInnerTexts()).toEqual([
      expect.stringContaining(question),
    ]);
    await poll(() => theirs(chat).allInnerTexts()).toEqual(['点击右上角的注册按钮即可']);
    const text = await page.locator('#root').innerText();
    expect(text).not.toMatch(RAW_KEY_PATTERN);
    await expectTidy(page, PHONE.width);
    await shot(page, 'chat-phone', false);

    // The operator closes: the guest sees it, starts again, and a new conversation is queued.
    await operatorCall(`/admin/api/chat/${conversation.id}/close`, {});
    await poll(() => page.locator('[data-testid="chat-closed"]').isVisible()).toBe(true);
    await shot(page, 'chat-phone-closed', false);
    await page.getByRole('button', { name: '重新咨询' }).click();
    const next = `还有一个问题 ${randomUUID().slice(0, 6)}`;
    await send(chat, next);
    const fresh = await findConversation(next);
    expect(fresh.id).not.toBe(conversation.id);
    expect(fresh.status).toBe('waiting');
    await poll(() => page.locator('[data-testid="chat-status"]').innerText()).toContain(
      '正在为您接入客服',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
