import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  createOperator,
  openConsole,
  operatorApi,
  type ConsoleOperator,
} from '../support/admin.ts';
import { RAW_KEY_PATTERN, launchChromium } from '../support/browser.ts';
import { WITHDRAW_PASSWORD, cardNumber, encrypt, type Envelope } from '../support/cashier.ts';
import { poll } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { approveWithdrawal, operatorToken, waiveTurnover } from '../support/wallet.ts';

/**
 * The dashboard and a report of the console against a fixture with known totals (issue 16):
 * three members of a demo brand no other browser test uses register, deposit by bank transfer
 * (confirmed by an operator), withdraw (paid by an operator) and play slot rounds on the game
 * simulator, all through the real member and operator APIs. Once the bet-record sync and the
 * rollup sweep have taken them in, an auditor of that brand sees exactly those figures on the
 * dashboard, with its charts drawn, and in the daily summary and its CSV export.
 */

const baseUrl = inject('baseUrl');
const gameSimUrl = inject('gameSimUrl');
/** A demo brand no other browser test uses (CNY; registration asks for nothing extra). */
const BRAND = 'taihe';
/** A transfer-wallet slot platform of the catalog (鹏购电子) and one of its games. */
const SLOT = 17;
const GAME = 'golden-koi';
const PASSWORD = 'reports1234';
const SCREENSHOT = '/tmp/reports-dashboard.png';
/** The bet sync runs every 30 s and the rollup sweep every minute (REPORTS_SWEEP_INTERVAL_MS). */
const ROLLUP_WAIT_MS = 240_000;
/** How long a screen may take to show a figure (the browser tests share a small machine). */
const UI_WAIT_MS = 60_000;
const wait = <T>(read: () => T | Promise<T>) => poll(read, UI_WAIT_MS);

type Member = { username: string; token: string };

/** A member API call on the fixture's brand (site_code picks it, as a brand's app would). */
async function memberCall<T>(
  path: string,
  fields: Record<string, string> | undefined,
  token?: string,
): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: fields === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      site_code: BRAND,
      ...(fields === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...(token ? { t: token } : {}),
    },
    body: fields === undefined ? null : new URLSearchParams(fields).toString(),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.status) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return { data: answer.data, headers: response.headers };
}

async function registerMember(prefix: string): Promise<Member> {
  const username = uniqueUsername(prefix);
  const { data: captcha } = await memberCall<{ key: string }>('/api/f/v1/captcha', undefined);
  const registered = await memberCall('/api/f/v1/member/register', {
    username,
    password: await encrypt(baseUrl, PASSWORD),
    confirmPassword: await encrypt(baseUrl, PASSWORD),
    key: captcha.key,
    code: 'test',
  });
  const token = registered.headers.get('id');
  if (!token) throw new Error('register answered no member token');
  return { username, token };
}

/** A bank transfer the member reports, confirmed by the operator: the deposit is credited. */
async function confirmedDeposit(adminToken: string, member: Member, amount: string) {
  const { data: order } = await memberCall<{ orderNo: string }>(
    '/api/f/v1/deposit',
    { channel: 'bank', amount, payerName: '张三', idempotencyKey: randomUUID() },
    member.token,
  );
  await memberCall(
    '/api/f/v1/deposit/notice',
    { orderNo: order.orderNo, payerName: '张三', transferredAt: new Date().toISOString() },
    member.token,
  );
  const confirmed = await operatorApi<{ status: string }>(
    baseUrl,
    adminToken,
    `/admin/api/deposits/${order.orderNo}/confirm`,
    { body: { reason: 'reports browser test' } },
  );
  return confirmed;
}

