import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandPublicConfigSchema, SPECIAL_FLAG_PLATFORM_IDS } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertBrandIfAbsent } from './brand.repository.ts';
import { DEMO_BRANDS } from './brand.seed.ts';
import { normalizeHost, seedDemoBrands } from './brand.service.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

async function siteConfig(headers: Record<string, string>) {
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/f/v1/site/config',
    headers,
  });
  return { statusCode: response.statusCode, body: response.json() };
}

describe('demo brands', () => {
  it('are 19, mostly zh-CN with one zh-TW and one en, each valid', () => {
    expect(DEMO_BRANDS).toHaveLength(19);
    const languages = DEMO_BRANDS.map((brand) => brand.row.language);
    expect(languages.filter((language) => language === 'zh-TW')).toHaveLength(1);
    expect(languages.filter((language) => language === 'en')).toHaveLength(1);
    expect(new Set(DEMO_BRANDS.map((brand) => brand.row.code)).size).toBe(19);
    expect(new Set(DEMO_BRANDS.flatMap((brand) => brand.hosts)).size).toBe(19 * 3);
    for (const brand of harness.app.brands.all()) {
      expect(() => brandPublicConfigSchema.parse(brand.config)).not.toThrow();
    }
    // Other test files may add brands of their own to a shared database: all 19 demo ones are served.
    const served = new Set(harness.app.brands.all().map((brand) => brand.config.code));
    expect(DEMO_BRANDS.filter((brand) => served.has(brand.row.code))).toHaveLength(19);
  });

  it('give the default brand about 42 ordered platform ids, the special-flag ids among them', () => {
    const defaultBrand = harness.app.brands.get('jinsheng');
    expect(defaultBrand?.isDefault).toBe(true);
    const ids = defaultBrand?.config.platformIds ?? [];
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(ids.length).toBeLessThanOrEqual(44);
    expect(ids.filter((id) => SPECIAL_FLAG_PLATFORM_IDS.has(id)).length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('show a yen sign for some brands and the currency icon for the others', () => {
    const symbols = harness.app.brands.all().map((brand) => brand.config.currencySymbol);
    expect(symbols).toContain('¥');
    expect(symbols).toContain(null);
    for (const brand of harness.app.brands.all()) {
      expect(brand.config.currencyIconUrl).toMatch(/^\/images\/currency\/coin-\d\.svg$/);
    }
  });

  it('are seeded once: a second seed on a database with brands adds nothing', async () => {
    expect(await seedDemoBrands(harness.database.db)).toBe(0);
  });
});

describe('brand resolution', () => {
  it.each(DEMO_BRANDS.map((brand) => [brand.hosts[0] ?? '', brand.row.siteName] as const))(
    'Host %s gets %s',
    async (host, siteName) => {
      const { body } = await siteConfig({ host });
      expect(body.data.siteName).toBe(siteName);
    },
  );

  it('ignores port, case and a trailing dot in the Host', async () => {
    const { body } = await siteConfig({ host: 'WWW.Longteng.Lobby.Test.:8443' });
    expect(body.data.code).toBe('longteng');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(normalizeHost(undefined)).toBe('');
  });

  it('gives localhost and unclaimed hosts the default brand', async () => {
    expect((await siteConfig({ host: 'localhost:3000' })).body.data.code).toBe('jinsheng');
    expect((await siteConfig({ host: '127.0.0.1' })).body.data.code).toBe('jinsheng');
    expect((await siteConfig({ host: 'unclaimed.example' })).body.data.code).toBe('jinsheng');
  });

  it('lets site_code override the Host', async () => {
    const { body } = await siteConfig({ host: 'lumen.lobby.test', site_code: 'yuelan' });
    expect(body.data).toMatchObject({ code: 'yuelan', language: 'zh-TW' });
  });

  it('refuses an unknown site_code with unknown_site, in the requested language', async () => {
    const { statusCode, body } = await siteConfig({ site_code: 'nosuchbrand', lang: 'en' });
    expect(statusCode).toBe(400);
    expect(body).toEqual({ status: false, data: 'unknown_site', message: 'Unknown site.' });
  });

  it('serves the statistics list of the brand, one entry per host with scripts', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/f/v1/site/statistics',
      headers: { host: 'xinghe.lobby.test' },
    });
    const entries = response.json().data as { url: string; kind: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((entry) => entry.url)).toContain('xinghe.lobby.test');
  });

  it('picks up a brand added on another node once the change is announced', async () => {
    const code = `b${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const template = DEMO_BRANDS[0];
    if (!template) throw new Error('no demo brand');
    await insertBrandIfAbsent(
      harness.database.db,
      { ...template.row, code, siteName: '新品牌', isDefault: false },
      [`${code}.lobby.test`],
    );
    expect((await siteConfig({ host: `${code}.lobby.test` })).body.data.code).toBe('jinsheng');
    await harness.app.brands.announceChange();
    await expect
      .poll(async () => (await siteConfig({ host: `${code}.lobby.test` })).body.data.code)
      .toBe(code);
  });
});
