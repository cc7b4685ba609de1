import { z } from 'zod';
import { multiline } from './text.ts';
import { brandCodeSchema, contactEntrySchema } from './brand.ts';
import { LANGUAGES } from './languages.ts';

// Its own enum rather than languages.ts's languageSchema: sharing that one with a lazy screen
// makes the bundler split languages.ts with zod into the first load of /home.
const languageSchema = z.enum(LANGUAGES);

/**
 * Help centre, contact entries (engagement and service issue). Help pages are written by
 * operators in Markdown per brand and language; members receive them rendered to safe HTML by
 * the server. A page belongs to a category, a short key such as `deposit`: the site's links
 * name a category (`/help/deposit`, its first page) or one page by its id (`/help/12`).
 */

/** A category key: lower-case letters, digits and hyphens (`responsible-gaming`). */
export const helpCategorySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'category: lower-case letters, digits and hyphens, 1 to 40');

/** A page id: digits (bigint ids travel as text). */
const helpPageIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'id: a page number');

export const helpPageLinkSchema = z.object({
  id: z.string(),
  title: z.string(),
});
export type HelpPageLink = z.infer<typeof helpPageLinkSchema>;

export const helpCategorySummarySchema = z.object({
  category: z.string(),
  /** Published pages of the category, ascending by sort. */
  pages: z.array(helpPageLinkSchema),
});
export type HelpCategorySummary = z.infer<typeof helpCategorySummarySchema>;

/**
 * GET /api/findmed/v1/help/list: the help navigation of the brand in the request's language
 * (the brand's own language when it has no pages in that one), categories in the order of
 * their first page.
 */
export const helpListEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/help/list',
  response: z.object({ categories: z.array(helpCategorySummarySchema) }),
} as const;

export const helpPageSchema = z.object({
  id: z.string(),
  category: z.string(),
  title: z.string(),
  /** The Markdown rendered by the server: no raw HTML, scripts or unsafe links survive. */
  html: z.string(),
  updatedAt: z.string(),
});
export type HelpPage = z.infer<typeof helpPageSchema>;

/**
 * GET /api/findmed/v1/md (the spec's call): one published help page rendered to HTML, named
 * by `id`, or by `category` (its first page in the request's language, else the brand's).
 * Exactly one of the two.
 */
export const helpPageEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/md',
  query: z
    .object({
      id: helpPageIdSchema.optional(),
      category: helpCategorySchema.optional(),
    })
    .refine((query) => (query.id === undefined) !== (query.category === undefined), {
      message: 'give either id or category',
      path: ['id'],
    }),
  response: helpPageSchema,
} as const;

/**
 * GET /api/findmed/v1/member/reg/contact: the brand's contact entries (SPEC.md section 3),
 * each with its action: CONTACT_ACTIONS.COPY copies deviceNum, OPEN_NEW opens it.
 */
export const contactListEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/reg/contact',
  response: z.array(contactEntrySchema),
} as const;

/** Operator calls (JSON, bearer token): write, publish and unpublish help pages. */

export const adminHelpPageSchema = z.object({
  id: z.string(),
  brand: z.string(),
  language: languageSchema,
  category: z.string(),
  title: z.string(),
  markdown: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminHelpPage = z.infer<typeof adminHelpPageSchema>;

const titleSchema = z.string().trim().min(1).max(120);
const markdownSchema = multiline(z.string().max(50_000));
const sortSchema = z.number().int().min(-1_000_000).max(1_000_000);
const reasonSchema = multiline(z.string().trim().max(200)).optional();

export const adminHelpPagesEndpoint = {
  method: 'GET',
  path: '/admin/api/help/pages',
  query: z.object({
    brand: brandCodeSchema,
    language: languageSchema.optional(),
  }),
  /** Published and unpublished pages, by language, category and sort. */
  response: z.array(adminHelpPageSchema),
} as const;

/** One page, published or not, with its Markdown: what the console's editor opens. */
export const adminHelpPageEndpoint = {
  method: 'GET',
  path: '/admin/api/help/pages/:id',
  params: z.object({ id: helpPageIdSchema }),
  response: adminHelpPageSchema,
} as const;

export const adminCreateHelpPageEndpoint = {
  method: 'POST',
  path: '/admin/api/help/pages',
  body: z.object({
    brand: brandCodeSchema,
    language: languageSchema,
    category: helpCategorySchema,
    title: titleSchema,
    markdown: markdownSchema,
    sort: sortSchema.default(0),
    published: z.boolean().default(true),
    reason: reasonSchema,
  }),
  response: adminHelpPageSchema,
} as const;

/** Changes the given fields; `published: false` unpublishes the page (members stop seeing it). */
export const adminUpdateHelpPageEndpoint = {
  method: 'PUT',
  path: '/admin/api/help/pages/:id',
  params: z.object({ id: helpPageIdSchema }),
  body: z.object({
    language: languageSchema.optional(),
    category: helpCategorySchema.optional(),
    title: titleSchema.optional(),
    markdown: markdownSchema.optional(),
    sort: sortSchema.optional(),
    published: z.boolean().optional(),
    reason: reasonSchema,
  }),
  response: adminHelpPageSchema,
} as const;

/**
 * Renders Markdown as the member site's help pages are rendered (the same renderer and the same
 * safety rules), for the console's editor preview. Nothing is stored.
 */
export const adminHelpPreviewEndpoint = {
  method: 'POST',
  path: '/admin/api/help/preview',
  body: z.object({
    /** The brand whose page is being written: the operator must act in it. */
    brand: brandCodeSchema,
    markdown: markdownSchema,
  }),
  /** The HTML the member site would show for this Markdown. */
  response: z.object({ html: z.string() }),
} as const;
