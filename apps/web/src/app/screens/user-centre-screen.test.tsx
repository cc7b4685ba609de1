import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberVipEndpoint, messageNumEndpoint, vipIconUrl, type VipLevel } from '@lobby/contracts';
import { fetchUnreadMessageCount } from '../../features/messages/api/message-count.ts';
import type { ResponseOf } from '../../lib/endpoint-types.ts';
import {
  createFakeApi,
  renderScreen,
  testMember,
  waitFor,
  type Rendered,
} from '../test-render.tsx';
import { UserCentreScreen } from './user-centre-screen.tsx';

/** The member centre composes the VIP feature's card and the messages feature's count. */

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

const memberView: ResponseOf<typeof memberVipEndpoint> = {
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
  rewards: [],
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

describe('the member centre', () => {
  it('shows the VIP card', async () => {
    const api = createFakeApi({
      [memberVipEndpoint.path]: () => memberView,
      [messageNumEndpoint.path]: () => ({ unread: 0 }),
    });
    screen = await renderScreen({
      routes: [{ path: '/user', element: <UserCentreScreen /> }],
      path: '/user',
      api,
      member: testMember({ vipLevel: 1 }),
    });
    await waitFor(() =>
      expect(document.querySelector('[data-testid="vip-summary"]')?.textContent).toContain('VIP1'),
    );
  });

  it('shows the unread count on the messages shortcut', async () => {
    const api = createFakeApi({
      [memberVipEndpoint.path]: () => memberView,
      [messageNumEndpoint.path]: () => ({ unread: 2 }),
    });
    screen = await renderScreen({
      routes: [{ path: '/user', element: <UserCentreScreen /> }],
      path: '/user',
      api,
      loadUnreadMessages: () => fetchUnreadMessageCount(api),
    });
    await waitFor(() =>
      expect(document.querySelector('[data-testid="centre-unread"]')?.textContent).toBe('2'),
    );
  });
});
