import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandPublicConfig } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { hashSource } from './security-headers.ts';
import { languagePackFiles, pickEncoding, renderIndexHtml, scriptSafeJson } from './web.ts';

const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>Lobby</title>' +
  '<!--lobby:brand-head--></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/index-abc123.js"></script></body></html>';

const APP_SCRIPT = Buffer.from(`console.log(${JSON.stringify('lobby '.repeat(400))});\n`);

/** Vite's manifest of the build above: the entry and two language packs. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true },
  'src/app/locales/zh-CN.ts': { file: 'assets/zh-CN-aaa111.js', isDynamicEntry: true },
  'src/app/locales/en.ts': { file: 'assets/en-bbb222.js', isDynamicEntry: true },
};

let harness: TestApp;
beforeAll(async () => {
  const distDir = mkdtempSync(join(tmpdir(), 'lobby-web-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), TEMPLATE);
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What scripts/compress-assets.ts writes beside a built file.
  writeFileSync(join(distDir, 'assets', 'app-def456.js'), APP_SCRIPT);
  writeFileSync(join(distDir, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_SCRIPT));
  writeFileSync(join(distDir, 'assets', 'app-def456.js.gz'), gzipSync(APP_SCRIPT));
  writeFileSync(join(distDir, 'assets', 'zh-CN-aaa111.js'), 'export default {}');
  writeFileSync(join(distDir, 'assets', 'en-bbb222.js'), 'export default {}');
  mkdirSync(join(distDir, '.vite'));
  writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("install", () => {})');
  harness = await createTestApp({ webDistDir: distDir, trustProxyHops: 1 });
});
afterAll(async () => {
  await harness.close();
});

/** The page's Content-Security-Policy as directive -> sources. */
function policyOf(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

function injectedConfig(html: string): BrandPublicConfig {
  const match = /window\.__LOBBY_BRAND__=(.*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no brand config in page');
  return JSON.parse(match[1]) as BrandPublicConfig;
}

describe('index.html per brand', () => {
  it('carries the default brand on /home: name, language, theme, public config', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/home' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>金盛娱乐</title>');
    expect(response.body).toContain('<html lang="zh-CN"');
    expect(response.body).toContain('--color-primary:#d4a94f');
    expect(response.body).not.toContain('<!--lobby:brand-head-->');
    expect(injectedConfig(response.body)).toMatchObject({ code: 'jinsheng', siteName: '金盛娱乐' });
  });

  it("gives another brand's Host that brand's page", async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/home?x=1',
      headers: { host: 'lumen.lobby.test' },
    });
    expect(response.body).toContain('<title>Lumen Play</title>');
    expect(response.body).toContain('<html lang="en"');
    expect(response.body).toContain('color-scheme:light');
    expect(injectedConfig(response.body).code).toBe('lumen');
  });

  it('answers every spec route with 200 and any other page path with 404, both the app', async () => {
    for (const url of ['/', '/user/vip/detail', '/activity/list/7', '/login', '/app/home']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    for (const url of ['/nope', '/home/', '/activity/list/']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year and everything else revalidated, never raw index.html', async () => {
    const asset = await harness.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await harness.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    const raw = await harness.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--lobby:brand-head-->');
  });

  it('answers a POST to a page path with JSON not_found', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/home' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: false, data: 'not_found' });
  });
});

describe('compression', () => {
  it('serves the brotli or gzip copy the build made, as the client prefers, for a year', async () => {
    const br = await harness.app.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload)).toEqual(APP_SCRIPT);

    const gzip = await harness.app.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(APP_SCRIPT);

    const plain = await harness.app.inject({ method: 'GET', url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(APP_SCRIPT);
  });

  it('never serves the compressed copies under their own names', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/assets/app-def456.js.br' });
    expect(response.statusCode).toBe(404);
  });

  it('sends the page compressed, revalidated, varying on Accept-Encoding', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: '/home' });
    const br = await harness.app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(String(plain.headers['vary'])).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await harness.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.statusCode).toBe(404);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('<div id="root">');
  });

  it('picks brotli before gzip, honouring q-values and refusals', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
  });
});

describe('language pack preload', () => {
  it("preloads the brand's language pack with the page, and no other", async () => {
    const zh = await harness.app.inject({ method: 'GET', url: '/home' });
    expect(zh.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/zh-CN-aaa111.js">',
    );
    expect(zh.body).not.toContain('en-bbb222.js');
    const en = await harness.app.inject({
      method: 'GET',
      url: '/home',
      headers: { host: 'lumen.lobby.test' },
    });
    expect(en.body).toContain('<link rel="modulepreload" crossorigin href="/assets/en-bbb222.js">');
    expect(en.body).not.toContain('zh-CN-aaa111.js');
  });

  it('finds each pack and what it imports in the manifest', () => {
    expect(
      languagePackFiles({
        'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
        'src/app/locales/zh-TW.ts': { file: 'assets/zh-TW-1.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-2.js' },
      }),
    ).toEqual(new Map([['zh-TW', ['assets/zh-TW-1.js', 'assets/shared-2.js']]]));
    expect(languagePackFiles({})).toEqual(new Map());
  });
});

