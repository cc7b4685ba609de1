import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withdrawPasswordConfigEndpoint } from '@lobby/contracts';
import { PersonalPage } from '../features/account/personal-page.tsx';
import { WithdrawPasswordRequired } from '../features/finance/password-required.tsx';
import { createFakeApi, renderScreen, waitFor, type Rendered } from './test-render.tsx';

/**
 * The cashier's "set a withdrawal password first" (features/finance) links to the personal
 * page (features/account) with that item's form open: two features joined by an address of
 * app/navigation.ts.
 */

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
});
