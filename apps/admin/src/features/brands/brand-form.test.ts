import { describe, expect, it } from 'vitest';
import type { AdminBrandSettings } from '@lobby/contracts';
import { fromFormValues, toFormValues, versionDiff } from './brand-form.ts';
import { previewTheme } from './theme-preview.tsx';

const stored: AdminBrandSettings['settings'] = {
  siteName: 'Demo',
  tagline: 'Play',
  language: 'zh-CN',
  enabled: true,
  theme: {
    mode: 'dark',
    primary: '#d4a94f',
    onPrimary: '#1a1206',
    accent: '#f2d27a',
    background: '#0e0f13',
    surface: '#181a21',
    text: '#f5f5f5',
    mutedText: '#9a9aa5',
  },
  avatarUrl: '/images/avatars/avatar-1.svg',
  currencyIconUrl: '/images/currency/coin-1.svg',
  currencyCode: 'CNY',
  currencySymbol: null,
  statistics: { appKey: 'k', name: 'n', source: 'config', byHost: {}, default: [] },
  settings: {
    maxRebateRatePercent: 1.2,
    sessionIdleMinutes: 30,
    loginLockAttempts: 5,
    loginLockWindowMinutes: 15,
    mobileSite: true,
    registration: {
      phone: 'optional',
      email: 'optional',
      inviteCode: 'optional',
      realName: 'off',
      captcha: true,
    },
    withdrawPasswordEnabled: true,
    wallet: {
      turnoverMultiplierPercent: 100,
      withdrawMinMinor: 10_000,
      withdrawMaxMinor: 5_000_000,
      withdrawDailyCount: 5,
      maxBankCards: 5,
      maxAlipayAccounts: 2,
      maxCoinAddresses: 3,
    },
    appDownload: { ios: '', android: '' },
    timeZone: 'Asia/Shanghai',
  },
};

describe('the brand settings form', () => {
  it('round-trips stored settings, the symbol and the per-host JSON', () => {
    const values = toFormValues(stored);
    expect(values.currencySymbol).toBe('');
    expect(values.statistics.byHost).toBe('{}');
    const back = fromFormValues({ ...values, reason: 'x' }, 'bad json');
    expect(back).toEqual({ ok: true, settings: stored });
    const withSymbol = fromFormValues({ ...values, currencySymbol: ' ¥ ' }, 'bad json');
    expect(withSymbol.ok && withSymbol.settings.currencySymbol).toBe('¥');
  });

  it('puts each problem at its field, with the schema the API uses', () => {
    const values = toFormValues(stored);
    const bad = fromFormValues(
      {
        ...values,
        theme: { ...values.theme, primary: 'red' },
        avatarUrl: 'javascript:alert(1)',
        settings: { ...values.settings, timeZone: 'Mars/Olympus' },
      },
      'bad json',
    );
    expect(bad.ok).toBe(false);
    const names = bad.ok ? [] : bad.errors.map((error) => error.name.join('.'));
    expect(names).toEqual(
      expect.arrayContaining(['theme.primary', 'avatarUrl', 'settings.timeZone']),
    );
    const json = fromFormValues(
      { ...values, statistics: { ...values.statistics, byHost: '{nope' } },
      'bad json',
    );
    expect(json).toEqual({
      ok: false,
      errors: [{ name: ['statistics', 'byHost'], message: 'bad json' }],
    });
    const host = fromFormValues(
      {
        ...values,
        statistics: {
          ...values.statistics,
          byHost:
            '{"a.example.com":[{"kind":"51la","url":"http://x.example/a.js","platform_ck":""}]}',
        },
      },
      'bad json',
    );
    expect(host.ok ? [] : host.errors.map((error) => error.name)).toEqual([
      ['statistics', 'byHost'],
    ]);
  });

  it('previews each edited colour that is a colour, the saved one otherwise', () => {
    expect(
      previewTheme({ primary: '#123456', accent: '#12', mode: 'light' }, stored.theme),
    ).toEqual({ ...stored.theme, primary: '#123456', mode: 'light' });
    expect(previewTheme(undefined, stored.theme)).toEqual(stored.theme);
  });
});

describe('a version compared with the current row', () => {
  it('lists the leaves that differ, bookkeeping left out', () => {
    const version = {
      code: 'a',
      revision: '3',
      theme: { primary: '#111111', accent: '#222222' },
      settings: { wallet: { withdrawMinMinor: 100 } },
      contacts: [{ deviceText: 'x' }],
    };
    const current = {
      code: 'a',
      revision: '5',
      theme: { primary: '#333333', accent: '#222222' },
      settings: { wallet: { withdrawMinMinor: 100 } },
      contacts: [],
    };
    expect(versionDiff(version, current)).toEqual({
      before: { 'theme.primary': '#111111', contacts: [{ deviceText: 'x' }] },
      after: { 'theme.primary': '#333333', contacts: [] },
    });
    expect(versionDiff(current, current)).toEqual({ before: {}, after: {} });
  });
});
