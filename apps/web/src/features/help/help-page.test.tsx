import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_ACTIONS,
  contactListEndpoint,
  helpListEndpoint,
  helpPageEndpoint,
  type HelpPage as HelpPageData,
} from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  waitFor,
  type ApiCall,
  type Rendered,
} from '../../app/test-render.tsx';
import { ToastHost } from '../../components/ui/toast.tsx';
import { ApiError, TransportError } from '../../lib/api-errors.ts';
import { HelpPage } from './help-page.tsx';

const categories = [
  { category: 'about', pages: [{ id: '1', title: '关于我们' }] },
  {
    category: 'deposit',
    pages: [
      { id: '2', title: '存款帮助' },
      { id: '3', title: 'USDT 充值说明' },
    ],
  },
  { category: 'bonus-rules', pages: [{ id: '9', title: '红利规则' }] },
];

const pages: Record<string, HelpPageData> = {
  '1': page('1', 'about', '关于我们', '<h2>金盛娱乐</h2><p>一站式娱乐。</p>'),
  '2': page(
    '2',
    'deposit',
    '存款帮助',
    '<h2>如何存款</h2><p>进入 <a href="/finance/deposit">存款</a> 页面。</p>',
  ),
  '3': page('3', 'deposit', 'USDT 充值说明', '<p>选择 <strong>USDT</strong>。</p>'),
};

function page(id: string, category: string, title: string, html: string): HelpPageData {
  return { id, category, title, html, updatedAt: '2026-03-02T04:00:00.000Z' };
}

/** Answers /md like the server: by id, or the first page of a category. */
function answerPage(call: ApiCall): HelpPageData {
  const query = helpPageEndpoint.query.parse(call.values);
  const found = query.id
    ? pages[query.id]
    : Object.values(pages).find((entry) => entry.category === query.category);
  if (!found) throw new ApiError('help_page_not_found', '帮助页面不存在或已下线。', 404);
  return found;
}

function setup(handlers: Record<string, (call: ApiCall) => unknown> = {}) {
  return createFakeApi({
    [helpListEndpoint.path]: () => ({ categories }),
    [helpPageEndpoint.path]: answerPage,
    [contactListEndpoint.path]: () => [
      {
        deviceText: '客服邮箱',
        deviceNum: 'service@jinsheng.example',
        imageUrl: '',
        action: CONTACT_ACTIONS.COPY,
      },
      {
        deviceText: '在线客服',
        deviceNum: 'https://chat.example/jinsheng',
        imageUrl: '',
        action: CONTACT_ACTIONS.OPEN_NEW,
      },
    ],
    ...handlers,
  });
}

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

async function open(path: string, api = setup()) {
  screen = await renderScreen({
    routes: [
      {
        path: '/help/:id',
        element: (
          <>
            <HelpPage />
            <ToastHost />
          </>
        ),
      },
      { path: '/finance/deposit', element: <p className="deposit-screen">deposit</p> },
    ],
    path,
    api,
    member: null,
  });
  return screen;
}

const $ = (selector: string) => screen?.container.querySelector(selector);
const $$ = (selector: string) => [...(screen?.container.querySelectorAll(selector) ?? [])];

describe('/help/:id', () => {
  it("shows a footer topic's first page, rendered, with the navigation by category", async () => {
    const api = setup();
    await open('/help/deposit', api);
    await waitFor(() => expect($('.help-article h2')?.textContent).toBe('如何存款'));
    expect($('.panel__title')?.textContent).toContain('存款帮助');
    expect($('.help-article__date')?.textContent).toBe('更新于 2026年03月02日');
    expect(api.callsTo(helpPageEndpoint.path)[0]?.values).toEqual({ category: 'deposit' });

    // A category with one page is one link; one with several is a group named by its topic.
    await waitFor(() => expect($$('.help-nav__group')).toHaveLength(1));
    expect($('.help-nav__heading')?.textContent).toBe('存款帮助');
    expect($$('.help-nav a').map((link) => link.getAttribute('href'))).toEqual([
      '/help/about',
      '/help/2',
      '/help/3',
      '/help/bonus-rules',
    ]);
    expect($('.help-nav a.is-active')?.getAttribute('href')).toBe('/help/2');
  });

  it('opens another page from the navigation by its id', async () => {
    const api = setup();
    await open('/help/about', api);
    await waitFor(() => expect($('.help-article h2')?.textContent).toBe('金盛娱乐'));
    await waitFor(() => expect($('.help-nav a[href="/help/3"]')).toBeTruthy());
    await click($('.help-nav a[href="/help/3"]'));
    await waitFor(() => expect($('.help-article strong')?.textContent).toBe('USDT'));
    expect(api.callsTo(helpPageEndpoint.path).at(-1)?.values).toEqual({ id: '3' });
    expect($('.help-nav a.is-active')?.getAttribute('href')).toBe('/help/3');
  });

  it('follows links to site pages inside the article without reloading', async () => {
    await open('/help/2');
    await waitFor(() => expect($('.help-article a')).toBeTruthy());
    await click($('.help-article a'));
    await waitFor(() => expect($('.deposit-screen')).toBeTruthy());
    expect(screen?.router.state.location.pathname).toBe('/finance/deposit');
  });

  it('says plainly when a page does not exist, with ways on', async () => {
    const api = setup();
    await open('/help/no-such-topic', api);
    await waitFor(() => expect(screen?.text()).toContain('找不到这个帮助页面'));
    expect($('.help-article')).toBeNull();
    expect($('.empty-state a[href="/iframeCustomerService"]')).toBeTruthy();
    // A missing page is an answer: it is not asked again.
    expect(api.callsTo(helpPageEndpoint.path)).toHaveLength(1);
  });

  it('offers a retry when the page cannot be loaded', async () => {
    let fail = true;
    const api = setup({
      [helpPageEndpoint.path]: (call) => {
        if (fail) throw new TransportError('network', 'Network Error');
        return answerPage(call);
      },
    });
    await open('/help/about', api);
    await waitFor(() => expect(screen?.text()).toContain('帮助内容加载失败'), 5_000);
    fail = false;
    await click($('.empty-state button'));
    await waitFor(() => expect($('.help-article h2')?.textContent).toBe('金盛娱乐'));
  });

  it('keeps the footer topics as navigation while the list is missing', async () => {
    await open(
      '/help/about',
      setup({
        [helpListEndpoint.path]: () => {
          throw new TransportError('network', 'Network Error');
        },
      }),
    );
    await waitFor(() => expect($('.help-article h2')?.textContent).toBe('金盛娱乐'));
    expect($$('.help-nav a')).toHaveLength(6);
    expect($('.help-nav a.is-active')?.textContent).toBe('关于我们');
  });

  it('shows the coming-soon state when the brand has no pages', async () => {
    await open('/help/about', setup({ [helpListEndpoint.path]: () => ({ categories: [] }) }));
    await waitFor(() => expect(screen?.text()).toContain('帮助内容即将上线'));
  });

  it("lists the brand's contacts: copy with the success message, or open in a new window", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open('/help/about');
    await waitFor(() => expect($$('.help-contacts .contact-item')).toHaveLength(2));
    const opener = $('.help-contacts a.contact-item__action');
    expect(opener?.getAttribute('href')).toBe('https://chat.example/jinsheng');
    expect(opener?.getAttribute('target')).toBe('_blank');
    expect(opener?.getAttribute('rel')).toContain('noopener');
    await click($('.help-contacts button.contact-item__action'));
    await waitFor(() => expect($('.toast')?.textContent).toBe('复制成功'));
    expect(writeText).toHaveBeenCalledWith('service@jinsheng.example');
  });
});
