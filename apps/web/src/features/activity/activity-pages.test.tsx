import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resignEndpoint, signEndpoint, signInfoEndpoint, type SignInfo } from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  waitFor,
  type ApiCall,
  type Rendered,
} from '../../app/test-render.tsx';
import { SignPage } from './sign-page.tsx';

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

const info = (overrides: Partial<SignInfo> = {}): SignInfo => ({
  promotionId: '7',
  title: '每日签到领彩金',
  today: '2026-11-21',
  streakRewards: ['1.00', '2.00', '3.00'],
  resignCost: '1.00',
  days: [{ day: '2026-11-19', kind: 'sign', streak: 1, reward: '1.00' }],
  signedToday: false,
  streak: 0,
  nextReward: '1.00',
  resignableDays: ['2026-11-18', '2026-11-20'],
  ...overrides,
});

/** A tiny server for the sign-in screen: signing and re-signing change what sign/info answers. */
function setup() {
  let state = info();
  const calls: string[] = [];
  const api = createFakeApi({
    [signInfoEndpoint.path]: () => state,
    [signEndpoint.path]: () => {
      calls.push('sign');
      state = {
        ...state,
        signedToday: true,
        streak: 1,
        days: [...state.days, { day: state.today, kind: 'sign', streak: 1, reward: '1.00' }],
      };
      return {
        day: state.today,
        kind: 'sign',
        streak: 1,
        reward: '1.00',
        cost: '0.00',
        balance: '101.00',
      };
    },
    [resignEndpoint.path]: (call: ApiCall) => {
      calls.push(`resign ${call.values.day}`);
      const day = String(call.values.day);
      state = {
        ...state,
        resignableDays: state.resignableDays.filter((entry) => entry !== day),
        days: [...state.days, { day, kind: 'resign', streak: 2, reward: '2.00' }],
      };
      return { day, kind: 'resign', streak: 2, reward: '2.00', cost: '1.00', balance: '101.00' };
    },
  });
  return { api, calls };
}

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent?.includes(text));

describe('/activity/sign', () => {
  it('shows signed and missed days, signs today and re-signs a missed day after confirming', async () => {
    const { api, calls } = setup();
    screen = await renderScreen({
      routes: [{ path: '/activity/sign', element: <SignPage /> }],
      path: '/activity/sign',
      api,
    });
    await waitFor(() =>
      expect(document.querySelectorAll('.calendar__day.is-missed')).toHaveLength(2),
    );
    expect(document.querySelector('[data-day="2026-11-19"]')?.classList).toContain('is-signed');
    expect(document.querySelector('[data-day="2026-11-21"]')?.classList).toContain('is-today');

    await click(button('立即签到'));
    await waitFor(() => expect(button('今日已签到')?.hasAttribute('disabled')).toBe(true));
    expect(calls).toEqual(['sign']);

    await click(document.querySelector('[data-day="2026-11-20"]'));
    await waitFor(() => expect(screen?.text()).toContain('补签将从余额中扣除 1.00'));
    await click(button('确认补签'));
    await waitFor(() =>
      expect(document.querySelectorAll('.calendar__day.is-missed')).toHaveLength(1),
    );
    expect(calls).toEqual(['sign', 'resign 2026-11-20']);
  });

  it('sends a guest to log in instead of signing', async () => {
    const { api, calls } = setup();
    screen = await renderScreen({
      routes: [
        { path: '/activity/sign', element: <SignPage /> },
        { path: '/login', element: <p>login screen</p> },
      ],
      path: '/activity/sign',
      api,
      member: null,
    });
    await waitFor(() => expect(button('立即签到')?.hasAttribute('disabled')).toBe(false));
    await click(button('立即签到'));
    await waitFor(() => expect(screen?.router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([]);
  });
});
