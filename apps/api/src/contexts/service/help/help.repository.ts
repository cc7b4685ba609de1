import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { helpPages } from './help.schema.ts';
import { brandCodeOf } from '../../../db/brand-of.ts';

export type HelpPageRow = typeof helpPages.$inferSelect;
export type NewHelpPageRow = typeof helpPages.$inferInsert;
export type HelpPageChange = Partial<
  Pick<HelpPageRow, 'language' | 'category' | 'title' | 'markdown' | 'sort' | 'published'>
>;

/** Any advisory-lock key distinct from the others of the app (brand seeding, migrations). */
const HELP_SEED_LOCK_KEY = 7_311_040_006n;

const pageOrder = [asc(helpPages.sort), asc(helpPages.id)];

/** Published pages of a brand in one language, ascending by sort. */
export async function listPublishedPages(
  executor: Executor,
  brandCode: string,
  language: string,
): Promise<HelpPageRow[]> {
  return executor
    .select()
    .from(helpPages)
    .where(
      and(
        eq(helpPages.brandCode, brandCode),
        eq(helpPages.language, language),
        eq(helpPages.published, true),
      ),
    )
    .orderBy(...pageOrder);
}

export async function findPublishedPage(
  executor: Executor,
  brandCode: string,
  id: bigint,
): Promise<HelpPageRow | undefined> {
  const rows = await executor
    .select()
    .from(helpPages)
    .where(
      and(eq(helpPages.id, id), eq(helpPages.brandCode, brandCode), eq(helpPages.published, true)),
    );
  return rows[0];
}

/** The first published page of a category in one language. */
export async function findFirstPublishedInCategory(
  executor: Executor,
  brandCode: string,
  language: string,
  category: string,
): Promise<HelpPageRow | undefined> {
  const rows = await executor
    .select()
    .from(helpPages)
    .where(
      and(
        eq(helpPages.brandCode, brandCode),
        eq(helpPages.language, language),
        eq(helpPages.category, category),
        eq(helpPages.published, true),
      ),
    )
    .orderBy(...pageOrder)
    .limit(1);
  return rows[0];
}

/** Every page of a brand, published or not, for operators. */
export async function listBrandPages(
  executor: Executor,
  brandCode: string,
  language: string | undefined,
): Promise<HelpPageRow[]> {
  return executor
    .select()
    .from(helpPages)
    .where(
      and(
        eq(helpPages.brandCode, brandCode),
        language === undefined ? undefined : eq(helpPages.language, language),
      ),
    )
    .orderBy(asc(helpPages.language), asc(helpPages.category), ...pageOrder);
}

export async function findPage(executor: Executor, id: bigint): Promise<HelpPageRow | undefined> {
  const rows = await executor.select().from(helpPages).where(eq(helpPages.id, id));
  return rows[0];
}

export async function insertPage(executor: Executor, page: NewHelpPageRow): Promise<HelpPageRow> {
  const rows = await executor.insert(helpPages).values(page).returning();
  const row = rows[0];
  if (!row) throw new Error('help page insert returned no row');
  return row;
}

export async function updatePage(
  executor: Executor,
  id: bigint,
  change: HelpPageChange,
  updatedBy: string,
): Promise<HelpPageRow | undefined> {
  const rows = await executor
    .update(helpPages)
    .set({ ...change, updatedBy, updatedAt: sql`now()` })
    .where(eq(helpPages.id, id))
    .returning();
  return rows[0];
}

/** Serialises seeding across nodes that start at once (held until the transaction ends). */
export async function lockHelpSeeding(executor: Executor): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(${HELP_SEED_LOCK_KEY.toString()}::bigint)`,
  );
}

export async function countBrandPages(executor: Executor, brandCode: string): Promise<number> {
  const rows = await executor
    .select({ pages: count() })
    .from(helpPages)
    .where(eq(helpPages.brandCode, brandCode));
  return rows[0]?.pages ?? 0;
}

/** The brand of helpPages row `id`, or null when there is none (the operator guard's rule). */
export function helpPageBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, helpPages, helpPages.brandCode, helpPages.id, id);
}
