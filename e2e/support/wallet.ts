import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';

/**
 * Helpers of the wallet browser tests: the operator's side (log in, credit a member, pay a
 * withdrawal) through the operator API from Node, as a cashier would from the back office.
 */

/** The operator the demo data seeds on the embedded database. */
export const DEMO_OPERATOR = { username: 'admin', password: 'lobby-demo-admin' };

type Envelope<T> = { status: boolean; data: T; message?: string };

async function call<T>(
  baseUrl: string,
  path: string,
  init: { token?: string; body?: unknown; method?: 'GET' | 'POST' | 'PUT' } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.status) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer.data;
}

/**
 * The demo operator's second factor and last session, kept in a file per site so every test file
 * (each in its own module scope) shares them: the operator enrols TOTP once, on the first login.
 */
type OperatorState = { secret: string; recoveryCodes: string[]; lastStep: number; token: string };

export function operatorStateFile(baseUrl: string): string {
  return join(tmpdir(), `lobby-e2e-operator-${new URL(baseUrl).port}.json`);
}

/**
 * The demo operator's bearer token: the last session while it lives; otherwise a login with a
 * TOTP code (a recovery code when this 30-second step's code was used), enrolling on the first.
 */
export async function operatorToken(baseUrl: string): Promise<string> {
  const file = operatorStateFile(baseUrl);
  const state = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as OperatorState)
    : undefined;
  if (state) {
    const me = await fetch(`${baseUrl}/admin/api/me`, {
      headers: { authorization: `Bearer ${state.token}` },
    });
    if (me.ok) return state.token;
    const step = Math.floor(Date.now() / 30_000);
    const factor =
      step > state.lastStep
        ? { totp: await generate({ secret: state.secret }) }
        : { recoveryCode: state.recoveryCodes.shift() };
    if (step > state.lastStep) state.lastStep = step;
    const { token } = await call<{ token: string }>(baseUrl, '/admin/api/login', {
      body: { ...DEMO_OPERATOR, ...factor },
    });
    writeFileSync(file, JSON.stringify({ ...state, token }));
    return token;
  }
  const { token } = await call<{ token: string }>(baseUrl, '/admin/api/login', {
    body: DEMO_OPERATOR,
  });
  const { secret } = await call<{ secret: string }>(baseUrl, '/admin/api/me/totp/setup', {
    token,
  });
  const { recoveryCodes } = await call<{ recoveryCodes: string[] }>(
    baseUrl,
    '/admin/api/me/totp/confirm',
    { token, body: { code: await generate({ secret }) } },
  );
  const enrolled: OperatorState = {
    secret,
    recoveryCodes,
    lastStep: Math.floor(Date.now() / 30_000),
    token,
  };
  writeFileSync(file, JSON.stringify(enrolled), { mode: 0o600 });
  return token;
}

/** POST /admin/api/members/<username>/adjust: credits (or debits) a member's centre wallet. */
export function adjustBalance(
  baseUrl: string,
  token: string,
  input: { brand: string; username: string; amount: string; reason: string },
): Promise<{ balance: string }> {
  return call(baseUrl, `/admin/api/members/${encodeURIComponent(input.username)}/adjust`, {
    token,
    body: {
      brand: input.brand,
      amount: input.amount,
      reason: input.reason,
      idempotencyKey: randomUUID(),
    },
  });
}

/** POST /admin/api/members/<username>/turnover/waive: clears the member's turnover requirement. */
export function waiveTurnover(
  baseUrl: string,
  token: string,
  input: { brand: string; username: string; reason: string },
): Promise<{ waived: string }> {
  return call(baseUrl, `/admin/api/members/${encodeURIComponent(input.username)}/turnover/waive`, {
    token,
    body: { brand: input.brand, reason: input.reason },
  });
}

/** POST /admin/api/withdrawals/<orderNo>/approve: the withdrawal is paid. */
export function approveWithdrawal(
  baseUrl: string,
  token: string,
  orderNo: string,
): Promise<{ status: string }> {
  return call(baseUrl, `/admin/api/withdrawals/${encodeURIComponent(orderNo)}/approve`, {
    token,
    body: { note: 'paid by the browser test' },
  });
}

/** PUT /admin/api/game/platforms/<id>: the operator's maintenance switch of a game platform. */
export function setPlatformMaintenance(
  baseUrl: string,
  token: string,
  platformId: number,
  maintenance: boolean,
): Promise<{ maintenance: boolean }> {
  return call(baseUrl, `/admin/api/game/platforms/${platformId}`, {
    token,
    method: 'PUT',
    body: { maintenance, reason: 'games browser test' },
  });
}

/** The amount in the header's balance pill, as shown ("1,234.50"). */
export async function headerBalance(page: Page): Promise<string> {
  return (await page.locator('.header-balance .amount__value').innerText()).trim();
}

/** Text keys of the wallet screens left on screen (`finance.deposit.title`). */
export const WALLET_KEY_PATTERN =
  /\b(?:finance|records|pager|account|fields|validation|common|header|member)\.[a-zA-Z]+(?:\.[a-zA-Z_-]+)*\b/;

/** A Luhn-valid 19-digit card number that is new on every run. */
export function testCardNumber(): string {
  const body = `622202${String(Date.now()).slice(-12)}`;
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