/** A withdrawal to a new card, paid by the operator (the deposit's turnover waived first). */
async function paidWithdrawal(adminToken: string, member: Member, amount: string) {
  await waiveTurnover(baseUrl, adminToken, {
    brand: BRAND,
    username: member.username,
    reason: 'reports browser test',
  });
  await memberCall(
    '/api/findmed/v1/member/withdraw/password',
    {
      withdrawPassword: await encrypt(baseUrl, WITHDRAW_PASSWORD),
      confirmWithdrawPassword: await encrypt(baseUrl, WITHDRAW_PASSWORD),
    },
    member.token,
  );
  const { data: card } = await memberCall<{ id: string }>(
    '/api/f/v1/member/bank/add',
    { bankCode: 'icbc', holderName: '张三', cardNumber: cardNumber() },
    member.token,
  );
  const { data: order } = await memberCall<{ orderNo: string }>(
    '/api/f/v1/withdraw',
    {
      amount,
      accountId: card.id,
      withdrawPassword: await encrypt(baseUrl, WITHDRAW_PASSWORD),
      idempotencyKey: randomUUID(),
    },
    member.token,
  );
  await approveWithdrawal(baseUrl, adminToken, order.orderNo);
}

/**
 * Money into the slot platform, then `stakes` rounds on the simulator's play API (as the game
 * page plays them): the sum of the stakes and of the payouts, in minor units.
 */
async function playSlot(member: Member, stakes: readonly number[]) {
  await memberCall(
    '/api/game/transfer',
    { platform: String(SLOT), type: 'in', amount: '100.00', idempotencyKey: randomUUID() },
    member.token,
  );
  const { data } = await memberCall<{ url: string }>(
    '/api/game/launch',
    { platform: String(SLOT), gameCode: GAME },
    member.token,
  );
  const url = new URL(data.url);
  const html = await (await fetch(`${gameSimUrl}${url.pathname}${url.search}`)).text();
  const config = /<script type="application\/json" id="play-config">(.*?)<\/script>/s.exec(html);
  const { sessionId } = JSON.parse(config?.[1] ?? '{}') as { sessionId: string };
  let staked = 0n;
  let paid = 0n;
  for (const stake of stakes) {
    const response = await fetch(`${gameSimUrl}/play/api/round`, {
      method: 'POST',
      headers: { 'x-play-session': sessionId, 'content-type': 'application/json' },
      body: JSON.stringify({ params: { betMinor: String(stake) } }),
    });
    if (response.status !== 200) throw new Error(`round answered ${response.status}`);
    const round = (await response.json()) as { stakeMinor: string; payoutMinor: string };
    staked += BigInt(round.stakeMinor);
    paid += BigInt(round.payoutMinor);
  }
  return { staked, paid };
}

