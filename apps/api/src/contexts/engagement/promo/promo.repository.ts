import { and, asc, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  giftExchanges,
  promoBanners,
  promotionClaims,
  promotionGifts,
  promotions,
} from './promo.schema.ts';
import { members } from '../../identity/member/index.ts';
import { brandCodeOf } from '../../../db/brand-of.ts';

/**
 * The promotions table and what every part of the module reads with it: the live promotions,
 * the budget charge, the seeding lock and the member's row lock. The sign-in days, claims,
 * gifts and exchanges, and banners have repositories of their own (promo-*.repository.ts).
 */

export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotionRow = typeof promotions.$inferInsert;
export type PromotionChange = Partial<Omit<NewPromotionRow, 'id' | 'brandCode' | 'kind'>>;

/** Any advisory-lock key distinct from the others of the app (help, brands, migrations). */
const PROMO_SEED_LOCK_KEY = 7_311_040_007n;

const promotionOrder = [asc(promotions.sort), desc(promotions.startsAt), asc(promotions.id)];

/** Active, started and not ended at `now`. */
function liveAt(now: Date) {
  return and(
    eq(promotions.status, 'active'),
    lte(promotions.startsAt, now),
    or(isNull(promotions.endsAt), sql`${promotions.endsAt} > ${now.toISOString()}`),
  );
}

// ---------------------------------------------------------------------------------------------
// Seeding

export async function lockPromoSeeding(executor: Executor): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(${PROMO_SEED_LOCK_KEY.toString()}::bigint)`,
  );
}

export async function countBrandPromotions(executor: Executor, brandCode: string): Promise<number> {
  const rows = await executor
    .select({ total: count() })
    .from(promotions)
    .where(eq(promotions.brandCode, brandCode));
  return Number(rows[0]?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Promotions

export async function insertPromotion(
  executor: Executor,
  row: NewPromotionRow,
): Promise<PromotionRow> {
  const rows = await executor.insert(promotions).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('promotion insert returned nothing');
  return inserted;
}

export async function updatePromotion(
  executor: Executor,
  id: bigint,
  change: PromotionChange,
): Promise<PromotionRow | undefined> {
  const rows = await executor
    .update(promotions)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(promotions.id, id))
    .returning();
  return rows[0];
}

export async function findPromotion(
  executor: Executor,
  id: bigint,
): Promise<PromotionRow | undefined> {
  const rows = await executor.select().from(promotions).where(eq(promotions.id, id));
  return rows[0];
}

export async function listBrandPromotions(
  executor: Executor,
  brandCode: string,
  filter: {
    status?: PromotionRow['status'] | undefined;
    kind?: PromotionRow['kind'] | undefined;
  } = {},
): Promise<PromotionRow[]> {
  return executor
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.brandCode, brandCode),
        filter.status === undefined ? undefined : eq(promotions.status, filter.status),
        filter.kind === undefined ? undefined : eq(promotions.kind, filter.kind),
      ),
    )
    .orderBy(...promotionOrder);
}

/** A page of the brand's live promotions, in the operators' order. */
export async function listLivePromotions(
  executor: Executor,
  filter: { brandCode: string; now: Date; category?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: PromotionRow[]; total: number }> {
  const where = and(
    eq(promotions.brandCode, filter.brandCode),
    liveAt(filter.now),
    filter.category === undefined ? undefined : eq(promotions.category, filter.category),
  );
  const [rows, totals] = await Promise.all([
    executor
      .select()
      .from(promotions)
      .where(where)
      .orderBy(...promotionOrder)
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(promotions).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** The brand's live promotions of one kind, first in the operators' order first. */
export async function listLiveOfKind(
  executor: Executor,
  brandCode: string,
  kind: PromotionRow['kind'],
  now: Date,
): Promise<PromotionRow[]> {
  return executor
    .select()
    .from(promotions)
    .where(and(eq(promotions.brandCode, brandCode), eq(promotions.kind, kind), liveAt(now)))
    .orderBy(...promotionOrder);
}

/** Categories with live promotions, in the order of their first promotion. */
export async function liveCategories(
  executor: Executor,
  brandCode: string,
  now: Date,
): Promise<{ category: string; count: number }[]> {
  const rows = await executor
    .select({
      category: promotions.category,
      total: count(),
      first: sql<number>`min(${promotions.sort})`,
    })
    .from(promotions)
    .where(and(eq(promotions.brandCode, brandCode), liveAt(now)))
    .groupBy(promotions.category)
    .orderBy(sql`min(${promotions.sort})`, promotions.category);
  return rows.map((row) => ({ category: row.category, count: Number(row.total) }));
}

/**
 * Adds a reward to what the promotion spent, unless that would pass its budget: false then.
 * One conditional statement, so two payments racing for the last of a budget cannot both pass.
 */
export async function chargeBudget(
  executor: Executor,
  promotionId: bigint,
  rewardMinor: bigint,
): Promise<boolean> {
  const rows = await executor
    .update(promotions)
    .set({ spentMinor: sql`${promotions.spentMinor} + ${rewardMinor}` })
    .where(
      and(
        eq(promotions.id, promotionId),
        or(
          isNull(promotions.budgetMinor),
          sql`${promotions.spentMinor} + ${rewardMinor} <= ${promotions.budgetMinor}`,
        ),
      ),
    )
    .returning({ id: promotions.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Members

/** Takes the member's row lock until the transaction ends: one promotion step at a time. */
export async function lockMember(executor: Executor, memberId: bigint): Promise<void> {
  await executor
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
}

export async function memberRegisteredAt(
  executor: Executor,
  memberId: bigint,
): Promise<{ createdAt: Date; username: string } | undefined> {
  const rows = await executor
    .select({ createdAt: members.createdAt, username: members.username })
    .from(members)
    .where(eq(members.id, memberId));
  return rows[0];
}

/** The brand of promotions row `id`, or null when there is none (the operator guard's rule). */
export function promotionBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, promotions, promotions.brandCode, promotions.id, id);
}

/** The brand of promotionGifts row `id`, or null when there is none (the operator guard's rule). */
export function giftBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, promotionGifts, promotionGifts.brandCode, promotionGifts.id, id);
}

/** The brand of promoBanners row `id`, or null when there is none (the operator guard's rule). */
export function bannerBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, promoBanners, promoBanners.brandCode, promoBanners.id, id);
}

/** The brand of promotionClaims row `id`, or null when there is none (the operator guard's rule). */
export function claimBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, promotionClaims, promotionClaims.brandCode, promotionClaims.id, id);
}

/** The brand of giftExchanges row `id`, or null when there is none (the operator guard's rule). */
export function exchangeBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(executor, giftExchanges, giftExchanges.brandCode, giftExchanges.id, id);
}
