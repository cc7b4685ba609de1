import type { BrandPublicConfig } from '@lobby/contracts';

/** A brand config for tests (the sample brand of the screenshots: 金盛娱乐, dark, gold). */
export const sampleBrandConfig: BrandPublicConfig = {
  code: 'jinsheng',
  siteName: '金盛娱乐',
  tagline: '',
  language: 'zh-CN',
  theme: {
    mode: 'dark',
    primary: '#d4a94f',
    onPrimary: '#1b1305',
    accent: '#8a5cf6',
    background: '#0b0d12',
    surface: '#151922',
    text: '#eef0f5',
    mutedText: '#8d95a8',
  },
  platformIds: [1, 2, 3],
  avatarUrl: '/images/avatars/avatar-1.svg',
  currencyIconUrl: '/images/currency/coin-1.svg',
  currencyCode: 'CNY',
  currencySymbol: null,
  statistics: { appKey: '', name: '', source: 'config', byHost: {}, default: [] },
  contacts: [],
  settings: {
    maxRebateRatePercent: 2,
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
    appDownload: { ios: '', android: '' },
  },
  assetVersion: '1',
};
