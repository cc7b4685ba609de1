import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage, type WatchedPage } from './browser.ts';

/**
 * Helpers of the operator console's browser tests (apps/admin): open the console, create
 * operators through the API, and log in through the screens with TOTP, enrolling on the first
 * login. The console operator's secret and recovery codes are kept in a state file per site, as
 * operatorStateFile does for the demo operator, so any later test file can log in again.
 */

/** The console is desktop first: the tests look at it on a laptop screen. */
export const CONSOLE_DESKTOP = { width: 1440, height: 900 };
/** And it must stay usable on a tablet held sideways. */
export const CONSOLE_TABLET = { width: 1024, height: 768 };

export type ConsoleLanguage = 'zh-CN' | 'en';

type Envelope<T> = { status: boolean; data: T; message?: string };

/** A JSON call of the operator API with a bearer token. */
export async function operatorApi<T>(
  baseUrl: string,
  token: string,
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH'; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.status) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer.data;
}

export type NewOperator = {
  username: string;
  password: string;
  role: string;
  brands: 'all' | string[];
};

/** POST /admin/api/operators as `token`'s operator (operators.manage). */
export function createOperator(
  baseUrl: string,
  token: string,
  operator: NewOperator,
): Promise<{ id: string; username: string }> {
  return operatorApi(baseUrl, token, '/admin/api/operators', {
    body: { ...operator, reason: 'created by the console browser tests' },
  });
}

/** An operator who logs in through the console, and their second factor once enrolled. */
export type ConsoleOperator = NewOperator & {
  secret?: string;
  recoveryCodes?: string[];
  /** The last 30-second step whose code was used: the server takes each code once. */
  lastStep?: number;
};

export function consoleStateFile(baseUrl: string): string {
  return join(tmpdir(), `lobby-e2e-console-${new URL(baseUrl).port}.json`);
}

export function readConsoleOperator(baseUrl: string): ConsoleOperator | undefined {
  const file = consoleStateFile(baseUrl);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConsoleOperator) : undefined;
}

export function saveConsoleOperator(baseUrl: string, operator: ConsoleOperator): void {
  writeFileSync(consoleStateFile(baseUrl), JSON.stringify(operator), { mode: 0o600 });
}

/**
 * The console's super admin of this run: created (with `adminToken`, the demo operator's) on the
 * first call, read from the state file after.
 */
export async function consoleOperator(
  baseUrl: string,
  adminToken: string,
): Promise<ConsoleOperator> {
  const known = readConsoleOperator(baseUrl);
  if (known) return known;
  const operator: ConsoleOperator = {
    username: `console${Date.now().toString(36)}`,
    password: 'console-browser-test-1',
    role: 'super_admin',
    brands: 'all',
  };
  await createOperator(baseUrl, adminToken, operator);
  saveConsoleOperator(baseUrl, operator);
  return operator;
}

/** A browser context for the console in a language (remembered as the console remembers it). */
export async function openConsole(
  browser: Browser,
  language: ConsoleLanguage = 'zh-CN',
  viewport = CONSOLE_DESKTOP,
): Promise<{ context: BrowserContext } & WatchedPage> {
  const context = await browser.newContext({ viewport, locale: language });
  await context.addInitScript((lang) => {
    if (!window.localStorage.getItem('lobby-admin-lang')) {
      window.localStorage.setItem('lobby-admin-lang', lang);
    }
  }, language);
  const watched = await openPage(context);
  // A CSP refusal is a console error too; this names it plainly.
  await watched.page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
      console.error(
        `CSP refused ${event.violatedDirective}: ${event.blockedURI || 'inline'} at ${where}`,
      );
    });
  });
  return { context, ...watched };
}

/** The current TOTP code, or a recovery code when this step's code was used already. */
export async function secondFactor(
  operator: ConsoleOperator,
): Promise<{ totp: string } | { recoveryCode: string }> {
  if (!operator.secret) throw new Error(`${operator.username} has not enrolled`);
  const step = Math.floor(Date.now() / 30_000);
  if (step > (operator.lastStep ?? 0)) {
    operator.lastStep = step;
    return { totp: await generate({ secret: operator.secret }) };
  }
  const recoveryCode = operator.recoveryCodes?.shift();
  if (!recoveryCode) throw new Error('no recovery code left');
  return { recoveryCode };
}

/** Puts a 6-digit code into antd's one-time-code boxes (as a paste would, replacing any). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('.ant-otp input').first().fill(code);
}

/** Waits until a TOTP code not used yet exists: the server takes one code per 30-second step. */
export async function waitForNextStep(operator: ConsoleOperator): Promise<void> {
  const next = ((operator.lastStep ?? 0) + 1) * 30_000;
  const wait = next - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
}

/**
 * Logs in through the console's screens: username and password, then the enrolment (first
 * login: the secret read off the screen, a code confirmed, the recovery codes kept) or a TOTP
 * code. Ends on the console's home page; the state file keeps what later logins need.
 */
export async function loginToConsole(
  page: Page,
  baseUrl: string,
  operator: ConsoleOperator,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.locator('#username').fill(operator.username);
  await page.locator('#password').fill(operator.password);
  await page.locator('button[type="submit"]').click();
  const otp = page.locator('.ant-otp');
  const start = page.locator('[data-testid="enrol-start"]');
  await otp.or(start).first().waitFor();
  if (await start.isVisible()) {
    await enrolInConsole(page, baseUrl, operator);
    await finishEnrolment(page);
  } else {
    const factor = await secondFactor(operator);
    if ('totp' in factor) {
      await typeCode(page, factor.totp);
    } else {
      await page.locator('[data-testid="use-recovery"]').click();
      await page.locator('#recoveryCode').fill(factor.recoveryCode);
    }
    saveConsoleOperator(baseUrl, operator);
    await page.locator('button[type="submit"]').click();
  }
  await page.locator('[data-testid="operator-name"]').waitFor();
}

/** The enrolment screen, from its start button to the console. */
export async function enrolInConsole(
  page: Page,
  baseUrl: string,
  operator: ConsoleOperator,
  /** Runs while the QR code is on screen (a screenshot). */
  onQrCode?: () => Promise<void>,
): Promise<{ qrValue: string; recoveryCodes: string[] }> {
  await page.locator('[data-testid="enrol-start"]').click();
  const qr = page.locator('svg[data-qr-value]');
  await qr.waitFor();
  const qrValue = (await qr.getAttribute('data-qr-value')) ?? '';
  const secret = (await page.locator('[data-testid="totp-secret"]').innerText()).trim();
  operator.secret = secret;
  await onQrCode?.();
  operator.lastStep = Math.floor(Date.now() / 30_000);
  await typeCode(page, await generate({ secret }));
  await page.locator('button[type="submit"]').click();
  const list = page.locator('[data-testid="recovery-codes"] li');
  await list.first().waitFor();
  const recoveryCodes = (await list.allInnerTexts()).map((code) => code.trim());
  operator.recoveryCodes = recoveryCodes;
  saveConsoleOperator(baseUrl, operator);
  return { qrValue, recoveryCodes };
}

/** "I have saved them", then on into the console. */
export async function finishEnrolment(page: Page): Promise<void> {
  await page.locator('[data-testid="recovery-saved"]').check();
  await page.locator('[data-testid="enrol-continue"]').click();
}
