import type {
  AdminHelpPage,
  ContactEntry,
  HelpCategorySummary,
  HelpPage,
  Language,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import type { Brand, BrandRegistry } from '../../platform/brand/index.ts';
import {
  changes,
  omit,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import { HELP_ERRORS } from './help.errors.ts';
import {
  findFirstPublishedInCategory,
  findPage,
  findPublishedPage,
  helpPageBrand,
  type HelpPageChange,
  type HelpPageRow,
  insertPage,
  listBrandPages,
  listPublishedPages,
  updatePage,
} from './help.repository.ts';
import { renderMarkdown } from '../../platform/markdown/index.ts';

type ActionContext = { ip: string; reason?: string | undefined };

/**
 * The help centre and the brand's contact entries. Members read published pages in their
 * language, falling back to the brand's own language when a page was not written in theirs;
 * operators write pages, and every change is in the action log.
 */
export class HelpService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #operators: OperatorService;

  constructor(options: { db: Database; brands: BrandRegistry; operators: OperatorService }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#operators = options.operators;
  }

  /** The brand of a help page, or null when there is none: the operator guard's brand rule. */
  pageBrand(id: string): Promise<string | null> {
    return helpPageBrand(this.#db, BigInt(id));
  }

  /** The help navigation: published pages grouped by category, in the order of first pages. */
  async list(brand: Brand, language: Language): Promise<HelpCategorySummary[]> {
    let rows = await listPublishedPages(this.#db, brand.config.code, language);
    if (rows.length === 0 && language !== brand.config.language) {
      rows = await listPublishedPages(this.#db, brand.config.code, brand.config.language);
    }
    const categories = new Map<string, HelpCategorySummary>();
    for (const row of rows) {
      let summary = categories.get(row.category);
      if (!summary) {
        summary = { category: row.category, pages: [] };
        categories.set(row.category, summary);
      }
      summary.pages.push({ id: row.id.toString(), title: row.title });
    }
    return [...categories.values()];
  }

  /** One published page, by id or by category, rendered to safe HTML. */
  async page(
    brand: Brand,
    language: Language,
    query: { id?: string | undefined; category?: string | undefined },
  ): Promise<HelpPage> {
    const code = brand.config.code;
    let row: HelpPageRow | undefined;
    if (query.id !== undefined) {
      row = await findPublishedPage(this.#db, code, BigInt(query.id));
    } else if (query.category !== undefined) {
      row =
        (await findFirstPublishedInCategory(this.#db, code, language, query.category)) ??
        (await findFirstPublishedInCategory(this.#db, code, brand.config.language, query.category));
    }
    if (!row) throw appError(HELP_ERRORS, 'help_page_not_found');
    return {
      id: row.id.toString(),
      category: row.category,
      title: row.title,
      html: renderMarkdown(row.markdown),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The brand's contact entries, as its configuration holds them. */
  contacts(brand: Brand): ContactEntry[] {
    return brand.config.contacts;
  }

  /**
   * The console's editor preview: the Markdown rendered exactly as `page` renders it for the
   * member site (same renderer, same safety rules). Nothing is stored or logged.
   */
  preview(brandCode: string, markdown: string): { html: string } {
    if (!this.#brands.get(brandCode)) throw commonError('unknown_site');
    return { html: renderMarkdown(markdown) };
  }

  async operatorList(brandCode: string, language: Language | undefined): Promise<AdminHelpPage[]> {
    if (!this.#brands.get(brandCode)) throw commonError('unknown_site');
    return (await listBrandPages(this.#db, brandCode, language)).map(adminView);
  }

  /** One page of any state, for the console's editor. */
  async operatorPage(id: string): Promise<AdminHelpPage> {
    const row = await findPage(this.#db, BigInt(id));
    if (!row) throw appError(HELP_ERRORS, 'help_page_not_found');
    return adminView(row);
  }

  async create(
    operator: OperatorIdentity,
    page: {
      brand: string;
      language: Language;
      category: string;
      title: string;
      markdown: string;
      sort: number;
      published: boolean;
    },
    context: ActionContext,
  ): Promise<AdminHelpPage> {
    if (!this.#brands.get(page.brand)) throw commonError('unknown_site');
    const row = await this.#db.transaction(async (transaction) => {
      const inserted = await insertPage(transaction, {
        brandCode: page.brand,
        language: page.language,
        category: page.category,
        title: page.title,
        markdown: page.markdown,
        sort: page.sort,
        published: page.published,
        updatedBy: operator.username,
      });
      await this.#operators.record(transaction, operator, {
        action: 'help_page_create',
        brandCode: inserted.brandCode,
        targetType: 'help_page',
        targetId: inserted.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          language: inserted.language,
          category: inserted.category,
          title: inserted.title,
          published: inserted.published,
          before: null,
          after: omit(adminView(inserted), ['id', 'updatedAt', 'updatedBy']),
        },
        ip: context.ip,
      });
      return inserted;
    });
    return adminView(row);
  }

  /** Changes the given fields; `published: false` unpublishes the page. */
  async update(
    operator: OperatorIdentity,
    id: string,
    change: HelpPageChange,
    context: ActionContext,
  ): Promise<AdminHelpPage> {
    const pageId = BigInt(id);
    const changed = Object.keys(change).filter(
      (key) => change[key as keyof HelpPageChange] !== undefined,
    );
    const row = await this.#db.transaction(async (transaction) => {
      const before = await findPage(transaction, pageId);
      if (!before) throw appError(HELP_ERRORS, 'help_page_not_found');
      const after = await updatePage(transaction, pageId, change, operator.username);
      if (!after) throw appError(HELP_ERRORS, 'help_page_not_found');
      await this.#operators.record(transaction, operator, {
        action:
          change.published === false && before.published
            ? 'help_page_unpublish'
            : change.published === true && !before.published
              ? 'help_page_publish'
              : 'help_page_update',
        brandCode: after.brandCode,
        targetType: 'help_page',
        targetId: after.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          changed,
          title: after.title,
          published: after.published,
          ...changes(adminView(before), adminView(after), ['updatedAt', 'updatedBy']),
        },
        ip: context.ip,
      });
      return after;
    });
    return adminView(row);
  }
}

function adminView(row: HelpPageRow): AdminHelpPage {
  return {
    id: row.id.toString(),
    brand: row.brandCode,
    language: row.language as Language,
    category: row.category,
    title: row.title,
    markdown: row.markdown,
    sort: row.sort,
    published: row.published,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}
