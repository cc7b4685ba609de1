import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFeedbackEndpoint,
  feedbackDetailEndpoint,
  feedbackListEndpoint,
  uploadEndpoint,
  type FeedbackTicketDetail,
} from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  submit,
  typeInto,
  waitFor,
  type Rendered,
} from '../../app/test-render.tsx';
import { ApiError } from '../../lib/api-errors.ts';
import { FeedbackListPage } from './feedback-list-page.tsx';
import { FeedbackPage } from './feedback-page.tsx';

const ticket = (overrides: Partial<FeedbackTicketDetail> = {}): FeedbackTicketDetail => ({
  id: '1',
  category: 'deposit',
  categoryName: '充值问题',
  content: '充值成功但余额没有到账',
  imageCount: 0,
  status: 'open',
  reply: null,
  repliedAt: null,
  replyUnseen: false,
  createdAt: '2026-01-01T08:00:00.000Z',
  images: [],
  ...overrides,
});

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

const $ = (selector: string) => screen?.container.querySelector(selector) ?? null;

async function typeText(value: string) {
  const area = $('textarea[name="content"]');
  if (!(area instanceof HTMLTextAreaElement)) throw new Error('no textarea');
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function pickFiles(files: File[]) {
  const input = $('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const png = (name = 'a.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function feedbackApi() {
  let uploads = 0;
  return createFakeApi({
    [uploadEndpoint.path]: () => {
      uploads += 1;
      const id = String(uploads).padStart(32, '0');
      return { id, url: `/api/f/v1/upload/${id}`, contentType: 'image/png' };
    },
    [createFeedbackEndpoint.path]: (call) => ticket({ content: call.values['content'] ?? '' }),
    [feedbackListEndpoint.path]: () => ({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      unseenReplies: 0,
    }),
  });
}

const routes = [
  { path: '/user/feedBack', element: <FeedbackPage /> },
  { path: '/user/feedBackList', element: <FeedbackListPage /> },
];

describe('/user/feedBack', () => {
  it('counts the text, uploads picked images with previews, and submits the ticket', async () => {
    const api = feedbackApi();
    screen = await renderScreen({ routes, path: '/user/feedBack', api });
    expect(screen.text()).toContain('0/1000 字');
    await typeInto($('select[name="category"]'), 'withdrawal');
    await typeText('提款一直在审核中，已经两个小时了');
    expect(screen.text()).toContain('16/1000 字');

    await pickFiles([png('a.png'), new File(['x'], 'b.txt', { type: 'text/plain' }), png('c.png')]);
    await waitFor(() =>
      expect(screen?.container.querySelectorAll('.feedback-image img')).toHaveLength(2),
    );
    expect(screen.text()).toContain('仅支持 PNG、JPG、WEBP、GIF 格式的图片');
    expect(api.callsTo(uploadEndpoint.path)).toHaveLength(2);

    // Removing one leaves one to send.
    await click($('button[aria-label="移除图片 1"]'));
    expect(screen.container.querySelectorAll('.feedback-image img')).toHaveLength(1);

    await submit($('form'));
    await waitFor(() => expect(screen?.router.state.location.pathname).toBe('/user/feedBackList'));
    expect(api.callsTo(createFeedbackEndpoint.path)[0]?.values).toEqual({
      category: 'withdrawal',
      content: '提款一直在审核中，已经两个小时了',
      images: '00000000000000000000000000000002',
    });
  });

  it('says the text is too short without calling, and shows the server’s refusal', async () => {
    const api = feedbackApi();
    api.on(createFeedbackEndpoint.path, () => {
      throw new ApiError('feedback_too_frequent', '提交过于频繁，请 30 秒后再试', 429);
    });
    screen = await renderScreen({ routes, path: '/user/feedBack', api });
    await typeText('太短了');
    await submit($('form'));
    expect(screen.text()).toContain('反馈内容至少 10 个字');
    expect(api.callsTo(createFeedbackEndpoint.path)).toHaveLength(0);

    await typeText('游戏加载很慢，经常卡在百分之九十');
    await submit($('form'));
    await waitFor(() => expect(screen?.text()).toContain('提交过于频繁，请 30 秒后再试'));
    expect(screen.router.state.location.pathname).toBe('/user/feedBack');
  });

  it('offers no more than three images', async () => {
    screen = await renderScreen({ routes, path: '/user/feedBack', api: feedbackApi() });
    await pickFiles([png(), png(), png(), png()]);
    await waitFor(() =>
      expect(screen?.container.querySelectorAll('.feedback-image img')).toHaveLength(3),
    );
    expect($('button.upload-box')).toBeNull();
  });
});

describe('/user/feedBackList', () => {
  it('shows tickets with their status, the reply and an unseen mark; opening one shows its images', async () => {
    const api = createFakeApi({
      [feedbackListEndpoint.path]: () => ({
        items: [
          ticket({
            id: '2',
            status: 'replied',
            reply: '已为您补单，请查收',
            repliedAt: '2026-01-01T09:00:00.000Z',
            replyUnseen: true,
            imageCount: 1,
          }),
          ticket({ id: '1', category: 'other', categoryName: '其他', content: '希望增加更多游戏' }),
        ],
        total: 2,
        page: 1,
        pageSize: 10,
        unseenReplies: 1,
      }),
      [feedbackDetailEndpoint.path]: () =>
        ticket({
          id: '2',
          status: 'replied',
          reply: '已为您补单，请查收',
          repliedAt: '2026-01-01T09:00:00.000Z',
          imageCount: 1,
          images: [{ id: 'a'.repeat(32), url: '/api/f/v1/upload/aaa?expires=1&signature=s' }],
        }),
    });
    screen = await renderScreen({ routes, path: '/user/feedBackList', api });
    await waitFor(() =>
      expect(screen?.container.querySelectorAll('.feedback-item')).toHaveLength(2),
    );
    expect(screen.text()).toContain('1 条新回复');
    const replied = $('[data-ticket="2"]');
    expect(replied?.textContent).toContain('已回复');
    expect(replied?.textContent).toContain('已为您补单，请查收');
    expect(replied?.querySelector('[data-testid="unseen-reply"]')).not.toBeNull();
    const open = $('[data-ticket="1"]');
    expect(open?.textContent).toContain('待处理');
    expect(open?.textContent).toContain('客服将尽快处理您的反馈');
    expect(open?.querySelector('[data-testid="unseen-reply"]')).toBeNull();

    await click(replied?.querySelector('button'));
    await waitFor(() =>
      expect($('[data-ticket="2"] img')?.getAttribute('src')).toContain('signature='),
    );
    expect(api.callsTo(feedbackDetailEndpoint.path)[0]?.values).toEqual({ id: '2' });
  });

  it('says when there is nothing yet', async () => {
    screen = await renderScreen({ routes, path: '/user/feedBackList', api: feedbackApi() });
    await waitFor(() => expect(screen?.text()).toContain('暂无反馈记录'));
  });
});
