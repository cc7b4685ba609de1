import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { betRecordsEndpoint, gameListEndpoint, type BetRecordItem } from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  typeInto,
  waitFor,
  type Rendered,
} from '../../app/test-render.tsx';
import { BetRecordPage } from './bet-record-page.tsx';
import { gamePlatform } from './test-fixtures.ts';

const record = (overrides: Partial<BetRecordItem> = {}): BetRecordItem => ({
  roundId: 'R1',
  platformId: 17,
  platformName: '鹏购电子',
  gameCode: 'fortune-dragon',
  gameName: '财神龙',
  category: 4,
  bet: '10.00',
  validBet: '10.00',
  payout: '25.00',
  winLoss: '15.00',
  currency: 'CNY',
  placedAt: '2026-01-01T08:00:00.000Z',
  settledAt: '2026-01-01T08:00:01.000Z',
  ...overrides,
});

const records = Array.from({ length: 20 }, (_, index) =>
  record({
    roundId: `R${index + 1}`,
    payout: index % 2 === 0 ? '25.00' : '0.00',
    winLoss: index % 2 === 0 ? '15.00' : '-10.00',
  }),
);

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

const $ = (selector: string) => screen?.container.querySelector(selector) ?? null;

describe('/user/betRecord', () => {
  it('shows the bets with their totals, by date preset, category and platform, a page at a time', async () => {
    const api = createFakeApi({
      [betRecordsEndpoint.path]: (call) => ({
        items: call.values['page'] === '2' ? [record({ roundId: 'R21' })] : records,
        total: 21,
        page: Number(call.values['page']),
        pageSize: 20,
        totals: { bet: '210.00', validBet: '210.00', payout: '275.00', winLoss: '65.00' },
      }),
      [gameListEndpoint.path]: (call) =>
        call.values['show'] === '4'
          ? [gamePlatform({ id: 17, name: '鹏购电子' }), gamePlatform({ id: 18, name: '极点电子' })]
          : [gamePlatform({ id: 9, name: '金龙真人', category: 2 })],
    });
    screen = await renderScreen({
      routes: [{ path: '/user/betRecord', element: <BetRecordPage /> }],
      path: '/user/betRecord',
      api,
    });
    await waitFor(() =>
      expect(screen?.container.querySelectorAll('tr[data-row]')).toHaveLength(20),
    );
    expect(api.callsTo(betRecordsEndpoint.path)[0]?.values).toEqual({
      datePreset: '0',
      category: '0',
      platform: '0',
      page: '1',
      pageSize: '20',
    });
    const summary = $('[data-testid="bet-summary"]');
    expect(summary?.querySelector('[data-summary="count"]')?.textContent).toContain('21');
    expect(summary?.querySelector('[data-summary="stake"]')?.textContent).toContain('¥210.00');
    expect(summary?.querySelector('[data-summary="payout"]')?.textContent).toContain('¥275.00');
    expect(summary?.querySelector('[data-summary="result"]')?.textContent).toBe('输赢+¥65.00');
    const first = $('tr[data-row="17:R1"]');
    expect(first?.textContent).toContain('鹏购电子');
    expect(first?.textContent).toContain('电子');
    expect(first?.textContent).toContain('财神龙');
    expect($('tr[data-row="17:R2"] [data-column="result"]')?.textContent).toBe('-¥10.00');
    expect(first?.textContent).toMatch(/2026年01月01日 \d{2}:\d{2}:\d{2}/);

    await click($('.pager button:last-child'));
    await waitFor(() => expect(screen?.container.querySelectorAll('tr[data-row]')).toHaveLength(1));
    expect(api.callsTo(betRecordsEndpoint.path).at(-1)?.values['page']).toBe('2');

    // A category narrows the platforms offered and starts again at page 1.
    await typeInto($('select[name="category"]'), '4');
    await waitFor(() =>
      expect($('select[name="platform"]')?.textContent).toBe('全部平台鹏购电子极点电子'),
    );
    await typeInto($('select[name="platform"]'), '18');
    await waitFor(() =>
      expect(api.callsTo(betRecordsEndpoint.path).at(-1)?.values).toMatchObject({
        category: '4',
        platform: '18',
        page: '1',
      }),
    );
    const yesterday = [...(screen?.container.querySelectorAll('.chip') ?? [])].find(
      (chip) => chip.textContent === '昨天',
    );
    await click(yesterday);
    await waitFor(() =>
      expect(api.callsTo(betRecordsEndpoint.path).at(-1)?.values['datePreset']).toBe('1'),
    );
  });
});
