import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONSOLE_DESKTOP,
  consoleStateFile,
  createOperator,
  loginToConsole,
  openConsole,
  operatorApi,
  readConsoleOperator,
  saveConsoleOperator,
  type ConsoleOperator,
} from '../support/admin.ts';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  RAW_KEY_PATTERN,
  launchChromium,
  openPage,
} from '../support/browser.ts';
import { openScreen, poll, register } from '../support/flows.ts';
import { uniqueUsername } from '../support/members.ts';
import { operatorToken } from '../support/wallet.ts';

/**
 * VIP and agents in the console (issue 16, marketing): an operator edits a VIP level (a bad
 * amount refused with the server's message, then a good one listed), runs a VIP job; a member
 * applies on the member site to become an agent, the operator approves the application in the
 * console and the member is listed as an agent (and sees the invite link); the operator
 * suspends and resumes the agent, and generates a month's commission statements.
 */
const baseUrl = inject('baseUrl');
/** A demo brand no other browser test uses: its level table changes here, and back. */
const VIP_BRAND = 'tianyu';
/** The brand 127.0.0.1 resolves to: where the member applies. */
const MEMBER_BRAND = 'jinsheng';

let browser: Browser;
let page: Page;
let errors: string[];
let operator: ConsoleOperator;

beforeAll(async () => {
  browser = await launchChromium();
  operator = {
    username: uniqueUsername('va'),
    password: 'vip-agents-browser-test-1',
    role: 'super_admin',
    brands: 'all',
  };
  await createOperator(baseUrl, await operatorToken(baseUrl), operator);
  const kept = readConsoleOperator(baseUrl);
  const opened = await openConsole(browser, 'zh-CN', CONSOLE_DESKTOP);
  try {
    await loginToConsole(opened.page, baseUrl, operator);
  } finally {
    if (kept) saveConsoleOperator(baseUrl, kept);
    else rmSync(consoleStateFile(baseUrl), { force: true });
  }
  page = opened.page;
  errors = opened.errors;
  errors.length = 0;
});
afterAll(async () => {
  await browser?.close();
});

async function tidy() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    CONSOLE_DESKTOP.width,
  );
  const text = await page.locator('#root').innerText();
  expect(text).not.toMatch(RAW_KEY_PATTERN);
  expect(text).not.toMatch(/\b(?:vip|agents)[.:][a-zA-Z]+/);
  expect(errors).toEqual([]);
}

