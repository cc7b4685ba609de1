import { deflateSync, crc32 } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE, waitForScreen } from '../support/browser.ts';
import { expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * Feedback in Chromium: the member writes a ticket with an image (too short text is refused in
 * the form first), sees it in the list, the operator answers through the operator API, and the
 * member sees the new-reply mark, the reply and the image, which is served to its owner only.
 */

const baseUrl = inject('baseUrl');
const PASSWORD = 'feedback1234';
const IMAGE_SIZE = 48;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** One PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG (an RGB square, gold with a red diagonal), made here so no file is needed. */
function makePng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then pixels
    for (let x = 0; x < size; x++) {
      const diagonal = Math.abs(x - y) < 4;
      row.set(diagonal ? [220, 40, 40] : [230, 180, 60], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST /admin/api/feedback/:id/reply as the demo operator. */
async function replyAsOperator(ticketId: string, reply: string): Promise<void> {
  const response = await fetch(`${baseUrl}/admin/api/feedback/${ticketId}/reply`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await operatorToken(baseUrl)}`,
    },
    body: JSON.stringify({ reply }),
  });
  const answer = (await response.json()) as { status: boolean };
  expect(answer.status, JSON.stringify(answer)).toBe(true);
}

const form = (page: Page) => page.locator('form.form');
const alertText = (page: Page) => form(page).locator('.form-alert').innerText();

/**
 * Writes the ticket on /user/feedBack: first too short (the form refuses it and says why), then
 * in full with the image attached; lands on the list and answers the new ticket's id.
 */
async function sendFeedback(
  page: Page,
  input: { category: string; content: string },
  width: number,
  name: string,
): Promise<string> {
  await openScreen(page, baseUrl, '/user/feedBack');
  await form(page).locator('select[name="category"]').selectOption(input.category);
  await form(page).locator('textarea[name="content"]').fill('太短了');
  await form(page).getByRole('button', { name: '提交' }).click();
  await poll(() => alertText(page)).toBe('反馈内容至少 10 个字');
  expect(page.url()).toBe(`${baseUrl}/user/feedBack`);

  await form(page).locator('textarea[name="content"]').fill(input.content);
  await page.getByTestId('feedback-file').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: makePng(IMAGE_SIZE),
  });
  // Uploaded once the "uploading" caption is gone.
  await poll(() => page.locator('.feedback-image').count()).toBe(1);
  await poll(() => page.locator('.feedback-image.is-uploading').count()).toBe(0);
  await expectTidy(page, width);
  await shot(page, `${name}-form`);

  await form(page).getByRole('button', { name: '提交' }).click();
  await page.waitForURL(`${baseUrl}/user/feedBackList`);
  await poll(() => page.locator('.toast-host').innerText()).toContain('反馈已提交');
  await waitForScreen(page);
  await poll(() => page.locator('.feedback-item').count()).toBe(1);
  return (await page.locator('.feedback-item').first().getAttribute('data-ticket')) ?? '';
}

/** The opened ticket's image: loaded in the page at its real size, and its address. */
async function openedImage(page: Page): Promise<{ width: number; src: string }> {
  const image = page.locator('.feedback-item a.feedback-image img').first();
  await image.waitFor({ state: 'visible' });
  await poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(
    IMAGE_SIZE,
  );
  return {
    width: await image.evaluate((element: HTMLImageElement) => element.naturalWidth),
    src: await image.evaluate((element: HTMLImageElement) => element.src),
  };
}

/** The image is served on its signed address only: without the signature nobody gets it. */
async function expectPrivate(src: string): Promise<void> {
  const signed = await fetch(src);
  expect(signed.status).toBe(200);
  expect(signed.headers.get('content-type')).toBe('image/png');
  const url = new URL(src);
  expect(url.searchParams.get('signature')).toBeTruthy();
  const bare = await fetch(`${url.origin}${url.pathname}`);
  expect(bare.status).toBeGreaterThanOrEqual(400);
  expect(bare.status).toBeLessThan(500);
}

function phoneContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
}

describe('feedback', () => {
  it('sends feedback with an image and reads the operator reply (desktop)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    await register(page, baseUrl, uniqueUsername('f'), PASSWORD);
    const content = '充值后余额没有到账，订单号见截图，请帮忙查看一下，谢谢。';
    const ticketId = await sendFeedback(
      page,
      { category: 'deposit', content },
      DESKTOP.width,
      'feedback-desktop',
    );
    expect(ticketId).toMatch(/^\d+$/);

    // Not answered yet: waiting, no reply mark.
    const ticket = page.locator(`.feedback-item[data-ticket="${ticketId}"]`);
    expect(await ticket.locator('.feedback-item__content').innerText()).toBe(content);
    expect(await ticket.locator('.feedback-item__category').innerText()).toBe('充值问题');
    expect(await ticket.locator('.status-tag').innerText()).toBe('待处理');
    expect(await ticket.innerText()).toContain('客服将尽快处理您的反馈');
    expect(await page.getByTestId('unseen-reply').count()).toBe(0);
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'feedback-desktop-list-open');

    const reply = '您好，款项已于 10 分钟前到账，请刷新余额查看。';
    await replyAsOperator(ticketId, reply);

    // The member comes back to the list: the mark, the reply and the count of new replies.
    await openScreen(page, baseUrl, '/user/feedBackList');
    await poll(() => ticket.getByTestId('unseen-reply').count()).toBe(1);
    expect(await page.locator('.feedback-unseen').innerText()).toContain('1 条新回复');
    expect(await ticket.locator('.status-tag').innerText()).toBe('已回复');
    expect(await ticket.locator('.feedback-reply').innerText()).toContain(reply);
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'feedback-desktop-list-replied');

    // Opening it shows the image and takes the mark away.
    await ticket.getByRole('button', { name: /查看详情 · 1 张图片/ }).click();
    const image = await openedImage(page);
    await poll(() => ticket.getByTestId('unseen-reply').count()).toBe(0);
    expect(await page.locator('.feedback-unseen').count()).toBe(0);
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'feedback-desktop-detail');
    await expectPrivate(image.src);

    // The seen reply stays seen after a reload.
    await openScreen(page, baseUrl, '/user/feedBackList');
    await poll(() => page.locator('.feedback-item').count()).toBe(1);
    expect(await page.getByTestId('unseen-reply').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a file that is not an image and sends feedback on a phone', async () => {
    const context = await phoneContext();
    const { page, errors } = await openPage(context);
    await register(page, baseUrl, uniqueUsername('g'), PASSWORD);

    // A text file named like an image is refused before any upload.
    await openScreen(page, baseUrl, '/user/feedBack');
    await page.getByTestId('feedback-file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await poll(() => alertText(page)).toBe('仅支持 PNG、JPG、WEBP、GIF 格式的图片');
    expect(await page.locator('.feedback-image').count()).toBe(0);

    const content = 'The game screen stays black after I open it on my phone.';
    const ticketId = await sendFeedback(
      page,
      { category: 'game', content },
      PHONE.width,
      'feedback-phone',
    );
    const ticket = page.locator(`.feedback-item[data-ticket="${ticketId}"]`);
    expect(await ticket.locator('.status-tag').innerText()).toBe('待处理');
    await expectTidy(page, PHONE.width);
    await shot(page, 'feedback-phone-list-open');

    const reply = '请清除浏览器缓存后重试，如仍有问题请联系在线客服。';
    await replyAsOperator(ticketId, reply);
    await openScreen(page, baseUrl, '/user/feedBackList');
    await poll(() => ticket.getByTestId('unseen-reply').count()).toBe(1);
    expect(await ticket.locator('.feedback-reply').innerText()).toContain(reply);
    await ticket.getByRole('button', { name: /查看详情/ }).click();
    const image = await openedImage(page);
    await poll(() => ticket.getByTestId('unseen-reply').count()).toBe(0);
    await expectTidy(page, PHONE.width);
    await shot(page, 'feedback-phone-detail');
    await expectPrivate(image.src);
    expect(errors).toEqual([]);
    await context.close();
  });
});
