import { describe, expect, it } from 'vitest';
import {
  BRAND_CONFIG_GLOBAL as CONTRACT_GLOBAL,
  brandPublicConfigSchema,
  siteConfigEndpoint,
} from '@lobby/contracts';
import {
  applyBrand,
  BRAND_CONFIG_GLOBAL,
  brandConfigProblem,
  fetchBrandConfig,
  readInlineBrandConfig,
  SITE_CONFIG_PATH,
  themeVariables,
} from './brand-config.ts';
import { sampleBrandConfig } from './test-brand-config.ts';

describe('brand config', () => {
  it('uses the contract names', () => {
    expect(BRAND_CONFIG_GLOBAL).toBe(CONTRACT_GLOBAL);
    expect(SITE_CONFIG_PATH).toBe(siteConfigEndpoint.path);
  });

  it('accepts what the contract accepts', () => {
    expect(brandPublicConfigSchema.safeParse(sampleBrandConfig).success).toBe(true);
    expect(brandConfigProblem(sampleBrandConfig)).toBeNull();
  });

  it('names the first field the shell cannot render without', () => {
    expect(brandConfigProblem(null)).toBe('not an object');
    expect(brandConfigProblem({ ...sampleBrandConfig, siteName: '' })).toBe('siteName');
    expect(brandConfigProblem({ ...sampleBrandConfig, language: 'fr' })).toBe('language');
    expect(
      brandConfigProblem({
        ...sampleBrandConfig,
        theme: { ...sampleBrandConfig.theme, primary: 'gold' },
      }),
    ).toBe('theme.primary');
  });

  it('reads the inlined global, and nothing when it is absent', () => {
    expect(readInlineBrandConfig({ [BRAND_CONFIG_GLOBAL]: sampleBrandConfig })).toEqual(
      sampleBrandConfig,
    );
    expect(readInlineBrandConfig({})).toBeUndefined();
    expect(() => readInlineBrandConfig({ [BRAND_CONFIG_GLOBAL]: { siteName: 1 } })).toThrow();
  });

  it('fetches the config from the API envelope', async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify({ status: true, data: sampleBrandConfig }), {
        status: 200,
      })) as typeof fetch;
    await expect(fetchBrandConfig(fetchImpl)).resolves.toEqual(sampleBrandConfig);
    const failing = (async () =>
      new Response(JSON.stringify({ status: false, data: 'unknown_site', message: 'x' }), {
        status: 200,
      })) as typeof fetch;
    await expect(fetchBrandConfig(failing)).rejects.toThrow(/unknown_site/);
  });

  it('writes the theme as the CSS variables the server writes', () => {
    expect(themeVariables(sampleBrandConfig.theme)).toEqual({
      '--color-primary': '#d4a94f',
      '--color-on-primary': '#1b1305',
      '--color-accent': '#8a5cf6',
      '--color-bg': '#0b0d12',
      '--color-surface': '#151922',
      '--color-text': '#eef0f5',
      '--color-muted': '#8d95a8',
    });
    const root = document.documentElement;
    applyBrand(sampleBrandConfig, root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#d4a94f');
    expect(root.dataset['themeMode']).toBe('dark');
  });
});
