import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  click,
  createFakeApi,
  renderScreen,
  waitFor,
  type Rendered,
} from '../../app/test-render.tsx';
import { TOP_COVER_PATH } from './api/top-cover.ts';
import { DailyNotice } from './daily-notice.tsx';

const notice = {
  id: '5',
  title: '新春活动',
  body: '存款即送彩金',
  imageUrl: '',
  linkUrl: '/activity/discount',
};

let screen: Rendered | undefined;
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

/** The home page with its notice, as a visitor and then as the member they register as. */
async function openHome(member: null | undefined, shown = notice) {
  screen = await renderScreen({
    routes: [{ path: '/home', element: <DailyNotice /> }],
    path: '/home',
    api: createFakeApi({ [TOP_COVER_PATH]: () => ({ banners: [], notices: [shown] }) }),
    member,
  });
}

const dialog = () => screen?.container.querySelector('dialog.daily-notice');

describe('the daily notice', () => {
  it('closed with 我知道了 stays closed for the visit, also on the home page after registering', async () => {
    await openHome(null);
    await waitFor(() => expect(dialog()?.textContent).toContain('新春活动'));
    const ok = [...(dialog()?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === '我知道了',
    );
    await click(ok);
    expect(dialog()).toBeNull();
    screen?.unmount();

    // Registered: the home page again, a new screen in the same tab.
    await openHome(undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() => expect(screen?.text()).toBe(''));
    expect(dialog()).toBeNull();
  });

  it("turned off for today stays off until the brand's next day", async () => {
    await openHome(null, { ...notice, id: '6' });
    await waitFor(() => expect(dialog()).toBeInstanceOf(HTMLDialogElement));
    await click(dialog()?.querySelector('input[type="checkbox"]'));
    await click(dialog()?.querySelector('.daily-notice__close'));
    expect(dialog()).toBeNull();
    expect(localStorage.getItem('promo-notice:jinsheng:6')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
