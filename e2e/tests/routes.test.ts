import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_PAGE_ROUTES } from '@lobby/contracts';
import {
  DESKTOP,
  launchChromium,
  openPage,
  PHONE,
  RAW_KEY_PATTERN,
  waitForScreen,
} from '../support/browser.ts';

const baseUrl = inject('baseUrl');
/** Every route of SPEC.md section 2, parameters filled in (once the brand's data is known). */
let paths: string[] = [];

let browser: Browser;
beforeAll(async () => {
  // Numeric ids belong to whichever brand was seeded first: help pages are named by topic, and
  // the activity is one of the default brand's own promotions.
  const list = (await (await fetch(`${baseUrl}/api/findmed/v1/promo/list`)).json()) as {
    data: { items: { id: string }[] };
  };
  const promotionId = list.data.items[0]?.id;
  if (!promotionId) throw new Error('the default brand has no promotion');
  paths = ALL_PAGE_ROUTES.map((route) =>
    route === '/help/:id'
      ? '/help/about'
      : route === '/activity/list/:id'
        ? `/activity/list/${promotionId}`
        : route.replace(':id', '1'),
  );
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

async function visitAll(context: BrowserContext, viewportWidth: number) {
  const { page, errors } = await openPage(context);
  const problems: string[] = [];
  for (const path of paths) {
    errors.length = 0;
    const response = await page.goto(`${baseUrl}${path}`);
    if (response?.status() !== 200) problems.push(`${path}: HTTP ${response?.status()}`);
    await waitForScreen(page);
    const text = await page.locator('#root').innerText();
    const rawKey = RAW_KEY_PATTERN.exec(text);
    if (rawKey) problems.push(`${path}: raw i18n key ${rawKey[0]}`);
    if (/Unexpected Application Error|404 Not Found/.test(text))
      problems.push(`${path}: error screen`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > viewportWidth)
      problems.push(`${path}: ${width}px wide in a ${viewportWidth}px window`);
    for (const error of errors) problems.push(`${path}: ${error}`);
  }
  return problems;
}

describe('every route of the spec', () => {
  it('renders at desktop width with no console error, raw key or overflow', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    expect(await visitAll(context, DESKTOP.width)).toEqual([]);
    await context.close();
  }, 180_000);

  it('renders at phone width with no console error, raw key or overflow', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    expect(await visitAll(context, PHONE.width)).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the not-found screen for a path outside the spec, with a 404', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await openPage(context);
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('#root').innerText()).toMatch(/404|不存在|找不到/);
    // The document's own 404 is expected; the app must raise nothing else.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    await context.close();
  });
});
