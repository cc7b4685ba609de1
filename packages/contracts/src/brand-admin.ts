import { z } from 'zod';
import { multiline } from './text.ts';
import { languageSchema } from './languages.ts';
import {
  brandCodeSchema,
  brandPublicSettingsSchema,
  brandThemeSchema,
  contactEntrySchema,
  statisticsConfigSchema,
  statisticsScriptSchema,
} from './brand.ts';

/**
 * Operator calls on a brand's configuration (JSON, bearer token). Today: the contact-us entries
 * that the footer, the help centre and GET /api/findmed/v1/member/reg/contact show.
 */

/** The most contact entries a brand may list: the footer shows them all in one column. */
export const BRAND_CONTACTS_MAX = 10;

/**
 * An icon address the site may put in an `<img src>`: a path on the site itself or an https
 * address elsewhere; empty shows the default icon. Anything else (`javascript:`, `data:`,
 * protocol-relative `//host`) is refused so a mistyped or hostile value never reaches a page.
 */
const contactImageUrlSchema = z
  .string()
  .trim()
  .max(512)
  .regex(/^(?:$|\/(?!\/)\S*|https:\/\/\S+)$/, 'imageUrl: empty, a site path or an https address');

/** One entry as an operator writes it: the public shape, with text that is never blank. */
export const adminContactEntrySchema = contactEntrySchema.extend({
  deviceText: z.string().trim().min(1).max(64),
  deviceNum: z.string().trim().min(1).max(128),
  imageUrl: contactImageUrlSchema.default(''),
});

export const adminBrandContactsSchema = z.object({
  brand: z.string(),
  contacts: z.array(contactEntrySchema),
  /** The brand's revision after the last change (a decimal string: it is a bigint). */
  revision: z.string(),
  /** ISO 8601: when the brand last changed. */
  updatedAt: z.string(),
});
export type AdminBrandContacts = z.infer<typeof adminBrandContactsSchema>;

const brandParamsSchema = z.object({ code: brandCodeSchema });

/** The brand's contact entries as stored, whether the brand is enabled or not. */
export const adminBrandContactsEndpoint = {
  method: 'GET',
  path: '/admin/api/brands/:code/contacts',
  params: brandParamsSchema,
  response: adminBrandContactsSchema,
} as const;

/**
 * Replaces the brand's contact entries with the given list, in its order (an empty list hides
 * the contact section). Every node serves the new list at once; the change is action logged.
 */
export const adminSetBrandContactsEndpoint = {
  method: 'PUT',
  path: '/admin/api/brands/:code/contacts',
  params: brandParamsSchema,
  body: z.object({
    contacts: z
      .array(adminContactEntrySchema)
      .max(BRAND_CONTACTS_MAX)
      .refine(
        (entries) =>
          new Set(entries.map((entry) => `${entry.deviceText}\n${entry.deviceNum}`)).size ===
          entries.length,
        'contacts: the same label and number twice',
      ),
    /** Why, for the action log. */
    reason: multiline(z.string().trim().max(200)).optional(),
  }),
  response: adminBrandContactsSchema,
} as const;

/**
 * A brand's back-office policy, never shown to members: whether every operator of the brand
 * must log in with two factors (otherwise only roles that move money or change settings must).
 */
export const brandBackOfficeSchema = z.object({
  operatorTotpRequired: z.boolean().default(false),
  /**
   * Amounts (decimal strings in the brand's currency) above which an operator's action is a
   * request that a second operator approves (maker-checker): a balance adjustment (its size
   * either way), a turnover waiver (the turnover waived) and a withdrawal's payment.
   */
  secondApprovalAbove: z
    .object({
      adjustment: z.string().default('1000.00'),
      waiver: z.string().default('1000.00'),
      withdrawal: z.string().default('50000.00'),
    })
    .default({ adjustment: '1000.00', waiver: '1000.00', withdrawal: '50000.00' }),
});
export type BrandBackOffice = z.infer<typeof brandBackOfficeSchema>;

/**
 * Operator calls on a brand's settings (issue 16, part 7): the list, the settings form, its
 * versions and their restore, and a new brand copied from another. The compliance profile and
 * the contacts have their own calls above and in compliance.ts; the platform list its own.
 */

