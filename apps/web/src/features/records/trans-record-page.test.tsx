import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { transactionRecordsEndpoint, type TransactionRecord } from '@lobby/contracts';
import { createFakeApi, renderScreen, waitFor, type Rendered } from '../../app/test-render.tsx';
import { TransRecordPage } from './trans-record-page.tsx';

const record = (overrides: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id: '41',
  time: '2026-11-24T17:05:09.000Z',
  type: 'withdrawal_request',
  account: 'wallet',
  amount: '-100.00',
  currency: 'CNY',
  ...overrides,
});

// The member's device is in New York; the brand (sample config) does business in Shanghai.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/user/transRecord', () => {
  it("names today's date above today's rows after 16:00 UTC, in the brand's zone, and says which", async () => {
    // 17:30 UTC on 24 November: the 25th in Shanghai, still the 24th on the device.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T17:30:00Z') });
    expect(new Date().getDate()).toBe(24);
    const api = createFakeApi({
      [transactionRecordsEndpoint.path]: () => ({
        items: [record()],
        total: 1,
        page: 1,
        pageSize: 20,
        summary: {
          firstDay: '2026-11-25',
          lastDay: '2026-11-25',
          deposits: '500.00',
          withdrawals: '120.00',
          netDeposits: '380.00',
          currency: 'CNY',
        },
      }),
    });
    screen = await renderScreen({
      routes: [{ path: '/user/transRecord', element: <TransRecordPage /> }],
      path: '/user/transRecord',
      api,
    });
    await waitFor(() => expect(screen?.container.querySelectorAll('tr[data-row]')).toHaveLength(1));
    // "今天" asks the server for its day (the brand's) and the screen names the same day.
    expect(api.callsTo(transactionRecordsEndpoint.path)[0]?.values.datePreset).toBe('0');
    const range = screen.container.querySelector('.date-filter__range')?.textContent;
    expect(range).toContain('2026-11-25 ~ 2026-11-25');
    expect(range).toContain('时区：UTC+8');
    const row = screen.container.querySelector('tr[data-row]')?.textContent ?? '';
    expect(row).toContain('2026年11月25日 01:05:09');
    expect(screen.container.querySelector('thead')?.textContent).toContain('时间（UTC+8）');
    // The net deposits of the range: deposits less paid withdrawals.
    const summary = screen.container.querySelector('[data-testid="trans-summary"]')?.textContent;
    expect(summary).toContain('净存款');
    expect(summary).toContain('+¥380.00');
    // A withdrawal request is money out of the wallet.
    const amount = screen.container.querySelector('tr[data-row] .amount');
    expect(amount?.textContent).toMatch(/^-/);
  });
});
