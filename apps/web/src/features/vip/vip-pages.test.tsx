import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberVipEndpoint, vipIconUrl, vipListEndpoint, type VipLevel } from '@lobby/contracts';
import {
  createFakeApi,
  renderScreen,
  testMember,
  waitFor,
  type Rendered,
} from '../../app/test-render.tsx';
import { VipDetailPage } from './vip-detail-page.tsx';
import { VipPage } from './vip-page.tsx';

const level = (number: number): VipLevel => ({
  level: number,
  icon: vipIconUrl(number),
  depositThreshold: number === 0 ? '0.00' : `${number * 100}.00`,
  turnoverThreshold: '0.00',
  upgradeBonus: `${number * 8}.00`,
  monthlyBonus: `${number * 3}.00`,
  rebateRates: [2, 3, 4, 5, 6, 7, 8].map((category) => ({
    category,
    ratePercent: (number * 0.06).toFixed(2),
  })),
  withdrawDailyCount: 5,
  withdrawDailyMax: '250000.00',
});

const memberView = {
  level: 1,
  icon: vipIconUrl(1),
  deposit: '100.00',
  turnover: '0.00',
  next: {
    level: 2,
    icon: vipIconUrl(2),
    depositThreshold: '4000.00',
    turnoverThreshold: '20000.00',
    depositRemaining: '3900.00',
    turnoverRemaining: '20000.00',
    depositPercent: 2,
    turnoverPercent: 0,
  },
  privileges: level(1),
  maxRebateRatePercent: 1.8,
  rewards: [
    {
      id: '7',
      kind: 'upgrade',
      level: 1,
      period: '',
      amount: '8.00',
      createdAt: '2026-03-01T08:00:00.000Z',
    },
  ],
};

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

function api() {
  return createFakeApi({
    [memberVipEndpoint.path]: () => memberView,
    [vipListEndpoint.path]: () => ({
      maxRebateRatePercent: 1.8,
      levels: Array.from({ length: 31 }, (_, index) => level(index)),
    }),
  });
}

describe('/user/vip', () => {
  it('shows the level, progress bars, privileges and rewards', async () => {
    screen = await renderScreen({
      routes: [{ path: '/user/vip', element: <VipPage /> }],
      path: '/user/vip',
      api: api(),
      member: testMember({ vipLevel: 1 }),
    });
    await waitFor(() => expect(screen?.text()).toContain('VIP1'));
    const bars = [...document.querySelectorAll('.vip-hero [role="progressbar"]')];
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['2', '0']);
    expect(document.querySelector('.vip-hero__badge')?.getAttribute('src')).toBe(vipIconUrl(1));
    const text = screen.text();
    expect(text).toContain('距离 VIP2');
    expect(text).toContain('3,900.00');
    expect(text).toContain('真人返水');
    expect(text).toContain('0.06%');
    expect(text).toContain('晋级礼金');
    expect(text).toContain('最高返水 1.8%');
  });
});

describe('/user/vip/detail', () => {
  it('lists all 31 levels with a rate per category', async () => {
    screen = await renderScreen({
      routes: [{ path: '/user/vip/detail', element: <VipDetailPage /> }],
      path: '/user/vip/detail',
      api: api(),
      member: null,
    });
    await waitFor(() => expect(document.querySelectorAll('tr[data-row]')).toHaveLength(31));
    const headers = [...document.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toHaveLength(14);
    expect(headers).toContain('电竞返水');
    expect(document.querySelector('tr[data-row="30"]')?.textContent).toContain('VIP30');
  });
});