/** A logo or icon address: a path on the site itself or an https address (never empty). */
export const brandImageUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(512)
  .regex(/^(?:\/(?!\/)\S*|https:\/\/\S+)$/, 'a site path or an https address');

/** A statistics script as an operator writes it: https only (the site loads it as a script). */
const adminStatisticsScriptSchema = statisticsScriptSchema.extend({
  url: z
    .string()
    .trim()
    .max(512)
    .regex(/^https:\/\/[^\s/]+\S*$/, 'an https address'),
  platform_ck: z.string().trim().max(64),
});

/** A host name as a brand serves it: lower case, no port, no trailing dot. */
export const brandHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'a host name such as www.example.com',
  );

/** The most host names a brand is created with. */
export const BRAND_HOSTS_MAX = 10;

/**
 * A brand's settings as the console's form and PUT send them: the same schema validates both.
 * The time zone, registration and cashier rules are in `settings` (BrandPublicSettings).
 */
export const brandSettingsSchema = z
  .object({
    siteName: z.string().trim().min(1).max(64),
    tagline: z.string().trim().max(128),
    language: languageSchema,
    /** A disabled brand is not served: its hosts answer as the default brand's. */
    enabled: z.boolean(),
    theme: brandThemeSchema,
    /** The default member avatar (the brand's logo mark) and the currency icon. */
    avatarUrl: brandImageUrlSchema,
    currencyIconUrl: brandImageUrlSchema,
    /** ISO 4217 code of the members' money (the API refuses a code it does not know). */
    currencyCode: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 code such as CNY'),
    currencySymbol: z.string().trim().min(1).max(4).nullable(),
    statistics: statisticsConfigSchema.extend({
      appKey: z.string().trim().max(64),
      name: z.string().trim().max(64),
      byHost: z.record(brandHostSchema, z.array(adminStatisticsScriptSchema).max(10)),
      default: z.array(adminStatisticsScriptSchema).max(10),
    }),
    settings: brandPublicSettingsSchema,
  })
  .refine(
    (value) => value.settings.wallet.withdrawMinMinor <= value.settings.wallet.withdrawMaxMinor,
    { message: 'the smallest withdrawal is above the largest', path: ['settings', 'wallet'] },
  );
export type BrandSettings = z.infer<typeof brandSettingsSchema>;
export type BrandSettingsInput = z.input<typeof brandSettingsSchema>;

/** A brand as the console shows it: its settings as stored (read leniently), hosts, revision. */
export const adminBrandSettingsSchema = z.object({
  brand: z.string(),
  settings: z.object({
    siteName: z.string(),
    tagline: z.string(),
    language: z.string(),
    enabled: z.boolean(),
    theme: brandThemeSchema,
    avatarUrl: z.string(),
    currencyIconUrl: z.string(),
    currencyCode: z.string(),
    currencySymbol: z.string().nullable(),
    statistics: statisticsConfigSchema,
    settings: brandPublicSettingsSchema,
  }),
  hosts: z.array(z.string()),
  isDefault: z.boolean(),
  /** Enabled game-platform ids in order (edited on the platform list's own screen). */
  platformIds: z.array(z.number()),
  revision: z.string(),
  updatedAt: z.string(),
});
export type AdminBrandSettings = z.infer<typeof adminBrandSettingsSchema>;

