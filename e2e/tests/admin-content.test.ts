import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  consoleStateFile,
  createOperator,
  loginToConsole,
  openConsole,
  operatorApi,
  readConsoleOperator,
  saveConsoleOperator,
  type ConsoleOperator,
} from '../support/admin.ts';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  RAW_KEY_PATTERN,
  launchChromium,
  openPage,
} from '../support/browser.ts';
import { expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * Content in the console (issue 16, part 5): an operator edits a help page with the preview the
 * server renders as the site does, and the member site shows the saved text; an operator answers
 * a member's feedback ticket from the queue and the member reads the reply on the site.
 */
const baseUrl = inject('baseUrl');
/** The brand the test site (localhost) serves. */
const BRAND = 'jinsheng';

let browser: Browser;
let page: Page;
let errors: string[];
let operator: ConsoleOperator;
let adminToken: string;
/** The member who wrote feedback: the personal message goes to them. */
let memberName = '';
/** The help page this file writes; unpublished at the end so other files see the demo pages. */
let helpPageId: string | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  adminToken = await operatorToken(baseUrl);
  operator = {
    username: uniqueUsername('ct'),
    password: 'content-browser-test-1',
    role: 'super_admin',
    brands: 'all',
  };
  await createOperator(baseUrl, adminToken, operator);
  const kept = readConsoleOperator(baseUrl);
  const opened = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP);
  try {
    await loginToConsole(opened.page, baseUrl, operator);
  } finally {
    if (kept) saveConsoleOperator(baseUrl, kept);
    else rmSync(consoleStateFile(baseUrl), { force: true });
  }
  page = opened.page;
  errors = opened.errors;
  errors.length = 0;
});
afterAll(async () => {
  if (helpPageId) {
    await operatorApi(
      baseUrl,
      await operatorToken(baseUrl),
      `/admin/api/help/pages/${helpPageId}`,
      {
        method: 'PUT',
        body: { published: false, reason: 'browser test done' },
      },
    );
  }
  await browser?.close();
});

async function tidy() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    CONSOLE_DESKTOP.width,
  );
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(/\bcontent[.:][a-zA-Z]+/);
  expect(errors).toEqual([]);
}

