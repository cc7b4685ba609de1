import type {
  BrandPublicSettings,
  BrandTheme,
  ContactEntry,
  Language,
  RegistrationSettings,
  StatisticsConfig,
} from '@lobby/contracts';
import { formatPlatformIdList } from '@lobby/contracts';
import type { NewBrandRow } from './brand.repository.ts';

/**
 * The 19 demo brands seeded on an empty database. Codes and names are invented and neutral;
 * operators replace them with their own. Most brands are zh-CN, `yuelan` is zh-TW and `lumen`
 * is en. Every brand answers `<code>.lobby.test`, `www.<code>.lobby.test` and `m.<code>.lobby.test`.
 */
export type DemoBrand = { row: NewBrandRow; hosts: string[] };

type Palette = Pick<BrandTheme, 'primary' | 'onPrimary' | 'accent'> & { mode?: 'dark' | 'light' };

type Spec = {
  code: string;
  siteName: string;
  tagline: string;
  language?: Language;
  palette: Palette;
  /** Yen sign, or null for the currency icon. */
  currencySymbol: string | null;
  avatar: number;
  coin: number;
  statistics: 'config-51la' | 'config-cnzz' | 'api';
};

const SPECS: Spec[] = [
  {
    code: 'jinsheng',
    siteName: '金盛娱乐',
    tagline: '真人 · 体育 · 电子 一站畅玩',
    palette: { primary: '#d4a94f', onPrimary: '#1a1206', accent: '#f2d27a' },
    currencySymbol: '¥',
    avatar: 1,
    coin: 1,
    statistics: 'config-51la',
  },
  {
    code: 'longteng',
    siteName: '龙腾国际',
    tagline: '龙腾四海 精彩无限',
    palette: { primary: '#e0443e', onPrimary: '#ffffff', accent: '#ffb347' },
    currencySymbol: null,
    avatar: 2,
    coin: 2,
    statistics: 'config-cnzz',
  },
  {
    code: 'tianyu',
    siteName: '天宇娱乐',
    tagline: '天高任你游',
    palette: { primary: '#3b82f6', onPrimary: '#ffffff', accent: '#22d3ee' },
    currencySymbol: '¥',
    avatar: 3,
    coin: 1,
    statistics: 'config-51la',
  },
  {
    code: 'xinghe',
    siteName: '星河娱乐',
    tagline: '星河璀璨 好运相伴',
    palette: { primary: '#8b5cf6', onPrimary: '#ffffff', accent: '#f472b6' },
    currencySymbol: null,
    avatar: 4,
    coin: 3,
    statistics: 'api',
  },
  {
    code: 'fuyun',
    siteName: '福运来',
    tagline: '福气满满 运势亨通',
    palette: { primary: '#f59e0b', onPrimary: '#1f1300', accent: '#ef4444' },
    currencySymbol: '¥',
    avatar: 5,
    coin: 1,
    statistics: 'config-cnzz',
  },
  {
    code: 'haoyun',
    siteName: '好运国际',
    tagline: '好运每一天',
    palette: { primary: '#10b981', onPrimary: '#04140d', accent: '#a3e635' },
    currencySymbol: null,
    avatar: 6,
    coin: 2,
    statistics: 'config-51la',
  },
  {
    code: 'jinding',
    siteName: '金鼎娱乐',
    tagline: '鼎力打造 品质娱乐',
    palette: { primary: '#c8a046', onPrimary: '#16110a', accent: '#e7c873' },
    currencySymbol: '¥',
    avatar: 1,
    coin: 3,
    statistics: 'config-cnzz',
  },
  {
    code: 'yinhe',
    siteName: '银河之星',
    tagline: '闪耀银河 乐享不停',
    palette: { primary: '#94a3b8', onPrimary: '#0b1120', accent: '#38bdf8' },
    currencySymbol: null,
    avatar: 2,
    coin: 2,
    statistics: 'api',
  },
  {
    code: 'hongyun',
    siteName: '鸿运当头',
    tagline: '鸿运高照 赢在当下',
    palette: { primary: '#dc2626', onPrimary: '#ffffff', accent: '#fbbf24' },
    currencySymbol: '¥',
    avatar: 3,
    coin: 1,
    statistics: 'config-51la',
  },
  {
    code: 'qianjin',
    siteName: '千金娱乐',
    tagline: '一诺千金 信誉之选',
    palette: { primary: '#eab308', onPrimary: '#1a1400', accent: '#fde047' },
    currencySymbol: null,
    avatar: 4,
    coin: 3,
    statistics: 'config-cnzz',
  },
  {
    code: 'wanxiang',
    siteName: '万象城',
    tagline: '万象更新 乐趣无穷',
    palette: { primary: '#06b6d4', onPrimary: '#031418', accent: '#818cf8' },
    currencySymbol: '¥',
    avatar: 5,
    coin: 2,
    statistics: 'config-51la',
  },
  {
    code: 'ruyi',
    siteName: '如意娱乐',
    tagline: '万事如意 心想事成',
    palette: { primary: '#ec4899', onPrimary: '#ffffff', accent: '#f9a8d4' },
    currencySymbol: null,
    avatar: 6,
    coin: 1,
    statistics: 'api',
  },
  {
    code: 'shengshi',
    siteName: '盛世娱乐',
    tagline: '盛世繁华 与你同享',
    palette: { primary: '#b45309', onPrimary: '#ffffff', accent: '#f59e0b' },
    currencySymbol: '¥',
    avatar: 1,
    coin: 2,
    statistics: 'config-cnzz',
  },
  {
    code: 'jiuzhou',
    siteName: '九州娱乐',
    tagline: '纵横九州 畅享精彩',
    palette: { primary: '#2563eb', onPrimary: '#ffffff', accent: '#facc15' },
    currencySymbol: null,
    avatar: 2,
    coin: 3,
    statistics: 'config-51la',
  },
  {
    code: 'huanyu',
    siteName: '环宇国际',
    tagline: '环宇同乐 精彩纷呈',
    palette: { primary: '#14b8a6', onPrimary: '#03130f', accent: '#5eead4' },
    currencySymbol: '¥',
    avatar: 3,
    coin: 1,
    statistics: 'config-cnzz',
  },
  {
    code: 'zhizun',
    siteName: '至尊娱乐',
    tagline: '至尊体验 非凡享受',
    palette: { primary: '#a855f7', onPrimary: '#ffffff', accent: '#fcd34d' },
    currencySymbol: null,
    avatar: 4,
    coin: 2,
    statistics: 'config-51la',
  },
  {
    code: 'taihe',
    siteName: '太和娱乐',
    tagline: '和气生财 乐在其中',
    palette: { primary: '#16a34a', onPrimary: '#ffffff', accent: '#fbbf24' },
    currencySymbol: '¥',
    avatar: 5,
    coin: 3,
    statistics: 'api',
  },
  {
    code: 'yuelan',
    siteName: '悅瀾娛樂',
    tagline: '悅享精彩 瀾動人心',
    language: 'zh-TW',
    palette: { primary: '#0ea5e9', onPrimary: '#ffffff', accent: '#f0abfc' },
    currencySymbol: null,
    avatar: 6,
    coin: 1,
    statistics: 'config-51la',
  },
  {
    code: 'lumen',
    siteName: 'Lumen Play',
    tagline: 'Live casino, sports and slots in one place',
    language: 'en',
    palette: { primary: '#f97316', onPrimary: '#ffffff', accent: '#facc15', mode: 'light' },
    currencySymbol: null,
    avatar: 1,
    coin: 2,
    statistics: 'config-cnzz',
  },
];