export const adminBrandListItemSchema = z.object({
  code: z.string(),
  siteName: z.string(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  language: z.string(),
  currencyCode: z.string(),
  primary: z.string(),
  hosts: z.array(z.string()),
  revision: z.string(),
  updatedAt: z.string(),
});
export type AdminBrandListItem = z.infer<typeof adminBrandListItemSchema>;

/** The brands of the operator's scope, by code. */
export const adminBrandsEndpoint = {
  method: 'GET',
  path: '/admin/api/brands',
  response: z.object({ items: z.array(adminBrandListItemSchema) }),
} as const;

export const adminBrandSettingsEndpoint = {
  method: 'GET',
  path: '/admin/api/brands/:code/settings',
  params: brandParamsSchema,
  response: adminBrandSettingsSchema,
} as const;

const revisionSchema = z.string().regex(/^\d{1,18}$/, 'a revision number');

/**
 * Replaces a brand's settings. `revision` is the one the form was loaded at: a brand changed
 * since is refused (`brand_stale`) rather than overwritten. Versioned, action logged, served by
 * every node at once.
 */
export const adminSetBrandSettingsEndpoint = {
  method: 'PUT',
  path: '/admin/api/brands/:code/settings',
  params: brandParamsSchema,
  body: z.object({
    settings: brandSettingsSchema,
    revision: revisionSchema,
    reason: multiline(z.string().trim().max(200)).optional(),
  }),
  response: adminBrandSettingsSchema,
} as const;

/** A kept version: the row before the change with `revision + 1`, and who made that change. */
export const adminBrandVersionSchema = z.object({
  revision: z.string(),
  action: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  reason: z.string().nullable(),
  row: z.record(z.string(), z.unknown()),
});
export type AdminBrandVersion = z.infer<typeof adminBrandVersionSchema>;

/** The most versions the list returns (newest first). */
export const BRAND_VERSIONS_MAX = 100;

export const adminBrandVersionsEndpoint = {
  method: 'GET',
  path: '/admin/api/brands/:code/versions',
  params: brandParamsSchema,
  response: z.object({
    brand: z.string(),
    /** The row as it is now, to compare a version with. */
    current: z.record(z.string(), z.unknown()),
    versions: z.array(adminBrandVersionSchema),
  }),
} as const;

/**
 * Puts a kept version's row back (everything but the code, hosts and default flag): a change of
 * its own, versioned and action logged. A version whose compliance profile differs from the
 * current one needs `compliance.manage` too (`brand_restore_compliance`).
 */
export const adminRestoreBrandVersionEndpoint = {
  method: 'POST',
  path: '/admin/api/brands/:code/versions/:revision/restore',
  params: z.object({ code: brandCodeSchema, revision: revisionSchema }),
  body: z.object({ reason: multiline(z.string().trim().min(1).max(200)) }),
  response: adminBrandSettingsSchema,
} as const;

/**
 * A new brand copied from `from`: its settings, theme, platform list, compliance profile,
 * contacts and statistics, with its own code, name and hosts. For operators of every brand.
 * A code in use is `brand_code_taken`, a host another brand serves `brand_host_taken`.
 */
export const adminCreateBrandEndpoint = {
  method: 'POST',
  path: '/admin/api/brands',
  body: z.object({
    from: brandCodeSchema,
    code: brandCodeSchema,
    siteName: z.string().trim().min(1).max(64),
    hosts: z
      .array(brandHostSchema)
      .min(1)
      .max(BRAND_HOSTS_MAX)
      .refine((hosts) => new Set(hosts).size === hosts.length, 'the same host twice'),
    reason: multiline(z.string().trim().max(200)).optional(),
  }),
  response: adminBrandSettingsSchema,
} as const;

/** The most platforms a brand may offer (the catalog is far smaller). */
export const BRAND_PLATFORMS_MAX = 200;

export const adminBrandPlatformListSchema = z.object({
  brand: z.string(),
  /** The platforms the brand offers, in its order. */
  platformIds: z.array(z.number().int()),
  /** The brand's revision after the change (a decimal string: it is a bigint). */
  revision: z.string(),
});
export type AdminBrandPlatformList = z.infer<typeof adminBrandPlatformListSchema>;

/**
 * Replaces the platforms a brand offers and their order (its platform list): ids the catalog
 * knows, each once. Every node serves the new list at once; the change is versioned and action
 * logged.
 */
export const adminSetBrandPlatformsEndpoint = {
  method: 'PUT',
  path: '/admin/api/brands/:code/platforms',
  params: brandParamsSchema,
  body: z.object({
    platformIds: z
      .array(z.number().int().min(1).max(999_999))
      .max(BRAND_PLATFORMS_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'platformIds: the same platform twice'),
    /** Why, for the action log. */
    reason: multiline(z.string().trim().max(200)).optional(),
  }),
  response: adminBrandPlatformListSchema,
} as const;
