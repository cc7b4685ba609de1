import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  messageDeleteEndpoint,
  messageDetailEndpoint,
  messageListEndpoint,
  messageNumEndpoint,
  messageReadEndpoint,
  type MemberMessageSummary,
} from '@lobby/contracts';
import { sessionStore } from '../../app/session-store.ts';
import {
  click,
  createFakeApi,
  renderScreen,
  waitFor,
  type ApiCall,
  type FakeApi,
  type Rendered,
} from '../../app/test-render.tsx';
import { ApiError } from '../../lib/api-errors.ts';
import { fetchUnreadMessageCount } from './api/message-count.ts';
import { MessageDetailPage } from './message-detail-page.tsx';
import { MessageListPage } from './message-list-page.tsx';

const message = (overrides: Partial<MemberMessageSummary> = {}): MemberMessageSummary => ({
  id: '1',
  category: 'personal',
  title: '存款到账通知',
  preview: '您的存款已到账',
  broadcast: false,
  read: false,
  createdAt: '2026-03-01T08:00:00.000Z',
  ...overrides,
});

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

/** A tiny server: the messages, their read flags, deletes. */
function setup(initial: MemberMessageSummary[]) {
  let messages = [...initial];
  const unread = () => messages.filter((item) => !item.read).length;
  const api = createFakeApi({
    [messageListEndpoint.path]: (call: ApiCall) => {
      const category = call.values.category ?? 'all';
      const items = messages.filter((item) => category === 'all' || item.category === category);
      return { items, total: items.length, page: 1, pageSize: 20, unread: unread() };
    },
    [messageNumEndpoint.path]: () => ({ unread: unread() }),
    [messageReadEndpoint.path]: (call: ApiCall) => {
      messages = messages.map((item) =>
        call.values.id === 'all' || item.id === call.values.id ? { ...item, read: true } : item,
      );
      return { unread: unread() };
    },
    [messageDeleteEndpoint.path]: (call: ApiCall) => {
      const ids = (call.values.ids ?? '').split(',');
      messages = messages.filter((item) => !ids.includes(item.id));
      return { deleted: ids.length, unread: unread() };
    },
    [messageDetailEndpoint.path]: (call: ApiCall) => {
      const found = messages.find((item) => item.id === call.values.id);
      if (!found) throw new ApiError('message_not_found', '消息不存在或已删除。', 404);
      messages = messages.map((item) => (item === found ? { ...item, read: true } : item));
      const { preview: _preview, ...rest } = found;
      return { ...rest, read: true, body: `${found.preview}\n第二行` };
    },
  });
  return api;
}

async function open(api: FakeApi, path: string) {
  screen = await renderScreen({
    routes: [
      { path: '/user/message', element: <MessageListPage /> },
      { path: '/user/messageDetail', element: <MessageDetailPage /> },
    ],
    path,
    api,
    loadUnreadMessages: () => fetchUnreadMessageCount(api),
  });
  return screen;
}

const items = () => [...document.querySelectorAll('[data-testid="message-item"]')];
const button = (text: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent?.includes(text));

