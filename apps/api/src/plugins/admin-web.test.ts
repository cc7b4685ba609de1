import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { ADMIN_NONCE_PLACEHOLDER, renderAdminPage } from './admin-web.ts';

/** A built console as Vite writes it: index.html with the nonce placeholder, hashed assets. */
const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />' +
  `<meta name="csp-nonce" nonce="${ADMIN_NONCE_PLACEHOLDER}" /><title>Lobby Admin</title>` +
  '<script type="module" crossorigin src="/admin/assets/index-abc123.js"></script>' +
  '</head><body><div id="root"></div></body></html>';

const WEB_TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><title>Lobby</title><!--lobby:brand-head--></head>' +
  '<body><div id="root" data-app="web"></div></body></html>';

let harness: TestApp;
beforeAll(async () => {
  const adminDistDir = mkdtempSync(join(tmpdir(), 'lobby-admin-'));
  mkdirSync(join(adminDistDir, 'assets'));
  writeFileSync(join(adminDistDir, 'index.html'), TEMPLATE);
  writeFileSync(join(adminDistDir, 'assets', 'index-abc123.js'), 'console.log("admin")');
  const webDistDir = mkdtempSync(join(tmpdir(), 'lobby-web-'));
  mkdirSync(join(webDistDir, 'assets'));
  writeFileSync(join(webDistDir, 'index.html'), WEB_TEMPLATE);
  writeFileSync(join(webDistDir, 'assets', 'index-web.js'), 'console.log("web")');
  harness = await createTestApp({ adminDistDir, webDistDir });
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

function nonceOf(html: string): string {
  const match = /<meta name="csp-nonce" nonce="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no nonce in the page');
  return match[1];
}

describe('the operator console under /admin/', () => {
  it('answers /admin, /admin/ and deep links with index.html, on any host', async () => {
    for (const [url, host] of [
      ['/admin', 'localhost'],
      ['/admin/', 'localhost'],
      ['/admin/members/1', 'localhost'],
      ['/admin/approvals?status=rejected&kind=turnover_waiver', 'lumen.lobby.test'],
      ['/admin/login', 'unknown.example.com'],
    ] as const) {
      const response = await harness.app.inject({ method: 'GET', url, headers: { host } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('data-app="web"');
      // No brand in the console: no brand config, no theme.
      expect(response.body, url).not.toContain('__LOBBY_BRAND__');
      expect(response.body, url).not.toContain(ADMIN_NONCE_PLACEHOLDER);
    }
  });

  it('gives each page a fresh nonce that its policy allows for styles, scripts from itself only', async () => {
    const first = await harness.app.inject({ method: 'GET', url: '/admin/members/1' });
    const second = await harness.app.inject({ method: 'GET', url: '/admin/members/1' });
    const nonce = nonceOf(first.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.body)).not.toBe(nonce);
    const policy = policyOf(first.headers['content-security-policy']);
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets for a year, and a missing file as not found', async () => {
    const asset = await harness.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("admin")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/admin/assets/missing-123.js', '/admin/favicon.ico', '/admin/index.html']) {
      const missing = await harness.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toMatchObject({ status: false, data: 'not_found' });
    }
  });

  it('leaves /admin/api to the API: known routes answer, unknown ones answer JSON not_found', async () => {
    const me = await harness.app.inject({ method: 'GET', url: '/admin/api/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ status: false, data: 'operator_token' });
    for (const url of [
      '/admin/api/nope',
      '/admin/api/nope/deeper',
      '/admin/api',
      '/admin/api/x/y',
    ]) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ status: false, data: 'not_found' });
    }
    const post = await harness.app.inject({ method: 'POST', url: '/admin/members/1' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ status: false, data: 'not_found' });
  });

  it('keeps the member site on its own paths', async () => {
    const home = await harness.app.inject({ method: 'GET', url: '/home' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('data-app="web"');
    const near = await harness.app.inject({ method: 'GET', url: '/administrator' });
    expect(near.body).toContain('data-app="web"');
  });
});

describe('renderAdminPage', () => {
  it('refuses a template without the nonce placeholder', () => {
    expect(() => renderAdminPage('<html></html>', 'abc')).toThrow(/placeholder/);
  });
});
