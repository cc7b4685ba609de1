import { chromium } from 'playwright-core';
import { createOperator, loginToConsole, openConsole, type ConsoleOperator } from '../e2e/support/admin.ts';
import { operatorToken } from '../e2e/support/wallet.ts';

const baseUrl = 'http://127.0.0.1:3917';
const zero = {
  registrations: 0, ftdCount: 0, ftdAmount: '0.00', deposits: '0.00', depositCount: 0,
  withdrawals: '0.00', withdrawalCount: 0, netDeposits: '0.00', bets: '0.00', validBets: '0.00',
  payouts: '0.00', ggr: '0.00', bonus: '0.00', rebate: '0.00', commission: '0.00', ngr: '0.00', activeMembers: 0,
};
const days = Array.from({ length: 7 }, (_, i) => `2026-11-${String(21 + i).padStart(2, '0')}`);
const prev = Array.from({ length: 7 }, (_, i) => `2026-11-${String(14 + i).padStart(2, '0')}`);
const t = (n: number) => ({ ...zero, registrations: 10 + n, ftdCount: 3 + n, ftdAmount: `${800 + n * 10}.00`, deposits: `${12000 + n * 321}.50`, depositCount: 40 + n, withdrawals: `${7000 + n * 100}.00`, withdrawalCount: 9, netDeposits: `${5000 + n * 221}.50`, bets: `${90000 + n * 1000}.00`, validBets: `${88000 + n * 1000}.00`, payouts: `${85000 + n * 700}.00`, ggr: `${5000 + n * 300}.00`, bonus: '300.00', rebate: '120.00', commission: '80.00', ngr: `${4500 + n * 300}.00`, activeMembers: 50 + n });
const body = {
  from: days[0], to: days[6], previousFrom: prev[0], previousTo: prev[6], asOf: new Date().toISOString(), onlineNow: 17,
  currencies: [{
    currency: 'CNY', totals: t(40), previous: t(30),
    byDay: days.map((day, i) => ({ day, ...t(i * 2) })), previousByDay: prev.map((day, i) => ({ day, ...t(i) })),
    byPlatform: [['17', '鹏购电子', 3000], ['3', 'AG 真人', 1500], ['5', '沙巴体育', -200], ['9', 'KY 棋牌', 800]].map(([platformId, platformName, g]) => ({ platformId, platformName, bets: '10000.00', validBets: '9000.00', payouts: '8000.00', ggr: `${g}.00`, players: 12 })),
    byCategory: [['4', 3000], ['2', 1500], ['6', -200], ['7', 800]].map(([category, g]) => ({ category, bets: '10000.00', validBets: '9000.00', payouts: '8000.00', ggr: `${g}.00`, players: 12 })),
  }],
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const admin = await operatorToken(baseUrl);
const operator: ConsoleOperator = { username: `pv${Date.now().toString(36)}`, password: 'preview-console-1', role: 'super_admin', brands: 'all' };
await createOperator(baseUrl, admin, operator);
const { page, errors } = await openConsole(browser, (process.env.LANG_UI as 'en') ?? 'zh-CN');
await loginToConsole(page, baseUrl, operator);
errors.length = 0;
await page.route('**/admin/api/reports/dashboard?*', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: true, data: body }) }));
await page.goto(`${baseUrl}/admin/dashboard?period=7d`);
await page.locator('[data-testid="chart-by-day"] canvas').first().waitFor();
await page.waitForTimeout(1500);
// Hover the day chart for its tooltip.
const box = await page.locator('[data-testid="chart-by-day"]').boundingBox();
if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/reports-ui-preview.png', fullPage: true });
const cohorts = { from: '2026-10-01', to: '2026-11-27', asOf: new Date().toISOString(), items: Array.from({ length: 8 }, (_, r) => ({ week: `2026-10-${String(5 + r).padStart(2, '0')}`, size: 100 - r * 5, weeks: Array.from({ length: 8 }, (_, w) => ({ week: w, active: w + r < 8 ? Math.max(0, 80 - w * 12 - r * 3) : null, depositing: w + r < 8 ? Math.max(0, 40 - w * 6) : null })) })) };
const daily = { from: '2026-11-21', to: '2026-11-27', asOf: new Date().toISOString(), items: days.map((day, i) => ({ day, brand: 'taihe', currency: 'CNY', ...t(i) })) };
await page.route('**/admin/api/reports/cohorts?*', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: true, data: cohorts }) }));
await page.route('**/admin/api/reports/daily?*', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: true, data: daily }) }));
await page.goto(`${baseUrl}/admin/reports/cohorts`);
await page.locator('tr.ant-table-row').first().waitFor({ timeout: 60000 });
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/reports-ui-preview-cohorts.png' });
await page.goto(`${baseUrl}/admin/reports/daily?period=range&from=2026-11-21&to=2026-11-27`);
await page.locator('tr.ant-table-row').first().waitFor({ timeout: 60000 });
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/reports-ui-preview-daily.png' });
console.log('errors', JSON.stringify(errors, null, 1));
await browser.close();
