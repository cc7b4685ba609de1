import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_ACTIONS,
  type AdminHelpPage,
  type ContactEntry,
  type HelpCategorySummary,
  type HelpPage,
} from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { get } from '../../../test/members.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { DEMO_BRANDS } from '../../platform/brand/brand.seed.ts';
import { isSafeLink, renderMarkdown } from '../../platform/markdown/markdown.ts';
import { seedHelpPages } from './help.seed.ts';
import { operatorLogin } from '../../../test/operators.ts';

/**
 * The help centre (navigation, pages rendered to safe HTML, the demo pages), the operators'
 * writing of pages with the action log, and the brand's contact entries. The database is shared
 * with other test files: operator-written pages use categories of their own.
 */
let harness: TestApp;
let token: string;

beforeAll(async () => {
  harness = await createTestApp();
  await seedHelpPages(harness.database.db);
  const username = `help${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(username, 'operator-pass-1');
  const loginToken = await operatorLogin(harness.app, { username, password: 'operator-pass-1' });
  token = loginToken;
});
afterAll(async () => {
  await harness.close();
});

const uniqueCategory = () => `t-${randomUUID().slice(0, 8)}`;

async function operator<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: T; message?: string }>(),
  };
}

async function createPage(fields: Partial<Record<string, unknown>> = {}) {
  const answer = await operator<AdminHelpPage>('POST', '/admin/api/help/pages', {
    brand: 'jinsheng',
    language: 'en',
    category: uniqueCategory(),
    title: 'A test page',
    markdown: '# Hello',
    ...fields,
  });
  expect(answer.statusCode).toBe(200);
  return answer.body.data;
}

describe('safe Markdown', () => {
  it('renders Markdown to HTML', () => {
    const html = renderMarkdown('## Title\n\n**bold** and [deposit](/finance/deposit)\n\n- one');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/finance/deposit">deposit</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('escapes raw HTML, scripts and event attributes', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '',
        'text <img src=x onerror="alert(2)"> more',
        '',
        '<div style="position:fixed">cover</div>',
        '',
        '<a href="javascript:alert(3)">raw link</a>',
        '',
        '<svg onload=alert(4)></svg>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<div/i);
    expect(html).not.toMatch(/<svg/i);
    expect(html).not.toMatch(/<a /i);
    // No tag anywhere carries an event attribute.
    expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops links and images of unsafe schemes', () => {
    const html = renderMarkdown(
      [
        '[one](javascript:alert(1))',
        '[two](JAVASCRIPT:alert(1))',
        '[three](java\tscript:alert(1))',
        '[four](vbscript:msgbox)',
        '[five](data:text/html;base64,PHNjcmlwdD4=)',
        '![six](javascript:alert(1))',
        '![seven](data:image/svg+xml;base64,PHN2Zz4=)',
        '<javascript:alert(8)>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/src="\s*(javascript|data):/i);
    expect(html).not.toMatch(/<a /i);
    expect(html).not.toMatch(/<img/i);
  });

  it('keeps safe links, and opens outside ones in a new window without the opener', () => {
    const html = renderMarkdown(
      '[in](/help/about) [out](https://example.com/a) [mail](mailto:a@b.example) ![i](/images/x.png)',
    );
    expect(html).toContain('<a href="/help/about">in</a>');
    expect(html).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">out</a>',
    );
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('<img src="/images/x.png" alt="i">');
    expect(isSafeLink('/help/about')).toBe(true);
    expect(isSafeLink(' JaVaScRiPt:alert(1)')).toBe(false);
    expect(isSafeLink('\u0001javascript:alert(1)')).toBe(false);
  });
});

describe('GET /api/findmed/v1/help/list and /md', () => {
  it('lists the demo pages of the brand by category, in the footer order', async () => {
    const answer = await get(harness.app, '/api/findmed/v1/help/list');
    expect(answer.statusCode).toBe(200);
    const categories = (answer.body.data as { categories: HelpCategorySummary[] }).categories;
    expect(categories.map((entry) => entry.category)).toEqual([
      'about',
      'deposit',
      'withdraw',
      'responsible-gaming',
      'privacy',
      'terms',
    ]);
    expect(categories[0]?.pages.map((page) => page.title)).toEqual(['关于我们']);
    expect(categories[1]?.pages.map((page) => page.title)).toEqual(['存款帮助', 'USDT 充值说明']);
  });

  it('seeds every demo brand in its own language, once', async () => {
    expect(await seedHelpPages(harness.database.db)).toBe(0);
    const english = await get(harness.app, '/api/findmed/v1/md?category=about', {
      host: 'lumen.lobby.test',
    });
    expect((english.body.data as HelpPage).title).toBe('About us');
    expect((english.body.data as HelpPage).html).toContain('Lumen Play');
    const traditional = await get(harness.app, '/api/findmed/v1/md?category=privacy', {
      host: 'yuelan.lobby.test',
    });
    expect((traditional.body.data as HelpPage).title).toBe('隱私政策');
    for (const brand of DEMO_BRANDS) {
      const list = await get(harness.app, '/api/findmed/v1/help/list', {
        host: brand.hosts[0] ?? '',
      });
      const categories = (list.body.data as { categories: HelpCategorySummary[] }).categories;
      expect(categories.length, brand.row.code).toBeGreaterThanOrEqual(6);
    }
  });

  it('answers a page by category (its first page) and by id, rendered', async () => {
    const byCategory = await get(harness.app, '/api/findmed/v1/md?category=deposit');
    expect(byCategory.statusCode).toBe(200);
    const page = byCategory.body.data as HelpPage;
    expect(page).toMatchObject({ category: 'deposit', title: '存款帮助' });
    expect(page.html).toContain('<h2>如何存款</h2>');
    expect(page.html).toContain('<a href="/finance/deposit">存款</a>');
    expect(page.html).toContain('<table>');

    const byId = await get(harness.app, `/api/findmed/v1/md?id=${page.id}`);
    expect(byId.body.data).toEqual(page);
  });

  it("falls back to the brand's language when the request's has no pages", async () => {
    const list = await get(harness.app, '/api/findmed/v1/help/list', {
      host: 'lumen.lobby.test',
      lang: 'zh-TW',
    });
    const categories = (list.body.data as { categories: HelpCategorySummary[] }).categories;
    expect(categories[0]?.pages[0]?.title).toBe('About us');
    const page = await get(harness.app, '/api/findmed/v1/md?category=terms', {
      host: 'lumen.lobby.test',
      lang: 'zh-CN',
    });
    expect((page.body.data as HelpPage).title).toBe('Terms of service');
  });

  it("never answers another brand's page", async () => {
    const lumen = await get(harness.app, '/api/findmed/v1/md?category=about', {
      host: 'lumen.lobby.test',
    });
    const id = (lumen.body.data as HelpPage).id;
    const fromJinsheng = await get(harness.app, `/api/findmed/v1/md?id=${id}`);
    expect(fromJinsheng.statusCode).toBe(404);
    expect(fromJinsheng.body).toMatchObject({ status: false, data: 'help_page_not_found' });
  });

  it('answers not found in the request language, and refuses bad queries', async () => {
    const missing = await get(harness.app, '/api/findmed/v1/md?category=no-such-topic');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({ status: false, data: 'help_page_not_found' });
    expect(missing.body.message).toBe('帮助页面不存在或已下线。');
    const english = await get(harness.app, '/api/findmed/v1/md?id=999999999', { lang: 'en' });
    expect(english.body.message).toBe('This help page does not exist or is no longer published.');

    for (const query of ['', '?id=abc', '?id=0', '?category=Bad%20Topic', '?id=1&category=about']) {
      const answer = await get(harness.app, `/api/findmed/v1/md${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body).toMatchObject({ status: false, data: 'validation' });
    }
  });
});

