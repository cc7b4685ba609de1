import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, openPage, PHONE, waitForScreen } from '../support/browser.ts';
import {
  addBankCard,
  depositOnline,
  expectTidy,
  openScreen,
  poll,
  register,
  secureAccount,
  shot,
} from '../support/flows.ts';
import { captchaPicture, field, TEST_CAPTCHA, uniqueUsername } from '../support/members.ts';
import {
  adjustBalance,
  approveWithdrawal,
  headerBalance,
  operatorToken,
  setPlatformMaintenance,
  testCardNumber,
  waiveTurnover,
} from '../support/wallet.ts';

const baseUrl = inject('baseUrl');
const gameSimUrl = inject('gameSimUrl');
/** The brand 127.0.0.1 resolves to: the default demo brand (¥, zh-CN), every platform on. */
const BRAND = 'jinsheng';
const PASSWORD = 'games1234';
const WITHDRAW_PASSWORD = '135790';
/** A transfer-wallet slot platform of the catalog (鹏购电子). */
const SLOT = 17;
/** A live casino platform (金龙真人) and another one switched to maintenance (百乐真人). */
const CASINO = 9;
const CASINO_IN_MAINTENANCE = 10;
/**
 * The bet-record sync sweep runs every 30 s (BET_RECORD_SYNC_DEFAULTS.intervalMs) and reads up
 * to 2 s before now: a round shows in the records within about half a minute.
 */
const BET_RECORD_WAIT_MS = 90_000;
/** The heartbeat beats every 30 s from login. */
const HEARTBEAT_WAIT_MS = 40_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

const open = (page: Page, path: string) => openScreen(page, baseUrl, path);