/** About 42 platform ids for the default brand, in its display order. */
const DEFAULT_PLATFORM_IDS = [
  2, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 1, 3, 10, 26, 27,
  28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
];

const DARK = { background: '#0d1016', surface: '#171c26', text: '#f3f4f6', mutedText: '#9ca3af' };
const LIGHT = { background: '#f6f7fb', surface: '#ffffff', text: '#111827', mutedText: '#6b7280' };

function theme(palette: Palette): BrandTheme {
  const mode = palette.mode ?? 'dark';
  return {
    mode,
    primary: palette.primary,
    onPrimary: palette.onPrimary,
    accent: palette.accent,
    ...(mode === 'dark' ? DARK : LIGHT),
  };
}

/** A stable pseudo-random subset of the default ids for the other brands, so each differs. */
function platformIdsFor(index: number): number[] {
  if (index === 0) return DEFAULT_PLATFORM_IDS;
  const ids = DEFAULT_PLATFORM_IDS.filter((id) => (id * 7 + index * 3) % 5 !== 0);
  const shift = index % ids.length;
  return [...ids.slice(shift), ...ids.slice(0, shift)];
}

function statistics(spec: Spec, index: number): StatisticsConfig {
  const siteKey = `demo${String(index + 1).padStart(2, '0')}`;
  const fiftyOneLa = {
    kind: '51la' as const,
    url: `https://sdk.51.la/js-sdk-pro.min.js?id=${siteKey}la`,
    platform_ck: `${siteKey}ck`,
  };
  const cnzz = {
    kind: 'cnzz' as const,
    url: `https://s9.cnzz.com/z_stat.php?id=10000${index + 1}&web_id=10000${index + 1}`,
    platform_ck: `10000${index + 1}`,
  };
  const primaryHost = `${spec.code}.lobby.test`;
  return {
    appKey: `lobby-${spec.code}`,
    name: spec.siteName,
    source: spec.statistics === 'api' ? 'api' : 'config',
    byHost:
      spec.statistics === 'config-cnzz'
        ? { [primaryHost]: [cnzz], [`m.${primaryHost}`]: [cnzz] }
        : { [primaryHost]: [fiftyOneLa], [`www.${primaryHost}`]: [fiftyOneLa] },
    default: spec.statistics === 'config-cnzz' ? [cnzz] : [fiftyOneLa],
  };
}

