import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withdrawPasswordConfigEndpoint } from '@lobby/contracts';
import { createFakeApi, renderScreen, waitFor, type Rendered } from '../../app/test-render.tsx';
import { WithdrawPasswordRequired } from '../finance/password-required.tsx';
import { PersonalPage } from './personal-page.tsx';

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

describe('去设置取款密码', () => {
  it('opens the personal page with the withdrawal password form open and its first field focused', async () => {
    const api = createFakeApi({
      [withdrawPasswordConfigEndpoint.path]: () => ({ d: true, p: false }),
    });
    screen = await renderScreen({
      routes: [
        { path: '/finance/withdraw', element: <WithdrawPasswordRequired /> },
        { path: '/user/personal', element: <PersonalPage /> },
      ],
      path: '/finance/withdraw',
      api,
    });
    const link = [...screen.container.querySelectorAll('a')].find(
      (anchor) => anchor.textContent === '去设置取款密码',
    );
    expect(link).toBeDefined();
    await screen.router.navigate(link?.getAttribute('href') ?? '');
    const item = () => screen?.container.querySelector('[data-item="withdrawPassword"]');
    await waitFor(() =>
      expect(item()?.querySelector('input[name="withdrawPassword"]')).toBeInstanceOf(
        HTMLInputElement,
      ),
    );
    expect(item()?.querySelector('input[name="confirmWithdrawPassword"]')).toBeInstanceOf(
      HTMLInputElement,
    );
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('name')).toBe('withdrawPassword'),
    );
    // The other items stay closed.
    expect(screen.container.querySelectorAll('.security-list__panel')).toHaveLength(1);
  });

  it('leaves every item closed on a plain visit', async () => {
    const api = createFakeApi({
      [withdrawPasswordConfigEndpoint.path]: () => ({ d: true, p: false }),
    });
    screen = await renderScreen({
      routes: [{ path: '/user/personal', element: <PersonalPage /> }],
      path: '/user/personal',
      api,
    });
    await waitFor(() =>
      expect(
        screen?.container.querySelector('[data-item="withdrawPassword"] button')?.textContent,
      ).toBe('设置'),
    );
    expect(screen.container.querySelectorAll('.security-list__panel')).toHaveLength(0);
  });
});
