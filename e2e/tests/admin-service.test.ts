import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  createOperator,
  openConsole,
  operatorApi,
  type ConsoleOperator,
} from '../support/admin.ts';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  RAW_KEY_PATTERN,
  launchChromium,
  openPage,
} from '../support/browser.ts';
import { poll, register } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * The customer service console (issue 16, part 8), desktop: a member writes in the chat on the
 * member site; an agent of the brand sees it in the console's queue (live, over the chat's
 * operator socket), takes it, answers once by typing and once with a canned reply, sees the
 * member beside the conversation, and closes it; the member sees both answers and the close.
 */
const baseUrl = inject('baseUrl');
const BRAND = 'jinsheng';

let browser: Browser;
let agent: ConsoleOperator;
let desk: Page;
let consoleErrors: string[];
const cannedTitle = `问候 ${randomUUID().slice(0, 4)}`;
const cannedBody = `您好，这里是在线客服，很高兴为您服务 ${randomUUID().slice(0, 4)}`;

beforeAll(async () => {
  browser = await launchChromium();
  const adminToken = await operatorToken(baseUrl);
  agent = {
    username: uniqueUsername('cs'),
    password: 'service-browser-test-1',
    role: 'customer_service',
    brands: [BRAND],
  };
  await createOperator(baseUrl, adminToken, agent);
  // The canned reply the agent will pick, as a supervisor would have written it.
  await operatorApi(baseUrl, adminToken, '/admin/api/chat/canned-replies', {
    body: { brand: BRAND, language: 'zh-CN', title: cannedTitle, body: cannedBody, sort: -1 },
  });
  // Answering chats needs no second factor (PERMISSIONS_WITHOUT_TOTP): password only.
  const opened = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP);
  await opened.page.goto(`${baseUrl}/admin/login`);
  await opened.page.locator('#username').fill(agent.username);
  await opened.page.locator('#password').fill(agent.password);
  await opened.page.locator('button[type="submit"]').click();
  await opened.page.locator('[data-testid="operator-name"]').waitFor();
  desk = opened.page;
  consoleErrors = opened.errors;
  consoleErrors.length = 0;
});
afterAll(async () => {
  await browser?.close();
});

async function consoleShot(name: string) {
  await desk.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
}

describe('customer service console', () => {
  it('answers a member from the console: queue, take, typed and canned replies, close', async () => {
    // The agent's console is open on the queue before the member writes: the socket brings it.
    await desk.goto(`${baseUrl}/admin/service/chat`);
    await poll(() => desk.locator('[data-testid="chat-live"]').getAttribute('data-state')).toBe(
      'online',
    );

    const memberContext = await browser.newContext({ viewport: DESKTOP });
    const { page: member, errors: memberErrors } = await openPage(memberContext);
    const username = uniqueUsername('svc');
    await register(member, baseUrl, username, 'chatting1234');
    await member.goto(`${baseUrl}/iframeCustomerService`);
    await poll(() => member.locator('[data-testid="chat-status"]').getAttribute('data-state')).toBe(
      'online',
    );
    const question = `我的提款什么时候到账 ${randomUUID().slice(0, 6)}`;
    const input = member.locator('.chat-composer__input');
    await input.fill(question);
    await input.press('Enter');

    // The queue shows it waiting with its unread count, without a reload.
    const item = desk.locator('[data-testid="chat-queue-item"]', { hasText: question });
    await poll(() => item.count(), 15_000).toBe(1);
    await poll(() => item.locator('[data-testid="chat-unread"]').innerText()).toBe('1');
    await consoleShot('admin-service-queue');
    await item.click();
    await poll(() => desk.locator('[data-testid="chat-visitor-message"]').innerText()).toContain(
      question,
    );
    // The member beside it.
    await poll(() => desk.locator('[data-testid="chat-context-username"]').innerText()).toBe(
      username,
    );
    await desk.locator('[data-testid="chat-take"]').click();
    await poll(() =>
      desk.locator('[data-testid="chat-conversation-status"]').innerText(),
    ).toContain(agent.username);

    // A typed reply.
    const typed = '您好，正在为您查询提款进度';
    await desk.locator('[data-testid="chat-reply"]').fill(typed);
    await desk.locator('[data-testid="chat-send"]').click();
    await poll(() => desk.locator('[data-testid="chat-operator-message"]').count()).toBe(1);

    // A canned reply, picked from the brand's list in the chosen language, then sent.
    await desk.locator('[data-testid="chat-canned"]').click();
    await desk.locator('.ant-select-item-option', { hasText: cannedTitle }).click();
    await poll(() => desk.locator('[data-testid="chat-reply"]').inputValue()).toBe(cannedBody);
    await desk.locator('[data-testid="chat-reply"]').press('Enter');
    await poll(() => desk.locator('[data-testid="chat-operator-message"]').count()).toBe(2);

    // The member sees both answers in their chat window.
    const theirs = member.locator('[data-testid="chat-theirs"] .chat-bubble__text');
    await poll(() => theirs.allInnerTexts(), 15_000).toEqual([typed, cannedBody]);
    await member.screenshot({ path: join(ARTIFACTS_DIR, 'admin-service-member.png') });

    // The member writes again: it arrives in the open conversation in the console.
    const followUp = `好的，谢谢 ${randomUUID().slice(0, 4)}`;
    await input.fill(followUp);
    await input.press('Enter');
    await poll(() => desk.locator('[data-testid="chat-visitor-message"]').allInnerTexts()).toEqual([
      expect.stringContaining(question),
      expect.stringContaining(followUp),
    ]);
    await consoleShot('admin-service-conversation');
    expect(await desk.locator('#root').innerText()).not.toMatch(RAW_KEY_PATTERN);

    // The agent closes it; the member sees it closed.
    await desk.locator('[data-testid="chat-close"]').click();
    await desk.locator('.ant-modal .ant-btn-dangerous').click();
    await poll(() => desk.locator('[data-testid="chat-conversation-status"]').innerText()).toBe(
      '已结束',
    );
    await poll(() => member.locator('[data-testid="chat-system"]').last().innerText()).toContain(
      '结束',
    );
    await consoleShot('admin-service-closed');

    expect(consoleErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
    await memberContext.close();
    // Two browsers and a member's registration: room for a busy machine.
  }, 180_000);
});