describe('operator help pages', () => {
  it('needs an operator', async () => {
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/admin/api/help/pages',
      payload: { brand: 'jinsheng', language: 'en', category: 'x', title: 't', markdown: '' },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('creates a page members read at once, rendered safe, and logs it', async () => {
    const category = uniqueCategory();
    const created = await createPage({
      category,
      title: 'Bonus rules',
      markdown: 'Read <script>alert(1)</script> [this](javascript:alert(1))',
      sort: 5,
    });
    expect(created).toMatchObject({
      brand: 'jinsheng',
      language: 'en',
      category,
      title: 'Bonus rules',
      sort: 5,
      published: true,
    });
    expect(created.updatedBy).toMatch(/^help/);

    const page = await get(harness.app, `/api/findmed/v1/md?category=${category}`, { lang: 'en' });
    expect(page.statusCode).toBe(200);
    const html = (page.body.data as HelpPage).html;
    expect(html).not.toMatch(/<script|<a /i);
    expect(html).toContain('&lt;script&gt;');

    const log = await operator<{ action: string; targetId: string | null }[]>(
      'GET',
      `/admin/api/actions?targetType=help_page&targetId=${created.id}`,
    );
    expect(log.body.data.map((entry) => entry.action)).toEqual(['help_page_create']);
  });

  it('updates, unpublishes and republishes a page, each in the action log', async () => {
    const created = await createPage();
    const updated = await operator<AdminHelpPage>('PUT', `/admin/api/help/pages/${created.id}`, {
      title: 'New title',
      markdown: '**new**',
    });
    expect(updated.body.data).toMatchObject({ title: 'New title', markdown: '**new**' });
    const read = await get(harness.app, `/api/findmed/v1/md?id=${created.id}`);
    expect((read.body.data as HelpPage).html).toContain('<strong>new</strong>');

    const hidden = await operator<AdminHelpPage>('PUT', `/admin/api/help/pages/${created.id}`, {
      published: false,
      reason: 'outdated',
    });
    expect(hidden.body.data.published).toBe(false);
    expect((await get(harness.app, `/api/findmed/v1/md?id=${created.id}`)).statusCode).toBe(404);
    const list = await get(harness.app, '/api/findmed/v1/help/list', { lang: 'en' });
    const categories = (list.body.data as { categories: HelpCategorySummary[] }).categories;
    expect(categories.some((entry) => entry.category === created.category)).toBe(false);

    // Operators still see it, in the list and alone.
    const one = await operator<AdminHelpPage>('GET', `/admin/api/help/pages/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body.data).toMatchObject({
      id: created.id,
      title: 'New title',
      markdown: '**new**',
      published: false,
    });
    const pages = await operator<AdminHelpPage[]>(
      'GET',
      '/admin/api/help/pages?brand=jinsheng&language=en',
    );
    expect(pages.body.data.find((page) => page.id === created.id)?.published).toBe(false);

    await operator('PUT', `/admin/api/help/pages/${created.id}`, { published: true });
    expect((await get(harness.app, `/api/findmed/v1/md?id=${created.id}`)).statusCode).toBe(200);

    const log = await operator<{ action: string; reason: string | null }[]>(
      'GET',
      `/admin/api/actions?targetType=help_page&targetId=${created.id}`,
    );
    expect(log.body.data.map((entry) => entry.action)).toEqual([
      'help_page_publish',
      'help_page_unpublish',
      'help_page_update',
      'help_page_create',
    ]);
    expect(log.body.data[1]?.reason).toBe('outdated');
  });

  it('refuses bad input and unknown pages or brands, changing nothing', async () => {
    for (const body of [
      { brand: 'jinsheng', language: 'en', category: 'Bad Topic', title: 't', markdown: '' },
      { brand: 'jinsheng', language: 'fr', category: 'ok', title: 't', markdown: '' },
      { brand: 'jinsheng', language: 'en', category: 'ok', title: ' ', markdown: '' },
      {
        brand: 'jinsheng',
        language: 'en',
        category: 'ok',
        title: 't',
        markdown: 'x'.repeat(50_001),
      },
    ]) {
      const answer = await operator('POST', '/admin/api/help/pages', body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const unknownBrand = await operator('POST', '/admin/api/help/pages', {
      brand: 'nosuchbrand',
      language: 'en',
      category: uniqueCategory(),
      title: 't',
      markdown: '',
    });
    expect(unknownBrand.body).toMatchObject({ status: false, data: 'unknown_site' });
    const unknownPage = await operator('PUT', '/admin/api/help/pages/999999999', { title: 'x' });
    const unknownRead = await operator('GET', '/admin/api/help/pages/999999999');
    expect(unknownRead.statusCode).toBe(404);
    expect(unknownRead.body).toMatchObject({ status: false, data: 'help_page_not_found' });
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.body).toMatchObject({ status: false, data: 'help_page_not_found' });
  });
});

describe('POST /admin/api/help/preview', () => {
  const preview = (payload: object) =>
    operator<{ html: string }>('POST', '/admin/api/help/preview', payload);

  it('renders Markdown exactly as the member site renders the saved page', async () => {
    const markdown = [
      '## Deposits',
      '',
      '**Fast** and [safe](/finance/deposit), see [more](https://example.com/a).',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
    ].join('\n');
    const answer = await preview({ brand: 'jinsheng', markdown });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.html).toContain('<h2>Deposits</h2>');
    expect(answer.body.data.html).toContain('<table>');

    const created = await createPage({ markdown });
    const site = await get(harness.app, `/api/findmed/v1/md?id=${created.id}`);
    expect((site.body.data as HelpPage).html).toBe(answer.body.data.html);
  });

  it('removes scripts, raw HTML and unsafe links, as on the site', async () => {
    const markdown = [
      'Hello <script>alert(1)</script>',
      '',
      '<img src=x onerror="alert(2)">',
      '',
      '[bad](javascript:alert(3)) and **fine**',
    ].join('\n');
    const answer = await preview({ brand: 'jinsheng', markdown });
    expect(answer.statusCode).toBe(200);
    const html = answer.body.data.html;
    expect(html).not.toMatch(/<script|<img|<a /i);
    expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>fine</strong>');
    expect(html).toBe(renderMarkdown(markdown));
  });

  it('needs an operator of the brand, and refuses bad input', async () => {
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/admin/api/help/preview',
      payload: { brand: 'jinsheng', markdown: '# x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const tooLong = await preview({ brand: 'jinsheng', markdown: 'x'.repeat(50_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toMatchObject({ status: false, data: 'validation' });
    const noMarkdown = await preview({ brand: 'jinsheng' });
    expect(noMarkdown.statusCode).toBe(400);
    const unknownBrand = await preview({ brand: 'nosuchbrand', markdown: '# x' });
    expect(unknownBrand.body).toMatchObject({ status: false, data: 'unknown_site' });
    const empty = await preview({ brand: 'jinsheng', markdown: '' });
    expect(empty.body.data).toEqual({ html: '' });
  });
});

describe('GET /api/findmed/v1/member/reg/contact', () => {
  it("answers the brand's contact entries with their copy or open action", async () => {
    const answer = await get(harness.app, '/api/findmed/v1/member/reg/contact');
    expect(answer.statusCode).toBe(200);
    const contacts = answer.body.data as ContactEntry[];
    expect(contacts).toEqual([
      {
        deviceText: '在线客服',
        deviceNum: '@jinsheng_service',
        imageUrl: '/images/contact/chat.svg',
        action: CONTACT_ACTIONS.OPEN_NEW,
      },
      {
        deviceText: '客服邮箱',
        deviceNum: 'service@jinsheng.example',
        imageUrl: '/images/contact/mail.svg',
        action: CONTACT_ACTIONS.COPY,
      },
    ]);
    const english = await get(harness.app, '/api/findmed/v1/member/reg/contact', {
      host: 'lumen.lobby.test',
    });
    expect((english.body.data as ContactEntry[])[1]?.deviceNum).toBe('service@lumen.example');
  });
});