async function screenshot(name: string) {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** The action modal on screen: fill its note or reason, confirm, and wait for it to close. */
async function confirmModal(text?: string) {
  const modal = page.locator('.ant-modal').last();
  await modal.waitFor();
  if (text !== undefined) await modal.locator('textarea').fill(text);
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await modal.waitFor({ state: 'detached' });
}

/** Each test walks several screens; the shared machines are slow at times. */
const SLOW = 180_000;

type Level = { level: number; monthlyBonus: string };

describe('VIP in the console', () => {
  it(
    'edits a level: a bad amount is refused, a good one is listed',
    async () => {
      const token = await operatorToken(baseUrl);
      const before = await operatorApi<{ levels: Level[] }>(
        baseUrl,
        token,
        `/admin/api/vip/levels?brand=${VIP_BRAND}`,
      );
      const original = before.levels.find((level) => level.level === 30)?.monthlyBonus;
      expect(original).toBeDefined();

      await page.goto(`${baseUrl}/admin/vip?brand=${VIP_BRAND}`);
      await poll(() => page.locator('.ant-layout-sider').innerText(), 30_000).toContain('VIP 等级');
      const rows = page.locator('[data-testid="vip-levels"] tr.ant-table-row');
      await poll(() => rows.count(), 30_000).toBe(31);
      await page.locator('[data-testid="vip-edit-30"]').click();
      const modal = page.locator('.ant-modal').last();
      await poll(() => modal.innerText()).toContain('编辑 VIP 30');
      // An amount finer than the currency's cents: the schema lets it through, the server
      // refuses it with its message, and the modal stays open.
      await page.locator('#vipLevel_monthlyBonus').fill('12.345');
      await page.locator('[data-testid="vip-level-save"]').click();
      await poll(() => modal.locator('[role="alert"]').innerText()).toMatch(/\S/);
      // The browser logs the refusal; the console expects it (and nothing else).
      await poll(() => errors.length).toBe(1);
      expect(errors[0]).toMatch(
        /Failed to load resource: .* 400 .*\/admin\/api\/vip\/levels\/30\)$/,
      );
      errors.length = 0;
      // A negative withdrawal count: the contract's own schema refuses it before sending.
      await page.locator('#vipLevel_withdrawDailyCount').fill('-1');
      await page.locator('[data-testid="vip-level-save"]').click();
      await poll(() => modal.locator('.ant-form-item-explain-error').first().innerText()).toContain(
        '格式不正确',
      );
      await page.locator('#vipLevel_withdrawDailyCount').fill('12');
      await page.locator('#vipLevel_monthlyBonus').fill('12345.67');
      await page.locator('#vipLevel_reason').fill('双十二活动');
      await screenshot('admin-vip-level-edit-desktop');
      await page.locator('[data-testid="vip-level-save"]').click();
      await modal.waitFor({ state: 'detached' });
      await poll(() => page.locator('.ant-message').innerText()).toContain('VIP 30 已保存');
      const row30 = rows.filter({ hasText: 'VIP 30' });
      await poll(() => row30.innerText()).toContain('12,345.67');
      expect(await row30.innerText()).toContain(operator.username);
      await screenshot('admin-vip-levels-desktop');
      await tidy();

      // The change as the API lists it; then back to what it was for the other tests.
      const after = await operatorApi<{ levels: (Level & { withdrawDailyCount: number })[] }>(
        baseUrl,
        token,
        `/admin/api/vip/levels?brand=${VIP_BRAND}`,
      );
      expect(after.levels.find((level) => level.level === 30)).toMatchObject({
        monthlyBonus: '12345.67',
        withdrawDailyCount: 12,
      });
      const restored = before.levels.find((level) => level.level === 30) as Level & {
        withdrawDailyCount: number;
      };
      await operatorApi(baseUrl, token, '/admin/api/vip/levels/30', {
        method: 'PUT',
        body: {
          brand: VIP_BRAND,
          monthlyBonus: restored.monthlyBonus,
          withdrawDailyCount: restored.withdrawDailyCount,
          reason: 'browser test: back',
        },
      });
    },
    SLOW,
  );

  it(
    'lists rewards with their filters in the URL, and runs a job',
    async () => {
      await page.goto(`${baseUrl}/admin/vip/rewards?brand=${VIP_BRAND}&kind=rebate`);
      await poll(() => page.locator('.ant-tabs-tab-active').innerText(), 30_000).toContain(
        '已发奖励',
      );
      // The filter form shows the URL's filters.
      await poll(() => page.locator('.ant-card').first().innerText()).toContain('日返水');
      await poll(() => page.locator('.ant-table').innerText()).toContain('暂无数据');
      await tidy();

      await page.locator('.ant-tabs-tab', { hasText: '定时任务' }).click();
      await page.waitForURL(`${baseUrl}/admin/vip/jobs?brand=${VIP_BRAND}`);
      const rebate = page.locator('[data-testid="vip-job-rebate"]');
      await poll(() => rebate.innerText(), 30_000).toContain('每 5 分钟自动运行');
      await rebate.locator('[data-testid="vip-run-rebate"]').click();
      await confirmModal();
      // Yesterday of the brand's zone; nobody of this brand bet, so nothing is paid.
      await poll(() => page.locator('[data-testid="vip-run-result-rebate"]').innerText()).toMatch(
        /日返水 \d{4}-\d{2}-\d{2}：评估 0 人，发放 0 笔，共 0\.00/,
      );
      await screenshot('admin-vip-jobs-desktop');
      await tidy();
    },
    SLOW,
  );
});

