import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

/**
 * Helpers of the member browser tests: fresh usernames, the codes the site "sent" (read from
 * the dev outbox the site keeps outside production), and the member forms' inputs.
 */

/** The captcha text every captcha accepts in the test run (CAPTCHA_TEST_CODE, global setup). */
export const TEST_CAPTCHA = 'test';

/** A username no earlier run has taken: a letter, then 11 letters or digits. */
export function uniqueUsername(prefix = 'e'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`.slice(0, 16);
}

type OutboxMessage = { to: string; purpose: string; body: string; createdAt: string };

/** The messages the site sent to an address (GET /api/dev/outbox?to=), newest last. */
export async function readOutbox(baseUrl: string, to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const answer = (await response.json()) as unknown;
  const data =
    typeof answer === 'object' && answer !== null && 'data' in answer
      ? (answer as { data: unknown }).data
      : answer;
  if (!Array.isArray(data)) throw new Error(`outbox answered ${JSON.stringify(answer)}`);
  return (data as OutboxMessage[]).toSorted((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Waits for a code sent for a purpose to an address and returns its six digits. */
export async function waitForCode(
  baseUrl: string,
  to: string,
  purpose: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const message = (await readOutbox(baseUrl, to)).findLast((item) => item.purpose === purpose);
    const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${purpose} code reached ${to} in ${timeoutMs} ms`);
}

/** The input of a member form field by its name attribute, inside `scope` (a CSS selector). */
export function field(page: Page, name: string, scope = 'body') {
  return page.locator(`${scope} input[name="${name}"]`);
}

/** The `src` of the captcha picture once it has loaded (a data URL). */
export async function captchaPicture(page: Page, scope = 'body'): Promise<string> {
  const picture = page.locator(`${scope} .captcha-image img`);
  await picture.waitFor({ state: 'visible' });
  return (await picture.getAttribute('src')) ?? '';
}

/** Text that looks like a web text key left on screen (`validation.username`). */
export const WEB_KEY_PATTERN =
  /\b(?:auth|fields|validation|rules|captcha|verification|account|forgetPassword|header|common|member|loginRequired)\.[a-zA-Z]+(?:\.[a-zA-Z]+)*\b/;
