import { z } from 'zod';
import { languageSchema } from './languages.ts';
import { SITE_CONFIG_PATH, SITE_STATISTICS_PATH } from './site.ts';
import { DEFAULT_REGISTRATION_SETTINGS, registrationSettingsSchema } from './member.ts';

/** A brand is data, not a build (DESIGN.md section 6). */

export const brandCodeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{1,15}$/, 'brand code: lower-case letters and digits, 2 to 16');

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour as #rrggbb');

export const brandThemeSchema = z.object({
  mode: z.enum(['dark', 'light']),
  /** Main brand colour: buttons, active tabs, highlights. */
  primary: colorSchema,
  /** Text on the primary colour. */
  onPrimary: colorSchema,
  /** Second colour for gradients and badges. */
  accent: colorSchema,
  background: colorSchema,
  surface: colorSchema,
  text: colorSchema,
  mutedText: colorSchema,
});
export type BrandTheme = z.infer<typeof brandThemeSchema>;

export const statisticsKindSchema = z.enum(['51la', 'cnzz']);
export type StatisticsKind = z.infer<typeof statisticsKindSchema>;

/** One statistics script: its address and the provider's site key (`ck`). */
export const statisticsScriptSchema = z.object({
  kind: statisticsKindSchema,
  url: z.url(),
  platform_ck: z.string().max(64),
});
export type StatisticsScript = z.infer<typeof statisticsScriptSchema>;

export const statisticsConfigSchema = z.object({
  /** Analytics queue key and name (SPEC.md section 3: statistics config per brand). */
  appKey: z.string().max(64),
  name: z.string().max(64),
  /** Where the script list comes from: the lists here, or the API's list matched by host. */
  source: z.enum(['config', 'api']),
  /** Scripts per host name; a host without an entry uses `default`. */
  byHost: z.record(z.string(), z.array(statisticsScriptSchema)),
  default: z.array(statisticsScriptSchema),
});
export type StatisticsConfig = z.infer<typeof statisticsConfigSchema>;

/** Entry of the API-provided statistics list: `url` is matched against the page's host. */
export const statisticsEntrySchema = z.object({
  url: z.string(),
  platform_ck: z.string(),
  kind: statisticsKindSchema,
  script: z.url(),
});
export type StatisticsEntry = z.infer<typeof statisticsEntrySchema>;

export const contactEntrySchema = z.object({
  deviceText: z.string().max(64),
  deviceNum: z.string().max(128),
  imageUrl: z.string().max(512),
  /** CONTACT_ACTIONS: 1 copy the number, 2 open it in a new window. */
  action: z.union([z.literal(1), z.literal(2)]),
});
export type ContactEntry = z.infer<typeof contactEntrySchema>;

/** The business time zone of a brand that names none. */
export const DEFAULT_BRAND_TIME_ZONE = 'Asia/Shanghai';

/** True when the runtime knows `name` as a time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Settings of a brand that the browser may see. Later issues add theirs here. */
export const brandPublicSettingsSchema = z.object({
  /** Highest rebate rate a member can reach, in percent (SPEC.md section 1). */
  maxRebateRatePercent: z.number().min(0).max(100),
  /** Minutes of inactivity before a member session ends. */
  sessionIdleMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  /** Failed logins allowed in the window before the account locks (GLI-19). */
  loginLockAttempts: z.number().int().min(1).max(20),
  loginLockWindowMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** Whether the site sends mobile browsers on /home to /app/home. */
  mobileSite: z.boolean(),
  /** What registration asks for, and whether login and register show a captcha. */
  registration: registrationSettingsSchema.default(DEFAULT_REGISTRATION_SETTINGS),
  /** Whether members set a withdrawal password before adding payout accounts or withdrawing. */
  withdrawPasswordEnabled: z.boolean().default(true),
  /** Cashier rules; amounts in minor units of the brand's currency. */
  wallet: z
    .object({
      /** Turnover a deposit adds to the withdrawal condition, in percent of it (100 = 1x). */
      turnoverMultiplierPercent: z.number().int().min(0).max(10_000),
      withdrawMinMinor: z.number().int().min(1),
      withdrawMaxMinor: z.number().int().min(1),
      withdrawDailyCount: z.number().int().min(1).max(100),
      maxBankCards: z.number().int().min(0).max(20),
      maxAlipayAccounts: z.number().int().min(0).max(20),
      maxCoinAddresses: z.number().int().min(0).max(20),
    })
    .default({
      turnoverMultiplierPercent: 100,
      withdrawMinMinor: 10_000,
      withdrawMaxMinor: 5_000_000,
      withdrawDailyCount: 5,
      maxBankCards: 5,
      maxAlipayAccounts: 2,
      maxCoinAddresses: 3,
    }),
  /** App download addresses, when the brand has apps. */
  appDownload: z.object({ ios: z.string().max(512), android: z.string().max(512) }),
  /**
   * The brand's business time zone (IANA name): its days for record filters, and the zone every
   * time is shown in. Brands stored before it existed are in Asia/Shanghai.
   */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'an IANA time zone name such as Asia/Shanghai')
    .default(DEFAULT_BRAND_TIME_ZONE),
});
/** Settings as stored; fields added later have defaults, so older rows still read. */
export type BrandPublicSettings = z.input<typeof brandPublicSettingsSchema>;

/** What the browser receives about its brand: inlined into index.html and served by the API. */
export const brandPublicConfigSchema = z.object({
  code: brandCodeSchema,
  siteName: z.string().min(1).max(64),
  tagline: z.string().max(128),
  language: languageSchema,
  theme: brandThemeSchema,
  /** Enabled game-platform ids, in the brand's order. */
  platformIds: z.array(z.number().int().positive()),
  avatarUrl: z.string(),
  currencyIconUrl: z.string(),
  currencyCode: z.string().length(3),
  /** A yen sign for some brands; null means show the currency icon instead. */
  currencySymbol: z.string().max(4).nullable(),
  statistics: statisticsConfigSchema,
  contacts: z.array(contactEntrySchema),
  settings: brandPublicSettingsSchema,
  /** Asset version appended to image paths for cache busting. */
  assetVersion: z.string().max(32),
});
export type BrandPublicConfig = z.infer<typeof brandPublicConfigSchema>;

/** GET /api/f/v1/site/config: the resolved brand's public config. */
export const siteConfigEndpoint = {
  method: 'GET',
  path: SITE_CONFIG_PATH,
  response: brandPublicConfigSchema,
} as const;

/** GET /api/f/v1/site/statistics: the API-provided statistics list of the brand. */
export const siteStatisticsEndpoint = {
  method: 'GET',
  path: SITE_STATISTICS_PATH,
  response: z.array(statisticsEntrySchema),
} as const;