describe('agents in the console', () => {
  const username = uniqueUsername('va');

  it(
    "approves a member's application; the member is then an agent",
    async () => {
      // The member applies on the member site.
      const memberContext = await browser.newContext({ viewport: DESKTOP });
      const member = await openPage(memberContext);
      await register(member.page, baseUrl, username, 'agent12345');
      await openScreen(member.page, baseUrl, '/agent');
      await member.page.locator('input[name="contact"]').fill('Telegram @va_partner');
      await member.page.locator('textarea[name="message"]').fill('体育论坛站长');
      await member.page.getByRole('button', { name: '提交申请' }).click();
      await poll(() => member.page.locator('[data-application-status="pending"]').count()).toBe(1);

      // The operator finds it among the brand's pending applications and approves it.
      await page.goto(`${baseUrl}/admin/agents?brand=${MEMBER_BRAND}&status=pending`);
      await poll(() => page.locator('.ant-layout-sider').innerText(), 30_000).toContain('代理合营');
      const actions = page.locator(`[data-testid="application-${username}"]`);
      await poll(() => actions.count(), 30_000).toBe(1);
      const row = page.locator('tr.ant-table-row', { has: actions });
      expect(await row.innerText()).toContain('Telegram @va_partner');
      await screenshot('admin-agent-applications-desktop');
      await tidy();
      await actions.getByRole('button', { name: /^批\s*准$/ }).click();
      await confirmModal('资料齐全');
      // Decided: it leaves the pending list.
      await poll(() => actions.count()).toBe(0);

      // Listed as an agent, active, with an invite code.
      await page.locator('.ant-tabs-tab', { hasText: '代理列表' }).click();
      await page.waitForURL(`${baseUrl}/admin/agents/list?brand=${MEMBER_BRAND}`);
      // The filter bar is made anew when the list's filters settle (the brand picker loads): a
      // name typed before that is gone, so search until the search is in the address.
      await poll(async () => {
        if (!page.url().includes('username=')) {
          await page.locator('#filters_username').fill(username.toUpperCase());
          await page.locator('button[type="submit"]').click();
        }
        return page.url();
      }, 30_000).toContain('username=');
      const agentRow = page.locator('tr.ant-table-row', { hasText: username });
      await poll(() => agentRow.count()).toBe(1);
      await poll(() => agentRow.locator('[data-status]').getAttribute('data-status')).toBe(
        'active',
      );
      expect(await agentRow.innerText()).toContain(operator.username);
      await screenshot('admin-agents-desktop');
      await tidy();

      // The member's page says so.
      await openScreen(member.page, baseUrl, '/agent');
      await poll(() => member.page.locator('[data-invite-code]').count()).toBe(1);
      const code = await member.page.locator('[data-invite-code]').getAttribute('data-invite-code');
      expect(await agentRow.innerText()).toContain(code ?? 'no code');
      expect(member.errors).toEqual([]);
      await memberContext.close();

      // Suspended with a reason, then resumed.
      await agentRow.getByRole('button', { name: /^暂\s*停$/ }).click();
      await confirmModal('推广违规，暂停核查');
      await poll(() => agentRow.locator('[data-status]').getAttribute('data-status')).toBe(
        'suspended',
      );
      await agentRow.getByRole('button', { name: /^恢\s*复$/ }).click();
      await confirmModal();
      await poll(() => agentRow.locator('[data-status]').getAttribute('data-status')).toBe(
        'active',
      );
      await tidy();
    },
    SLOW,
  );

  it(
    "shows the brand's commission tiers and generates last month's statements",
    async () => {
      await page.goto(`${baseUrl}/admin/agents/tiers?brand=${MEMBER_BRAND}`);
      await poll(() => page.locator('[data-testid^="tier-"]').count(), 30_000).toBe(4);
      await screenshot('admin-agent-tiers-desktop');
      await tidy();

      await page.locator('.ant-tabs-tab', { hasText: '月度佣金' }).click();
      await page.waitForURL(`${baseUrl}/admin/agents/statements?brand=${MEMBER_BRAND}`);
      await page.locator('[data-testid="statements-generate"]').click();
      const modal = page.locator('.ant-modal').last();
      await modal.waitFor();
      const month = await modal.locator('.ant-picker input').inputValue();
      expect(month).toMatch(/^\d{4}-\d{2}$/);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await modal.waitFor({ state: 'detached' });
      // Every agent of this run became one this month: last month has nobody's statement, and the
      // list shows that month (approving a statement is covered by the API tests).
      await poll(() => page.locator('.ant-message').innerText()).toContain(
        `${month}：新生成 0 份，已存在 0 份`,
      );
      await page.waitForURL(new RegExp(`month=${month}`));
      await poll(() => page.locator('.ant-table').innerText()).toContain('暂无数据');
      await screenshot('admin-agent-statements-desktop');
      await tidy();
    },
    SLOW,
  );
});
