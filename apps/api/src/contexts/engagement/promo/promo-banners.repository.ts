import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { promoBanners } from './promo.schema.ts';

/** Home banners and popup notices. */

export type BannerRow = typeof promoBanners.$inferSelect;
export type NewBannerRow = typeof promoBanners.$inferInsert;

export async function liveBanners(
  executor: Executor,
  brandCode: string,
  now: Date,
): Promise<BannerRow[]> {
  const at = now.toISOString();
  return executor
    .select()
    .from(promoBanners)
    .where(
      and(
        eq(promoBanners.brandCode, brandCode),
        eq(promoBanners.active, true),
        or(isNull(promoBanners.startsAt), sql`${promoBanners.startsAt} <= ${at}`),
        or(isNull(promoBanners.endsAt), sql`${promoBanners.endsAt} > ${at}`),
      ),
    )
    .orderBy(asc(promoBanners.sort), asc(promoBanners.id));
}

export async function listBanners(executor: Executor, brandCode: string): Promise<BannerRow[]> {
  return executor
    .select()
    .from(promoBanners)
    .where(eq(promoBanners.brandCode, brandCode))
    .orderBy(asc(promoBanners.placement), asc(promoBanners.sort), asc(promoBanners.id));
}

export async function insertBanner(executor: Executor, row: NewBannerRow): Promise<BannerRow> {
  const rows = await executor.insert(promoBanners).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('banner insert returned nothing');
  return inserted;
}

export async function findBanner(executor: Executor, id: bigint): Promise<BannerRow | undefined> {
  const rows = await executor.select().from(promoBanners).where(eq(promoBanners.id, id));
  return rows[0];
}

export async function updateBanner(
  executor: Executor,
  id: bigint,
  change: Partial<Omit<NewBannerRow, 'id' | 'brandCode'>>,
): Promise<BannerRow | undefined> {
  const rows = await executor
    .update(promoBanners)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(promoBanners.id, id))
    .returning();
  return rows[0];
}

export async function deleteBanner(executor: Executor, id: bigint): Promise<boolean> {
  const rows = await executor
    .delete(promoBanners)
    .where(eq(promoBanners.id, id))
    .returning({ id: promoBanners.id });
  return rows.length > 0;
}
