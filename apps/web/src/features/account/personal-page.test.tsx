import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withdrawPasswordConfigEndpoint } from '@lobby/contracts';
import { createFakeApi, renderScreen, waitFor, type Rendered } from '../../app/test-render.tsx';
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

describe('/user/personal', () => {
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