/** Minor units (cents) as the API's decimal string: 12345n -> "123.45". */
function decimal(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "1234567.50" -> "1,234,567.50", as the console groups amounts. */
function grouped(amount: string): string {
  const [whole = '', fraction] = amount.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

type Dashboard = {
  from: string;
  to: string;
  asOf: string | null;
  onlineNow: number;
  currencies: { currency: string; totals: Record<string, string | number> }[];
};

let browser: Browser;
let page: Page;
let errors: string[];
let adminToken: string;
/** The member who played: their heartbeat makes them online (for 90 s). */
let player: Member;
/** The fixture's totals for today, as the API's contract writes them. */
let expected: Record<string, string | number>;

beforeAll(async () => {
  browser = await launchChromium();
  adminToken = await operatorToken(baseUrl);

  // The fixture: A deposits twice and plays, B deposits and withdraws part, C only registers.
  const a = await registerMember('rpa');
  const b = await registerMember('rpb');
  await registerMember('rpc');
  await confirmedDeposit(adminToken, a, '500.00');
  await confirmedDeposit(adminToken, b, '300.00');
  await confirmedDeposit(adminToken, a, '200.00');
  await paidWithdrawal(adminToken, b, '120.00');
  const play = await playSlot(a, [1000, 1000, 500, 2500, 1000]);
  expect(play.staked).toBe(6000n);
  player = a;

  const ggr = play.staked - play.paid;
  expected = {
    registrations: 3,
    ftdCount: 2,
    ftdAmount: '800.00',
    deposits: '1000.00',
    depositCount: 3,
    withdrawals: '120.00',
    withdrawalCount: 1,
    netDeposits: '880.00',
    bets: decimal(play.staked),
    validBets: decimal(play.staked),
    payouts: decimal(play.paid),
    ggr: decimal(ggr),
    bonus: '0.00',
    rebate: '0.00',
    commission: '0.00',
    ngr: decimal(ggr),
    activeMembers: 2,
  };

  // The rounds reach Lobby with the bet sync, then the rollup sweep counts them.
  const deadline = Date.now() + ROLLUP_WAIT_MS;
  let seen: Record<string, string | number> | undefined;
  while (Date.now() < deadline) {
    const answer = await operatorApi<Dashboard>(
      baseUrl,
      adminToken,
      `/admin/api/reports/dashboard?brand=${BRAND}&period=today`,
    );
    seen = answer.currencies[0]?.totals;
    if (seen?.bets === expected.bets && seen?.withdrawals === expected.withdrawals) break;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  expect(seen).toEqual(expected);

  // An auditor of that brand alone reads the reports in the console.
  const operator: ConsoleOperator = {
    username: uniqueUsername('rp'),
    password: 'reports-browser-test-1',
    role: 'auditor',
    brands: [BRAND],
  };
  await createOperator(baseUrl, adminToken, operator);
  const opened = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP);
  // The dashboard's chunk carries ECharts: room for a slow machine.
  opened.page.setDefaultTimeout(UI_WAIT_MS);
  // An auditor's role asks for no second factor: the password opens the console.
  await opened.page.goto(`${baseUrl}/admin/login`);
  await opened.page.locator('#username').fill(operator.username);
  await opened.page.locator('#password').fill(operator.password);
  await opened.page.locator('button[type="submit"]').click();
  await opened.page.locator('[data-testid="operator-name"]').waitFor();
  page = opened.page;
  errors = opened.errors;
  errors.length = 0;
}, 600_000);
afterAll(async () => {
  await browser?.close();
});
// A failed step leaves the screen and its console errors behind for a look.
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await page
    ?.screenshot({ path: '/tmp/reports-failed.png', fullPage: true })
    .catch(() => undefined);
  console.error(`at ${page?.url()}: ${errors?.join('\n')}`);
});

async function tidy() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    CONSOLE_DESKTOP.width,
  );
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(/\b(?:dashboard|reports)[.:][a-zA-Z]+/);
  // Console errors include any Content-Security-Policy refusal (support/admin.ts).
  expect(errors).toEqual([]);
}

/** How many pixels of a chart's canvases are drawn (not transparent). */
function drawnPixels(testId: string): Promise<number> {
  return page.evaluate((id) => {
    let drawn = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>(
      `[data-testid="${id}"] canvas`,
    )) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let index = 3; index < pixels.length; index += 4) if (pixels[index] !== 0) drawn += 1;
    }
    return drawn;
  }, testId);
}