describe('/user/message', () => {
  it('lists messages with unread marks and filters by category', async () => {
    const api = setup([
      message({ id: '3', category: 'notice', title: '系统维护公告', broadcast: true }),
      message({ id: '2', title: '提款成功', read: true }),
      message({ id: '1' }),
    ]);
    const shown = await open(api, '/user/message');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items().filter((item) => item.classList.contains('is-unread'))).toHaveLength(2);
    expect(shown.text()).toContain('2 条未读');
    expect(items()[0]?.querySelector('a')?.getAttribute('href')).toBe('/user/messageDetail?id=3');

    await click(
      [...document.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === '网站公告'),
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(shown.text()).toContain('系统维护公告');
    expect(api.callsTo(messageListEndpoint.path).at(-1)?.values).toMatchObject({
      category: 'notice',
      page: '1',
    });
  });

  it('marks all read and refreshes the unread count', async () => {
    const api = setup([message({ id: '2' }), message({ id: '1' })]);
    await open(api, '/user/message');
    await waitFor(() => expect(items()).toHaveLength(2));
    await click(button('全部已读'));
    await waitFor(() =>
      expect(items().filter((item) => item.classList.contains('is-unread'))).toHaveLength(0),
    );
    expect(api.callsTo(messageReadEndpoint.path)[0]?.values).toEqual({ id: 'all' });
    await waitFor(() => expect(sessionStore.getState().unreadMessages).toBe(0));
    expect(button('全部已读')?.hasAttribute('disabled')).toBe(true);
  });

  it('deletes the selected messages after "confirm delete"', async () => {
    const api = setup([message({ id: '3' }), message({ id: '2' }), message({ id: '1' })]);
    const shown = await open(api, '/user/message');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(button('删除')?.hasAttribute('disabled')).toBe(true);
    await click(items()[0]?.querySelector('input[type="checkbox"]'));
    await click(items()[2]?.querySelector('input[type="checkbox"]'));
    await click(button('删除 (2)'));
    expect(shown.text()).toContain('确认删除？');
    expect(api.callsTo(messageDeleteEndpoint.path)).toHaveLength(0);
    const dialog = document.querySelector('dialog');
    await click(
      [...(dialog?.querySelectorAll('button') ?? [])].find((element) =>
        element.textContent?.includes('删除'),
      ),
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(api.callsTo(messageDeleteEndpoint.path)[0]?.values).toEqual({ ids: '3,1' });
  });

  it('selects every message on the page at once', async () => {
    const api = setup([message({ id: '2' }), message({ id: '1' })]);
    await open(api, '/user/message');
    await waitFor(() => expect(items()).toHaveLength(2));
    await click(document.querySelector('.message-toolbar__all input'));
    expect(button('删除 (2)')).toBeDefined();
  });

  it('shows the empty state', async () => {
    await open(setup([]), '/user/message');
    await waitFor(() => expect(screen?.text()).toContain('暂无消息'));
  });
});

describe('/user/messageDetail', () => {
  it('shows the message, and opening it refreshes the unread count', async () => {
    const api = setup([message({ id: '7', title: '欢迎加入' }), message({ id: '6' })]);
    const shown = await open(api, '/user/messageDetail?id=7');
    await waitFor(() => expect(shown.text()).toContain('欢迎加入'));
    expect(document.querySelector('.message-detail__body')?.textContent).toBe(
      '您的存款已到账\n第二行',
    );
    expect(api.callsTo(messageDetailEndpoint.path)[0]?.values).toEqual({ id: '7' });
    await waitFor(() => expect(sessionStore.getState().unreadMessages).toBe(1));
  });

  it('says a missing or foreign message was not found, and asks nothing for a bad id', async () => {
    const api = setup([]);
    const shown = await open(api, '/user/messageDetail?id=99');
    await waitFor(() => expect(shown.text()).toContain('消息不存在或已删除'));
    shown.unmount();
    screen = undefined;
    const again = await open(api, '/user/messageDetail?id=abc');
    expect(again.text()).toContain('消息不存在或已删除');
    expect(api.callsTo(messageDetailEndpoint.path)).toHaveLength(1);
  });

  it('deletes the message after confirming and goes back to the list', async () => {
    const api = setup([message({ id: '7' })]);
    const shown = await open(api, '/user/messageDetail?id=7');
    await waitFor(() => expect(document.querySelector('.message-detail')).not.toBeNull());
    await click(document.querySelector('.message-detail__actions button'));
    await click(
      [...(document.querySelector('dialog')?.querySelectorAll('button') ?? [])].find((element) =>
        element.textContent?.includes('删除'),
      ),
    );
    await waitFor(() => expect(shown.router.state.location.pathname).toBe('/user/message'));
    expect(api.callsTo(messageDeleteEndpoint.path)[0]?.values).toEqual({ ids: '7' });
  });
});