describe('content in the console', () => {
  it('edits a help page with the site-rendered preview, and the site shows the new text', async () => {
    // A page of its own, in English so the Chinese navigation of the demo pages stays as it is.
    const created = await operatorApi<{ id: string }>(
      baseUrl,
      adminToken,
      '/admin/api/help/pages',
      {
        body: {
          brand: BRAND,
          language: 'en',
          category: `e2e-${Date.now().toString(36)}`,
          title: 'Console test page',
          markdown: 'The old text.',
        },
      },
    );
    helpPageId = created.id;

    await page.goto(`${baseUrl}/admin/help-pages?brand=${BRAND}&language=en`);
    await poll(() => page.locator('.ant-layout-sider').innerText()).toContain('帮助中心');
    await page.locator(`[data-testid="help-edit-${created.id}"]`).click();
    await page.waitForURL(`${baseUrl}/admin/help-pages/${created.id}`);
    const editor = page.locator('#markdown');
    await poll(() => editor.inputValue()).toBe('The old text.');
    const preview = page.getByTestId('help-preview');
    await poll(() => preview.innerHTML()).toBe('<p>The old text.</p>\n');

    const markdown = [
      '## Fast withdrawals',
      '',
      'Withdrawals arrive within **15 minutes**. See [the cashier](/finance/withdraw).',
      '',
      '- Bank cards',
      '- USDT',
      '',
      '<script>alert(1)</script>',
      '',
      'Speed',
    ].join('\n');
    await editor.fill(markdown);
    // The toolbar: the last word selected, made bold.
    await editor.evaluate((element: HTMLTextAreaElement) => {
      element.setSelectionRange(element.value.length - 'Speed'.length, element.value.length);
    });
    await page.getByTestId('markdown-bold').click();
    await poll(() => editor.inputValue()).toBe(markdown.replace(/Speed$/, '**Speed**'));

    // The preview is the server's rendering: headings, bold, a list, the script shown as text.
    await poll(() => preview.locator('h2').innerText()).toBe('Fast withdrawals');
    await poll(() => preview.locator('strong').allInnerTexts()).toEqual(['15 minutes', 'Speed']);
    expect(await preview.locator('li').allInnerTexts()).toEqual(['Bank cards', 'USDT']);
    expect(await preview.locator('a').getAttribute('href')).toBe('/finance/withdraw');
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.innerText()).toContain('<script>alert(1)</script>');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'admin-help-editor-desktop.png') });

    await page.locator('#help_title').fill('Withdrawal speed');
    await page.getByTestId('help-save').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('已保存');
    await tidy();

    // The member site shows the saved page.
    const context = await browser.newContext({ viewport: DESKTOP });
    const member = await openPage(context);
    await openScreen(member.page, baseUrl, `/help/${created.id}`);
    const article = member.page.locator('.help-article');
    await poll(() => article.locator('h2').first().textContent()).toBe('Fast withdrawals');
    expect(await article.innerText()).toContain('Withdrawals arrive within 15 minutes');
    expect(await article.locator('strong').allInnerTexts()).toEqual(['15 minutes', 'Speed']);
    expect(await article.locator('script').count()).toBe(0);
    expect(await member.page.locator('#root').innerText()).toContain('Withdrawal speed');
    await expectTidy(member.page, DESKTOP.width);
    await shot(member.page, 'admin-help-site-desktop', false);
    expect(member.errors).toEqual([]);
    await context.close();
  });

  it("answers a member's feedback ticket, and the member reads the reply", async () => {
    // The member writes a ticket on the site.
    const context = await browser.newContext({ viewport: DESKTOP });
    const member = await openPage(context);
    const username = uniqueUsername('fb');
    memberName = username;
    await register(member.page, baseUrl, username, 'feedback1234');
    await openScreen(member.page, baseUrl, '/user/feedBack');
    const form = member.page.locator('form.form');
    await form.locator('select[name="category"]').selectOption('withdrawal');
    const content = '提款已经两个小时了还没有到账，麻烦帮忙查一下。';
    await form.locator('textarea[name="content"]').fill(content);
    await form.getByRole('button', { name: '提交' }).click();
    await member.page.waitForURL(`${baseUrl}/user/feedBackList`);
    await poll(() => member.page.locator('.feedback-item').count()).toBe(1);
    const ticketId =
      (await member.page.locator('.feedback-item').getAttribute('data-ticket')) ?? '';
    expect(ticketId).toMatch(/^\d+$/);

    // The operator finds it in the queue of waiting tickets and opens its thread.
    await page.goto(`${baseUrl}/admin/feedback?brand=${BRAND}`);
    const row = page.locator('tr.ant-table-row', { hasText: username });
    await poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('提款问题');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-feedback-queue-desktop.png'),
      fullPage: true,
    });
    await page.locator(`[data-testid="feedback-open-${ticketId}"]`).click();
    await page.waitForURL(`${baseUrl}/admin/feedback/${ticketId}`);
    await poll(() => page.getByTestId('feedback-member-entry').innerText()).toContain(content);
    expect(await page.getByTestId('feedback-status-open').count()).toBe(1);

    const reply = '您好，款项已经出款，预计 10 分钟内到账，请留意银行通知。';
    await page.locator('#reply_reply').fill(reply);
    await page.getByTestId('feedback-send').click();
    await poll(() => page.getByTestId('feedback-reply-entry').innerText()).toContain(reply);
    await poll(() => page.getByTestId('feedback-status-replied').count()).toBe(1);
    expect(await page.getByTestId('feedback-reply-entry').innerText()).toContain(operator.username);
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-feedback-ticket-desktop.png'),
      fullPage: true,
    });
    await tidy();

    // The member sees the answer.
    await openScreen(member.page, baseUrl, '/user/feedBackList');
    const ticket = member.page.locator(`.feedback-item[data-ticket="${ticketId}"]`);
    await poll(() => ticket.getByTestId('unseen-reply').count()).toBe(1);
    expect(await ticket.locator('.status-tag').innerText()).toBe('已回复');
    expect(await ticket.locator('.feedback-reply').innerText()).toContain(reply);
    await shot(member.page, 'admin-feedback-site-desktop', false);
    expect(member.errors).toEqual([]);
    await context.close();

    // Waiting no more: the open queue no longer lists it; the replied one does.
    await page.goto(`${baseUrl}/admin/feedback?brand=${BRAND}`);
    await poll(() => page.locator('tr.ant-table-row', { hasText: username }).count()).toBe(0);
    await page.goto(`${baseUrl}/admin/feedback?brand=${BRAND}&status=replied`);
    await poll(() => page.locator('tr.ant-table-row', { hasText: username }).count()).toBe(1);
    await tidy();
  });

  it('sends a personal message and withdraws it; checks contact entries with the API schema', async () => {
    expect(memberName).not.toBe('');
    await page.goto(`${baseUrl}/admin/messages?brand=${BRAND}&username=${memberName}`);
    await poll(() => page.locator('.ant-table').innerText()).toContain('暂无数据');
    await page.getByTestId('message-new').click();
    await page.locator('#message_username').fill(memberName);
    await page.locator('#message_title').fill('提款已处理');
    await page.locator('#message_body').fill('您的提款已经出款，请留意到账。');
    await page.locator('#message-send').click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('已发送');
    const row = page.locator('tr.ant-table-row', { hasText: '提款已处理' });
    await poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('个人消息');
    expect(await row.innerText()).toContain('生效中');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-messages-desktop.png'),
      fullPage: true,
    });
    // antd spaces two-character Chinese labels (撤 回): the button by its id.
    await row.locator('button[id^="message-withdraw-"]').click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(() => row.innerText()).toContain('已撤回');
    await tidy();

    // Contact entries: a bad icon address is refused on its field before anything is sent.
    await page.goto(`${baseUrl}/admin/contacts?brand=${BRAND}`);
    await poll(() => page.locator('[data-testid^="contact-"][data-testid$="-0"]').count()).toBe(4);
    const entries = page.locator('.ant-card-type-inner');
    const before = await entries.count();
    await page.getByTestId('contact-add').click();
    await poll(() => entries.count()).toBe(before + 1);
    await page.locator(`#contacts_contacts_${before}_deviceText`).fill('Telegram');
    await page.locator(`#contacts_contacts_${before}_deviceNum`).fill('@jinsheng_tg');
    await page.locator(`#contacts_contacts_${before}_imageUrl`).fill('javascript:alert(1)');
    await page.getByTestId('contacts-save').click();
    await poll(() => entries.nth(before).innerText()).toContain('图标地址须为空');
    await page.screenshot({
      path: join(ARTIFACTS_DIR, 'admin-contacts-desktop.png'),
      fullPage: true,
    });
    await page.getByTestId(`contact-remove-${before}`).click();
    await poll(() => entries.count()).toBe(before);
    await tidy();
  });
});
