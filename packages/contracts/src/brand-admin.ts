import { z } from 'zod';
import { multiline } from './text.ts';
import { brandCodeSchema, contactEntrySchema } from './brand.ts';

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
 * knows, each once. Every node serves the new list at once; the change is action logged.
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
