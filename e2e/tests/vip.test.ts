import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE } from '../support/browser.ts';
import { depositOnline, expectTidy, openScreen, poll, register, shot } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { headerBalance } from '../support/wallet.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'vipvip1234';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const open = (page: Page, path: string) => openScreen(page, baseUrl, path);

/**
 * A new member deposits 1,000.00 through the sandbox gateway, which is level 1's threshold of the
 * demo levels, and opens /user/vip: the page evaluates the upgrade, shows VIP1 and its 8.00
 * bonus, which the balance and the transaction records show too.
 */
async function reachLevelOne(page: Page): Promise<void> {
  await register(page, baseUrl, uniqueUsername('v'), PASSWORD);
  await open(page, '/user/vip');
  await poll(() => page.getByTestId('vip-level').innerText()).toBe('VIP0');
  await poll(() => page.getByTestId('vip-progress-deposit').innerText()).toContain('1,000.00');
  await depositOnline(page, baseUrl, '1000');
  await open(page, '/user/vip');
  await poll(() => page.getByTestId('vip-level').innerText()).toBe('VIP1');
  await poll(() => page.locator('.vip-hero__badge').getAttribute('src')).toMatch(
    /\/api\/vip\/icons\/vip-1\.svg/,
  );
  const rewards = page.locator('.panel', { hasText: 'VIP 奖励记录' });
  await poll(() => rewards.innerText()).toContain('晋级礼金');
  expect(await rewards.innerText()).toMatch(/8\.00/);
  // Level 1's privileges, and the way to level 2.
  expect(await page.locator('.vip-privileges').innerText()).toContain('真人返水');
  expect(await page.getByTestId('vip-hero').innerText()).toContain('VIP2');
}

async function seeDetailTable(page: Page): Promise<void> {
  await open(page, '/user/vip/detail');
  const table = page.getByTestId('vip-table');
  await poll(() => table.locator('tr[data-row]').count()).toBe(31);
  expect(await table.locator('tr[data-row="30"]').innerText()).toContain('VIP30');
  // Every level's icon loads (the SVG route).
  await poll(() =>
    table
      .locator('img')
      .evaluateAll((images) =>
        images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
      ),
  ).toBe(true);
}

function context(viewport: typeof DESKTOP): Promise<BrowserContext> {
  return viewport === PHONE
    ? browser.newContext({ viewport, isMobile: true, hasTouch: true })
    : browser.newContext({ viewport });
}

describe('VIP', () => {
  it('reaches level 1 with a deposit and sees the bonus everywhere (desktop)', async () => {
    const desktop = await context(DESKTOP);
    const { page, errors } = await openPage(desktop);
    await reachLevelOne(page);
    await poll(() => headerBalance(page)).toBe('1,008.00');
    await expect.poll(() => page.locator('.member-card .vip-badge').innerText()).toBe('VIP1');
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'vip-desktop');

    await open(page, '/user/transRecord');
    const records = page.locator('.data-table');
    await poll(() => records.locator('tr[data-row]').count()).toBe(2);
    expect(await records.innerText()).toMatch(/\+\s*¥\s*8\.00/);
    expect(await records.innerText()).toMatch(/\+\s*¥\s*1,000\.00/);

    await open(page, '/user');
    await poll(() => page.getByTestId('vip-summary').innerText()).toContain('VIP1');

    await seeDetailTable(page);
    await expectTidy(page, DESKTOP.width);
    await shot(page, 'vip-detail-desktop');
    expect(errors).toEqual([]);
    await desktop.close();
  }, 120_000);

  it('works on a phone, the privilege table scrolling sideways', async () => {
    const phone = await context(PHONE);
    const { page, errors } = await openPage(phone);
    await reachLevelOne(page);
    await expectTidy(page, PHONE.width);
    await shot(page, 'vip-phone');

    await open(page, '/user/transRecord');
    await poll(() => page.locator('.data-table').innerText()).toMatch(/8\.00/);

    await seeDetailTable(page);
    // The page stays as wide as the phone; the table's frame scrolls.
    await expectTidy(page, PHONE.width);
    const frame = page.locator('.vip-table .data-table');
    expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await shot(page, 'vip-detail-phone');
    expect(errors).toEqual([]);
    await phone.close();
  }, 120_000);
});
