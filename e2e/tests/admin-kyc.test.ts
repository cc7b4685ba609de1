import { constants, publicEncrypt } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  createOperator,
  finishEnrolment,
  openConsole,
  typeCode,
  type ConsoleOperator,
} from '../support/admin.ts';
import { ARTIFACTS_DIR, launchChromium } from '../support/browser.ts';
import { poll } from '../support/flows.ts';
import { TEST_CAPTCHA, uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * The back office's KYC review (issue 15, point 7): a member sends identity documents through the
 * API, an operator of the risk role opens the queue in the console, sees the three images and
 * approves; the member's level becomes 2, on the member's own call and on the member 360 page.
 */

const baseUrl = inject('baseUrl');
const BRAND = 'jinsheng';
const PASSWORD = 'member1234';
const SHOTS_DIR = '/tmp/lobby-shots';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const reviewer: ConsoleOperator = {
  username: uniqueUsername('ky'),
  password: 'kyc-browser-test-1',
  role: 'risk',
  brands: [BRAND],
};
const member = { username: uniqueUsername('k'), token: '', id: '' };

type Envelope<T> = { status: boolean; data: T; message?: string };

async function memberApi<T>(path: string, init: { body?: unknown; form?: FormData } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.body === undefined && init.form === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(member.token ? { t: member.token } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.form ?? (init.body === undefined ? null : JSON.stringify(init.body)),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.status) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return { data: answer.data, headers: response.headers };
}

/** A solid PNG of the size and colour given: something to look at in the review. */
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
  const pixels = deflateSync(Buffer.concat(Array<Buffer>(height).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function registerAndSendDocuments(): Promise<void> {
  const { data: info } = await memberApi<{ publicKey: string }>('/api/f/v1/member/preInfo');
  const password = publicEncrypt(
    { key: info.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(PASSWORD),
  ).toString('base64');
  const { data: captcha } = await memberApi<{ key: string }>('/api/f/v1/captcha');
  const registered = await memberApi('/api/f/v1/member/register', {
    body: {
      username: member.username,
      password,
      confirmPassword: password,
      key: captcha.key,
      code: TEST_CAPTCHA,
    },
  });
  member.token = registered.headers.get('id') ?? '';
  const ids: string[] = [];
  const colours: [number, number, number][] = [
    [70, 130, 180],
    [60, 179, 113],
    [218, 165, 32],
  ];
  for (const colour of colours) {
    const form = new FormData();
    form.append('purpose', 'kyc');
    form.append(
      'file',
      new Blob([new Uint8Array(png(240, 150, colour))], { type: 'image/png' }),
      'id.png',
    );
    const { data } = await memberApi<{ id: string }>('/api/f/v1/upload', { form });
    ids.push(data.id);
  }
  await memberApi('/api/f/v1/kyc', {
    body: { idFront: ids[0], idBack: ids[1], selfie: ids[2] },
  });
}

async function consoleLogin(target: Page, operator: ConsoleOperator): Promise<void> {
  await target.goto(`${baseUrl}/admin/login`);
  await target.locator('#username').fill(operator.username);
  await target.locator('#password').fill(operator.password);
  await target.locator('button[type="submit"]').click();
  // The risk role must enrol TOTP on its first login.
  await target.locator('[data-testid="enrol-start"]').click();
  const secret = (await target.locator('[data-testid="totp-secret"]').innerText()).trim();
  await typeCode(target, await generate({ secret }));
  await target.locator('button[type="submit"]').click();
  await target.locator('[data-testid="recovery-codes"] li').first().waitFor();
  await finishEnrolment(target);
  await target.locator('[data-testid="operator-name"]').waitFor();
}

async function shot(target: Page, name: string): Promise<void> {
  const file = join(ARTIFACTS_DIR, `admin-kyc-${name}.png`);
  await target.screenshot({ path: file, fullPage: true });
  mkdirSync(SHOTS_DIR, { recursive: true });
  copyFileSync(file, join(SHOTS_DIR, `admin-kyc-${name}.png`));
}

async function expectTidy(target: Page): Promise<void> {
  expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    CONSOLE_DESKTOP.width,
  );
  expect(await target.locator('#root').innerText()).not.toMatch(
    /\b(?:kyc|member-360|common):|\bkyc\.[a-zA-Z]+|\b(?:statuses|sides|levels|reasons)\.[a-zA-Z]+/,
  );
  expect(errors).toEqual([]);
}

beforeAll(async () => {
  browser = await launchChromium();
  await createOperator(baseUrl, await operatorToken(baseUrl), reviewer);
  await registerAndSendDocuments();
  ({ context, page, errors } = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP));
  await consoleLogin(page, reviewer);
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    await page?.screenshot({ path: join(ARTIFACTS_DIR, 'admin-kyc-failed.png') }).catch(() => {});
  }
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser.close();
});

describe('the KYC review in the back office', () => {
  it('opens the queue, shows the three images, approves: the member becomes level 2', async () => {
    const before = await memberApi<{ level: number }>('/api/f/v1/kyc');
    expect(before.data.level).toBe(0);

    await page.goto(`${baseUrl}/admin/kyc`);
    const row = page.locator('[data-testid="kyc-queue"] tr', { hasText: member.username });
    await poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('待审核');
    await shot(page, 'queue-zh');
    await row.locator('button').click();
    await page.waitForURL(/\/admin\/kyc\/\d+$/);

    // The three images load from their signed addresses (no token on an <img>).
    const images = page.locator('[data-testid="kyc-review"] img.ant-image-img');
    await poll(() => images.count()).toBe(3);
    for (const index of [0, 1, 2]) {
      await poll(() =>
        images.nth(index).evaluate((element: HTMLImageElement) => element.naturalWidth),
      ).toBe(240);
    }
    await expectTidy(page);
    await shot(page, 'review-zh');

    await page.locator('#kyc-approve').click();
    const modal = page.locator('.ant-modal').last();
    await poll(() => modal.getAttribute('class')).not.toContain('-appear');
    await modal.locator('.ant-modal-footer button').last().click();
    await poll(() => page.locator('[data-testid="kyc-status-approved"]').count()).toBe(1);
    await poll(() => page.locator('[data-testid="kyc-level"]').innerText()).toContain('2');

    const after = await memberApi<{ level: number; submission: { status: string } }>(
      '/api/f/v1/kyc',
    );
    expect(after.data).toMatchObject({ level: 2, submission: { status: 'approved' } });

    // The member 360 page shows the level, in English too.
    await page.locator('[data-testid="kyc-review"] a', { hasText: member.username }).click();
    await page.waitForURL(/\/admin\/members\/\d+$/);
    await poll(() => page.locator('[data-testid="member-kyc-level"]').innerText()).toContain('2');
    await shot(page, 'member-360-zh');
    await page.evaluate(() => window.localStorage.setItem('lobby-admin-lang', 'en'));
    await page.reload();
    await poll(() => page.locator('[data-testid="member-kyc-level"]').innerText()).toBe(
      'Level 2: documents approved',
    );
    await expectTidy(page);
    await shot(page, 'member-360-en');
    await page.goto(`${baseUrl}/admin/kyc?status=approved`);
    await poll(() => page.locator('[data-testid="kyc-queue"]').innerText()).toContain(
      member.username,
    );
    await expectTidy(page);
    await shot(page, 'queue-en');
  });
});