describe('first screen data', () => {
  beforeAll(async () => {
    const site = await harness.app.inject({ method: 'GET', url: '/api/f/v1/site/config' });
    const brandCode = site.json<{ data: { code: string } }>().data.code;
    await harness.database.db.execute(sql`
      insert into promo_banners (brand_code, placement, title, body, image_url, link_url)
      values (${brandCode}, 'home_top', '{"zh-CN":"首存","en":"First deposit"}'::jsonb,
              '{"zh-CN":"加赠"}'::jsonb, '/images/banner.webp', '/activity')`);
  });

  function firstScreenOf(html: string): unknown {
    const match = /<script type="application\/json" id="lobby-first-screen">(.*?)<\/script>/.exec(
      html,
    );
    return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
  }

  it('gives the home pages their banners in the brand language, as the API answers them', async () => {
    const api = await harness.app.inject({ method: 'GET', url: '/api/findmed/v1/promo/topCover' });
    const topCover = api.json<{ data: { banners: unknown[] } }>().data;
    expect(topCover.banners.length).toBeGreaterThan(0);
    for (const url of ['/home', '/app/home', '/home?from=ad']) {
      const page = await harness.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(firstScreenOf(page.body), url).toEqual({ topCover });
    }
  });

  it('gives other pages none, and runs nothing: the page policy admits no more scripts', async () => {
    const login = await harness.app.inject({ method: 'GET', url: '/login' });
    expect(firstScreenOf(login.body)).toBeUndefined();
    const home = await harness.app.inject({ method: 'GET', url: '/home' });
    expect(policyOf(home.headers['content-security-policy']).get('script-src')).toEqual(
      policyOf(login.headers['content-security-policy']).get('script-src'),
    );
  });

  it('follows the banners as an operator changes them', async () => {
    const before = firstScreenOf((await harness.app.inject({ method: 'GET', url: '/home' })).body);
    await harness.database.db.execute(sql`update promo_banners set link_url = '/activity/new'`);
    const after = firstScreenOf((await harness.app.inject({ method: 'GET', url: '/home' })).body);
    expect(after).not.toEqual(before);
    expect(JSON.stringify(after)).toContain('/activity/new');
  });
});

describe('renderIndexHtml', () => {
  const config = (siteName: string): BrandPublicConfig => {
    const brand = harness.app.brands.get('jinsheng');
    if (!brand) throw new Error('no default brand');
    return { ...brand.config, siteName };
  };

  it('escapes the brand name in the title and the config in the script', () => {
    const html = renderIndexHtml(TEMPLATE, config('</title><script>alert(1)</script>'));
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).not.toContain('<script>alert(1)');
    expect(injectedConfig(html).siteName).toBe('</title><script>alert(1)</script>');
  });

  it('keeps JSON safe inside a script element', () => {
    expect(scriptSafeJson({ a: '</script><!--\u2028' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u2028"}',
    );
  });

  it('refuses a template without the placeholder', () => {
    expect(() => renderIndexHtml('<html><head></head></html>', config('x'))).toThrow(/placeholder/);
  });
});

describe('security headers', () => {
  it('give each page a strict policy that admits its own inline config by hash', async () => {
    for (const [url, host] of [
      ['/home', 'jinsheng.lobby.test'],
      ['/login', 'lumen.lobby.test'],
      ['/iframeCustomerService', 'jinsheng.lobby.test'],
    ] as const) {
      const response = await harness.app.inject({ method: 'GET', url, headers: { host } });
      const policy = policyOf(response.headers['content-security-policy']);
      const script = /<script>(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
      const style = /<style id="brand-theme">(.*?)<\/style>/.exec(response.body)?.[1] ?? '';
      expect(policy.get('script-src')).toEqual(
        expect.arrayContaining(["'self'", hashSource(script)]),
      );
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
      expect(policy.get('style-src')).toEqual(["'self'", hashSource(style)]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      // The site may frame its own customer-service page; nobody else may frame the site.
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it("allows the brand's statistics hosts, and only them", async () => {
    const lumen = await harness.app.inject({
      method: 'GET',
      url: '/home',
      headers: { host: 'lumen.lobby.test' },
    });
    const config = injectedConfig(lumen.body);
    const origins = [
      ...Object.values(config.statistics.byHost).flat(),
      ...config.statistics.default,
    ].map((script) => new URL(script.url).origin);
    expect(origins.length).toBeGreaterThan(0);
    const scriptSources = policyOf(lumen.headers['content-security-policy']).get('script-src');
    for (const origin of origins) expect(scriptSources).toContain(origin);
    expect(scriptSources?.filter((source) => source.startsWith('https:'))).toEqual(
      [...new Set(origins)].sort(),
    );
  });

  it('sends HSTS and COOP only when the request came over TLS through the trusted proxy', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: '/home' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['cross-origin-opener-policy']).toBeUndefined();
    const tls = await harness.app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    expect(tls.headers['cross-origin-opener-policy']).toBe('same-origin');
    const api = await harness.app.inject({
      method: 'GET',
      url: '/api/f/v1/site/config',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });

  it('gives the API docs a policy of their own', async () => {
    const docs = await harness.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    const policy = policyOf(docs.headers['content-security-policy']);
    expect(policy.get('script-src')).toContain("'self'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});