describe('the reports in the console', () => {
  it(
    'shows the fixture’s totals on the dashboard, with its charts drawn',
    { timeout: 300_000 },
    async () => {
      // The player is in the lobby now: one member online.
      await memberCall('/api/findmed/v1/heartbeat', { gameid: '' }, player.token);
      await page.goto(`${baseUrl}/admin/dashboard`);
      await page.locator('[data-testid="operator-name"]').waitFor();
      // The menu group and its entries.
      const sider = await page.locator('.ant-layout-sider').innerText();
      expect(sider).toContain('数据概览');
      expect(sider).toContain('运营报表');
      // The brand picker offers the operator's brand; the pick goes to the URL.
      await page.locator('[data-testid="brand-picker"] .ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: BRAND }).click();
      await page.waitForURL(/brand=taihe/);
      await wait(() => page.locator('[data-testid="total-registrations"]').count()).toBe(1);

      for (const [name, value] of Object.entries(expected)) {
        const card = page.locator(`[data-testid="total-${name}"]`);
        await wait(() => card.getAttribute('data-value')).toBe(String(value));
        const shown = typeof value === 'number' ? String(value) : `${grouped(value)} CNY`;
        expect(await card.innerText()).toContain(shown);
      }
      // Nothing yesterday: no change to show.
      expect(
        await page.locator('[data-testid="total-deposits"] [data-testid="change"]').innerText(),
      ).toBe('—');
      expect(
        await page.locator('[data-testid="total-deposits"] [data-testid="previous"]').innerText(),
      ).toContain('0.00 CNY');
      const api = await operatorApi<Dashboard>(
        baseUrl,
        adminToken,
        `/admin/api/reports/dashboard?brand=${BRAND}&period=today`,
      );
      expect(await page.locator('[data-testid="as-of"]').innerText()).toMatch(
        /数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
      );
      expect(
        Number(await page.locator('[data-testid="online-now"]').getAttribute('data-value')),
      ).toBe(api.onlineNow);
      expect(api.onlineNow).toBeGreaterThanOrEqual(1);

      // The charts are drawn on their canvases.
      for (const chart of ['chart-by-day', 'chart-by-platform', 'chart-by-category']) {
        await wait(() => page.locator(`[data-testid="${chart}"] canvas`).count()).toBeGreaterThan(
          0,
        );
        await wait(() => drawnPixels(chart)).toBeGreaterThan(500);
      }
      expect(await page.locator('[data-testid="span"]').innerText()).toContain(api.from);

      // 7 days: the URL says so, the figures are still the fixture's (nothing earlier).
      await page.locator('[data-testid="period"]').getByText('近 7 天').click();
      await page.waitForURL(/period=7d/);
      await wait(() =>
        page.locator('[data-testid="total-deposits"]').getAttribute('data-value'),
      ).toBe('1000.00');
      await wait(() => drawnPixels('chart-by-day')).toBeGreaterThan(500);
      await page.waitForTimeout(600);
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      await tidy();
    },
  );

  it('lists the day in the daily summary and exports it as CSV', { timeout: 300_000 }, async () => {
    await page.goto(`${baseUrl}/admin/reports/daily?brand=${BRAND}`);
    await page.locator('[data-testid="operator-name"]').waitFor();
    const today = (
      await operatorApi<Dashboard>(
        baseUrl,
        adminToken,
        `/admin/api/reports/dashboard?brand=${BRAND}&period=today`,
      )
    ).to;
    const line = page.locator('tr.ant-table-row', { hasText: today });
    await wait(() => line.count()).toBe(1);
    const text = await line.innerText();
    for (const amount of ['1,000.00 CNY', '880.00 CNY', '120.00 CNY', '800.00 CNY']) {
      expect(text).toContain(amount);
    }
    expect(text).toContain(BRAND);
    await page.screenshot({ path: '/tmp/reports-daily.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: '导出 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    const columns = (header ?? '').split(',');
    expect(rows).toHaveLength(1);
    const cells = (rows[0] ?? '').split(',');
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell('day')).toBe(today);
    expect(cell('brand')).toBe(BRAND);
    expect(cell('currency')).toBe('CNY');
    expect(cell('registrations')).toBe('3');
    expect(cell('ftd_count')).toBe('2');
    expect(cell('ftd_amount')).toBe('800.00');
    expect(cell('deposits')).toBe('1000.00');
    expect(cell('deposit_count')).toBe('3');
    expect(cell('withdrawals')).toBe('120.00');
    expect(cell('net_deposits')).toBe('880.00');
    expect(cell('bets')).toBe(expected.bets);
    expect(cell('ggr')).toBe(expected.ggr);
    expect(cell('ngr')).toBe(expected.ngr);
    expect(cell('active_members')).toBe('2');
    await tidy();
  });
});