function contacts(spec: Spec): ContactEntry[] {
  const english = spec.language === 'en';
  const traditional = spec.language === 'zh-TW';
  return [
    {
      deviceText: english ? 'Live chat' : traditional ? '在線客服' : '在线客服',
      deviceNum: `@${spec.code}_service`,
      imageUrl: '/images/contact/chat.svg',
      action: 2,
    },
    {
      deviceText: english ? 'E-mail' : traditional ? '客服郵箱' : '客服邮箱',
      deviceNum: `service@${spec.code}.example`,
      imageUrl: '/images/contact/mail.svg',
      action: 1,
    },
  ];
}

/** Registration asks for different things per brand, as operators configure it. */
function registration(index: number): RegistrationSettings {
  if (index % 4 === 1)
    return {
      phone: 'required',
      email: 'off',
      inviteCode: 'optional',
      realName: 'off',
      captcha: true,
    };
  if (index % 4 === 2)
    return {
      phone: 'optional',
      email: 'optional',
      inviteCode: 'required',
      realName: 'optional',
      captcha: true,
    };
  if (index % 4 === 3)
    return {
      phone: 'off',
      email: 'required',
      inviteCode: 'optional',
      realName: 'required',
      captcha: true,
    };
  return {
    phone: 'optional',
    email: 'optional',
    inviteCode: 'optional',
    realName: 'off',
    captcha: true,
  };
}

function settings(spec: Spec, index: number): BrandPublicSettings {
  return {
    maxRebateRatePercent: spec.code === 'jinsheng' ? 1.8 : 1.5,
    sessionIdleMinutes: 30,
    loginLockAttempts: 3,
    loginLockWindowMinutes: 30,
    mobileSite: true,
    registration: registration(index),
    withdrawPasswordEnabled: true,
    timeZone: 'Asia/Shanghai',
    appDownload: {
      ios: `https://${spec.code}.lobby.test/download#ios`,
      android: `https://${spec.code}.lobby.test/download#android`,
    },
  };
}

export const DEFAULT_BRAND_CODE = 'jinsheng';

export const DEMO_BRANDS: DemoBrand[] = SPECS.map((spec, index) => ({
  row: {
    code: spec.code,
    siteName: spec.siteName,
    tagline: spec.tagline,
    language: spec.language ?? 'zh-CN',
    isDefault: spec.code === DEFAULT_BRAND_CODE,
    enabled: true,
    theme: theme(spec.palette),
    platformIds: formatPlatformIdList(platformIdsFor(index)),
    avatarUrl: `/images/avatars/avatar-${spec.avatar}.svg`,
    currencyIconUrl: `/images/currency/coin-${spec.coin}.svg`,
    currencyCode: 'CNY',
    currencySymbol: spec.currencySymbol,
    statistics: statistics(spec, index),
    contacts: contacts(spec),
    settings: settings(spec, index),
    assetVersion: '1',
  },
  hosts: [`${spec.code}.lobby.test`, `www.${spec.code}.lobby.test`, `m.${spec.code}.lobby.test`],
}));