/** Minor units to the decimal text the screens show ("12345" -> "123.45", grouped). */
function decimal(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${whole}.${digits.slice(-2)}`;
}

/** The game page inside the site's game screen. */
function gameFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.game-screen__frame');
}

/** What the game page shows the player holds, in minor units. */
async function gameBalanceMinor(frame: FrameLocator): Promise<bigint> {
  return BigInt((await frame.getByTestId('balance').getAttribute('data-minor')) ?? '-1');
}

/** Plays one instant round of `stake` and waits for its outcome (a new seed hash is shown). */
async function playRound(frame: FrameLocator, stake: string): Promise<void> {
  const hash = await frame.getByTestId('server-seed-hash').innerText();
  await frame.getByTestId('stake').fill(stake);
  await frame.getByTestId('play').click();
  await poll(() => frame.getByTestId('server-seed-hash').innerText()).not.toBe(hash);
  await poll(() => frame.getByTestId('play').isEnabled()).toBe(true);
  await poll(() => frame.getByTestId('outcome').getAttribute('data-state')).toMatch(
    /^(win|lose|push)$/,
  );
  expect(await frame.getByTestId('revealed-seed').innerText()).toMatch(/\S/);
}

async function login(page: Page, username: string) {
  await captchaPicture(page);
  await field(page, 'username').fill(username);
  await field(page, 'password').fill(PASSWORD);
  await field(page, 'code').fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

describe('game platforms', () => {
  it(
    'deposits, moves money to a slot platform, plays, brings it back, sees the bets and withdraws (desktop)',
    { timeout: 300_000 },
    async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const { page, errors } = await openPage(context);
      const heartbeats: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/findmed/v1/heartbeat') {
          heartbeats.push(request.postData() ?? '');
        }
      });
      const username = uniqueUsername('g');
      const token = await operatorToken(baseUrl);

      // Register and deposit 300 through the sandbox gateway.
      await register(page, baseUrl, username, PASSWORD);
      await depositOnline(page, baseUrl, '300');
      await poll(() => headerBalance(page)).toBe('300.00');

      // The home screen's hot games come from the platforms.
      await open(page, '/home');
      await poll(() => page.locator('.home-panel .game-tile').count()).toBe(10);
      await shot(page, 'games-home-desktop');
      await expectTidy(page, DESKTOP.width);

      // Move 100 into the slot platform; the amount is filtered as typed.
      await open(page, '/finance/transfer');
      await poll(() => page.locator('.wallet-card').count()).toBeGreaterThan(30);
      expect(await page.locator('.wallet-grid').innerText()).not.toContain('无界');
      await page.locator('select[name="platform"]').selectOption(String(SLOT));
      await field(page, 'amount').fill('1a00.999');
      expect(await field(page, 'amount').inputValue()).toBe('100.99');
      await field(page, 'amount').fill('100');
      await page.getByRole('button', { name: '确认转换' }).click();
      await poll(() => page.locator('.form-alert--success').innerText()).toContain(
        '已转入 鹏购电子 100.00',
      );
      const slotWallet = page.locator(`[data-wallet="${SLOT}"] [data-testid="wallet-balance"]`);
      await poll(() => slotWallet.innerText()).toContain('100.00');
      await poll(() => page.locator('[data-figure="centre"]').innerText()).toContain('200.00');
      await poll(() => headerBalance(page)).toBe('200.00');
      await poll(() => page.locator('.recent-orders tr[data-row]').first().innerText()).toContain(
        '成功',
      );
      await shot(page, 'games-transfer-desktop');
      await expectTidy(page, DESKTOP.width);

      // Open one of the platform's slot games from the electronic games screen.
      await open(page, `/game/egame?platform=${SLOT}`);
      await poll(() => page.locator('.game-tile').count()).toBe(6);
      await shot(page, 'games-egame-desktop');
      await expectTidy(page, DESKTOP.width);
      const tile = page.locator(`.game-tile[data-game^="${SLOT}:"]`).first();
      const gameCode = ((await tile.getAttribute('data-game')) ?? '').split(':')[1] ?? '';
      expect(gameCode).not.toBe('');
      await tile.click();
      await page.waitForURL(`${baseUrl}/game/egame?platform=${SLOT}&game=${gameCode}`);
      const frame = gameFrame(page);
      expect(
        await page.locator('iframe.game-screen__frame').getAttribute('src', { timeout: 15_000 }),
      ).toMatch(new RegExp(`^${gameSimUrl}/play/`));
      await poll(() => gameBalanceMinor(frame), 20_000).toBe(10_000n);
      await poll(() => page.getByTestId('game-platform-balance').innerText()).toContain('100.00');
      expect(await frame.getByTestId('server-seed-hash').innerText()).toMatch(/[0-9a-f]{16,}/);

      // Five rounds of 10.
      for (let round = 0; round < 5; round++) await playRound(frame, '10');
      const playedAt = Date.now();
      const inGame = await gameBalanceMinor(frame);
      expect(inGame).toBeGreaterThanOrEqual(0n);
      await shot(page, 'games-screen-desktop', false);

      // The platform balance in the bar follows on demand.
      await page.locator('.game-screen__refresh').click();
      await poll(() => page.getByTestId('game-platform-balance').innerText()).toContain(
        decimal(inGame),
      );

      // The heartbeat carries the game being played.
      await poll(
        () => heartbeats.some((body) => body === `gameid=${gameCode}&platform=${SLOT}`),
        HEARTBEAT_WAIT_MS,
      ).toBe(true);

      // Exit: back on the electronic games of that platform, no game screen left.
      await page.getByRole('button', { name: '退出游戏' }).click();
      await page.waitForURL(`${baseUrl}/game/egame?platform=${SLOT}`);
      expect(await page.getByTestId('game-screen').count()).toBe(0);

      // Bring everything back: a result per platform, the money in the centre wallet.
      await open(page, '/finance/transfer');
      await page.getByRole('button', { name: '一键回收' }).click();
      const results = page.getByTestId('recycle-results');
      const expectedCentre = 20_000n + inGame;
      await poll(() => results.innerText(), 20_000).toMatch(
        new RegExp(`中心钱包\\s*¥\\s*${decimal(expectedCentre).replace('.', '\\.')}`),
      );
      if (inGame > 0n) {
        const row = results.locator(`li[data-platform="${SLOT}"]`);
        expect(await row.innerText()).toContain('已回收');
        expect(await row.innerText()).toContain(decimal(inGame));
      }
      await poll(() => slotWallet.innerText()).toContain('0.00');
      await poll(() => headerBalance(page)).toBe(decimal(expectedCentre));
      await shot(page, 'games-recycle-desktop');
      await expectTidy(page, DESKTOP.width);

      // The five bets arrive with the background sync; the screen is refreshed until they show.
      await open(page, '/user/betRecord');
      const rows = page.locator('.data-table tr[data-row]');
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: '刷新', exact: true }).click();
            await waitForScreen(page);
            return rows.count();
          },
          { timeout: BET_RECORD_WAIT_MS, interval: 2_000 },
        )
        .toBe(5);
      console.info(
        `the bets showed ${Math.round((Date.now() - playedAt) / 1000)} s after the last round`,
      );
      const summary = page.getByTestId('bet-summary');
      expect(await summary.locator('[data-summary="count"]').innerText()).toContain('5');
      expect(await summary.locator('[data-summary="stake"]').innerText()).toContain('50.00');
      const winLoss = inGame - 10_000n;
      expect(await summary.locator('[data-summary="result"]').innerText()).toContain(
        decimal(winLoss < 0n ? -winLoss : winLoss),
      );
      expect(await rows.first().innerText()).toContain('鹏购电子');
      await page.locator('select[name="category"]').selectOption('4');
      await page.locator('select[name="platform"]').selectOption(String(SLOT));
      await poll(() => rows.count()).toBe(5);
      await page.locator('select[name="category"]').selectOption('2');
      await poll(() => page.locator('.data-table').innerText()).toContain('暂无投注记录');
      await page.locator('select[name="category"]').selectOption('0');
      await poll(() => rows.count()).toBe(5);
      await shot(page, 'games-bet-record-desktop');
      await expectTidy(page, DESKTOP.width);

      // The transfers are in the transaction records under their own labels.
      await open(page, '/user/transRecord');
      await page.getByRole('tab', { name: '转入游戏' }).click();
      await poll(() => page.locator('.data-table tr[data-row]').count()).toBe(1);
      expect(await page.locator('.data-table').innerText()).toMatch(/-\s*¥\s*100\.00/);
      await page.getByRole('tab', { name: '转出游戏' }).click();
      await poll(() => page.locator('.data-table').innerText()).toMatch(
        inGame > 0n ? /转出游戏/ : /暂无交易记录/,
      );
      await shot(page, 'games-trans-record-desktop');

      // The bets counted towards the deposit's turnover; the rest is waived, and the member
      // withdraws to a new card.
      await open(page, '/finance/withdraw');
      await poll(() => page.locator('[data-figure="turnover"]').innerText()).toContain('250.00');
      await waiveTurnover(baseUrl, token, { brand: BRAND, username, reason: 'games browser test' });
      await secureAccount(page, baseUrl, WITHDRAW_PASSWORD, '王五');
      await addBankCard(page, baseUrl, testCardNumber(), '王五');
      await open(page, '/finance/withdraw');
      await field(page, 'amount').fill('100');
      await field(page, 'withdrawPassword').fill(WITHDRAW_PASSWORD);
      await page.getByRole('button', { name: '立即取款' }).click();
      const submitted = page.locator('.form-alert--success');
      await poll(() => submitted.innerText()).toContain('取款申请已提交');
      const orderNo = /W[0-9A-Z]+/.exec(await submitted.innerText())?.[0] ?? '';
      expect((await approveWithdrawal(baseUrl, token, orderNo)).status).toBe('approved');
      await page.locator('.header-balance').click();
      await poll(() => headerBalance(page)).toBe(decimal(expectedCentre - 10_000n));

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    'opens games in a new window when the member chooses so, and marks maintenance (desktop)',
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const { page, errors } = await openPage(context);
      const token = await operatorToken(baseUrl);
      await register(page, baseUrl, uniqueUsername('n'), PASSWORD);

      await setPlatformMaintenance(baseUrl, token, CASINO_IN_MAINTENANCE, true);
      try {
        await open(page, '/venue/realbet');
        const closed = page.locator(`.platform-card[data-platform="${CASINO_IN_MAINTENANCE}"]`);
        await poll(() => closed.innerText()).toContain('游戏维护中');
        expect(await closed.locator('button').first().isDisabled()).toBe(true);
        await shot(page, 'games-venue-casino-desktop');
        await expectTidy(page, DESKTOP.width);

        // The choice of a new window is remembered in this browser.
        await page.getByRole('button', { name: '新窗口打开' }).click();
        await page.reload();
        await waitForScreen(page);
        expect(
          await page.getByRole('button', { name: '新窗口打开' }).getAttribute('aria-pressed'),
        ).toBe('true');
        const [popup] = await Promise.all([
          context.waitForEvent('page'),
          page.locator(`[data-game="${CASINO}:baccarat"]`).click(),
        ]);
        await popup.waitForURL(new RegExp(`^${gameSimUrl}/play/`), { timeout: 15_000 });
        await poll(() => popup.getByTestId('balance').isVisible(), 15_000).toBe(true);
        // The site stays on the venue.
        expect(new URL(page.url()).pathname).toBe('/venue/realbet');
        await poll(() => page.locator('.toast-host').innerText()).toContain('已在新窗口打开');
        await popup.close();
      } finally {
        await setPlatformMaintenance(baseUrl, token, CASINO_IN_MAINTENANCE, false);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    'takes a guest through login into the game, with the wallet tools at phone width (390 px)',
    { timeout: 180_000 },
    async () => {
      const token = await operatorToken(baseUrl);
      const username = uniqueUsername('q');
      const signup = await browser.newContext({ viewport: PHONE });
      const first = await openPage(signup);
      await register(first.page, baseUrl, username, PASSWORD);
      await signup.close();
      await adjustBalance(baseUrl, token, {
        brand: BRAND,
        username,
        amount: '50.00',
        reason: 'games browser test',
      });

      const context = await browser.newContext({ viewport: PHONE });
      const { page, errors } = await openPage(context);

      // Guests browse every venue.
      await open(page, '/venues');
      await poll(() => page.locator('.venue-platform').count()).toBeGreaterThan(30);
      await shot(page, 'games-venues-phone');
      await expectTidy(page, PHONE.width);
      await open(page, '/app/home');
      await poll(() => page.locator('.app-hot-games .game-tile').count()).toBe(9);
      await shot(page, 'games-app-home-phone');
      await expectTidy(page, PHONE.width);
      await open(page, '/game/egame');
      await poll(() => page.locator('.game-tile').count()).toBeGreaterThan(40);
      await field(page, 'gameSearch').fill('财神');
      await poll(() => page.locator('.game-tile').count()).toBeGreaterThan(0);
      const names = await page.locator('.game-tile__name').allInnerTexts();
      expect(names.every((name) => name.includes('财神'))).toBe(true);
      await page.getByRole('button', { name: '只看热门' }).click();
      await shot(page, 'games-egame-phone');
      await expectTidy(page, PHONE.width);

      // A guest who opens a game logs in first and lands in it.
      await open(page, '/venue/realbet');
      await page.locator(`[data-game="${CASINO}:baccarat"]`).click();
      await page.waitForURL(`${baseUrl}/login`);
      await login(page, username);
      await page.waitForURL(`${baseUrl}/venue/realbet?platform=${CASINO}&game=baccarat`);
      await poll(
        () => page.locator('iframe.game-screen__frame').getAttribute('src'),
        15_000,
      ).toMatch(new RegExp(`^${gameSimUrl}/play/`));
      const frame = gameFrame(page);
      await poll(() => frame.getByTestId('balance').isVisible(), 20_000).toBe(true);
      await shot(page, 'games-screen-phone', false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // The wallet tools: a quick transfer in, then the automatic transfer on a reload.
      await page.getByRole('button', { name: '钱包', exact: true }).click();
      await poll(() => page.getByTestId('game-centre-balance').innerText()).toContain('50.00');
      await field(page, 'quickAmount').fill('2o.5');
      expect(await field(page, 'quickAmount').inputValue()).toBe('2.5');
      await field(page, 'quickAmount').fill('20');
      await page.getByRole('button', { name: '转入', exact: true }).click();
      await poll(() => page.locator('.quick-transfer').innerText()).toContain('已转入 20.00');
      await poll(() => page.getByTestId('game-centre-balance').innerText()).toContain('30.00');
      await shot(page, 'games-screen-wallet-phone', false);
      await page.locator('.switch').click();
      await poll(() => page.locator('input[name="autoTransfer"]').isChecked()).toBe(true);
      await page.getByRole('button', { name: '刷新游戏' }).click();
      await poll(() => page.locator('.game-screen__tools').innerText(), 15_000).toContain(
        '已自动转入 30.00',
      );
      await poll(() => gameBalanceMinor(frame), 20_000).toBe(5_000n);
      await poll(() => page.getByTestId('game-centre-balance').innerText()).toContain('0.00');

      // The sports screen opens a sports platform inside the page.
      await open(page, '/venue/sports');
      await page
        .locator('.platform-card')
        .first()
        .getByRole('button', { name: '进入游戏' })
        .click();
      await page.waitForURL(/\/sports\?platform=\d+$/);
      await poll(
        () => page.locator('.game-screen--inline iframe').getAttribute('src'),
        15_000,
      ).toMatch(new RegExp(`^${gameSimUrl}/play/`));
      await poll(() => gameFrame(page).getByTestId('balance').isVisible(), 20_000).toBe(true);
      await shot(page, 'games-sports-phone', false);
      await expectTidy(page, PHONE.width);

      // The member's money screens at phone width.
      await open(page, '/finance/transfer');
      await poll(() => page.locator('.wallet-card').count()).toBeGreaterThan(30);
      await poll(() => page.locator(`[data-wallet="${CASINO}"]`).innerText()).toContain('50.00');
      await shot(page, 'games-transfer-phone');
      await expectTidy(page, PHONE.width);
      await open(page, '/user/betRecord');
      await shot(page, 'games-bet-record-phone');
      await expectTidy(page, PHONE.width);

      // Every text is translated in the other languages too.
      for (const [language, transfer, venue] of [
        ['zh-TW', '額度轉換', '真人場館'],
        ['en', 'Bring all back', 'Casino venues'],
      ] as const) {
        await page.evaluate((value) => localStorage.setItem('lang', value), language);
        await open(page, '/finance/transfer');
        await poll(() => page.locator('#root').innerText()).toContain(transfer);
        await poll(() => page.locator('.wallet-card').count()).toBeGreaterThan(30);
        await expectTidy(page, PHONE.width);
        await open(page, '/venue/realbet');
        await poll(() => page.locator('.venue-panel').innerText()).toContain(venue);
        await poll(() => page.locator('.platform-card').count()).toBeGreaterThan(5);
        await expectTidy(page, PHONE.width);
        await shot(page, `games-venue-casino-${language}`);
      }

      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
