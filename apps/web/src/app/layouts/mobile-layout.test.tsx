import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeApi,
  renderScreen,
  testMember,
  waitFor,
  type Rendered,
} from '../test-render.tsx';
import { MobileLayout } from './mobile-layout.tsx';

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

describe('the mobile site top bar', () => {
  it("shows the member's username beside the avatar once logged in (as right after registering)", async () => {
    screen = await renderScreen({
      routes: [{ element: <MobileLayout />, children: [{ path: '/app/home', element: <p /> }] }],
      path: '/app/home',
      api: createFakeApi(),
      member: testMember({ username: 'newbie01' }),
    });
    const topbar = () => screen?.container.querySelector('.mobile-topbar');
    await waitFor(() => expect(topbar()?.textContent).toContain('newbie01'));
    const link = topbar()?.querySelector('a[href="/user"]');
    expect(link?.textContent).toContain('newbie01');
    expect(link?.textContent).toContain('我的');
  });
});
