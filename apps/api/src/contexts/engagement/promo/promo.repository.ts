import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  giftExchanges,
  promoBanners,
  promotionClaims,
  promotionGifts,
  promotions,
  signInDays,
} from './promo.schema.ts';
import { gameBetRecords } from '../../games/bet-records/index.ts';
import { members } from '../../identity/member/index.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotionRow = typeof promotions.$inferInsert;
export type PromotionChange = Partial<Omit<NewPromotionRow, 'id' | 'brandCode' | 'kind'>>;
export type ClaimRow = typeof promotionClaims.$inferSelect;
export type SignDayRow = typeof signInDays.$inferSelect;
export type GiftRow = typeof promotionGifts.$inferSelect;
export type NewGiftRow = typeof promotionGifts.$inferInsert;
export type ExchangeRow = typeof giftExchanges.$inferSelect;
export type BannerRow = typeof promoBanners.$inferSelect;
export type NewBannerRow = typeof promoBanners.$inferInsert;

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
): Promise<PromotionRow[]> {
  return executor
    .select()
    .from(promotions)
    .where(eq(promotions.brandCode, brandCode))
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

/** Valid bets of a member settled at or after `from` (and before `to` when given). */
export async function validBetSince(
  executor: Executor,
  filter: { brandCode: string; memberId: bigint; currency: string; from: Date; to: Date | null },
): Promise<bigint> {
  const rows = await executor
    .select({
      total: sql<string>`coalesce(sum(${gameBetRecords.validBetMinor}), 0)::text`,
    })
    .from(gameBetRecords)
    .where(
      and(
        eq(gameBetRecords.memberId, filter.memberId),
        eq(gameBetRecords.brandCode, filter.brandCode),
        eq(gameBetRecords.currency, filter.currency),
        gte(gameBetRecords.settledAt, filter.from),
        filter.to === null
          ? undefined
          : sql`${gameBetRecords.settledAt} < ${filter.to.toISOString()}`,
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

// ---------------------------------------------------------------------------------------------
// Sign-in days

export async function listSignDays(
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
  fromDay: string,
): Promise<SignDayRow[]> {
  return executor
    .select()
    .from(signInDays)
    .where(
      and(
        eq(signInDays.promotionId, promotionId),
        eq(signInDays.memberId, memberId),
        gte(signInDays.day, fromDay),
      ),
    )
    .orderBy(asc(signInDays.day));
}

/** Records a signed day; false when the day was signed already (the unique key). */
export async function insertSignDay(
  executor: Executor,
  row: typeof signInDays.$inferInsert,
): Promise<boolean> {
  const rows = await executor
    .insert(signInDays)
    .values(row)
    .onConflictDoNothing({
      target: [signInDays.promotionId, signInDays.memberId, signInDays.day],
    })
    .returning({ day: signInDays.day });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Claims

export async function insertClaim(
  executor: Executor,
  row: typeof promotionClaims.$inferInsert,
): Promise<ClaimRow> {
  const rows = await executor.insert(promotionClaims).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('claim insert returned nothing');
  return inserted;
}

export async function findClaim(executor: Executor, id: bigint): Promise<ClaimRow | undefined> {
  const rows = await executor.select().from(promotionClaims).where(eq(promotionClaims.id, id));
  return rows[0];
}

/** The member's joined or pending claim of a promotion (at most one: a unique index). */
export async function findOpenClaim(
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
): Promise<ClaimRow | undefined> {
  const rows = await executor
    .select()
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.promotionId, promotionId),
        eq(promotionClaims.memberId, memberId),
        inArray(promotionClaims.status, ['joined', 'pending']),
      ),
    );
  return rows[0];
}

export async function countMemberClaims(
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
  statuses: ClaimRow['status'][],
): Promise<number> {
  const rows = await executor
    .select({ total: count() })
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.promotionId, promotionId),
        eq(promotionClaims.memberId, memberId),
        inArray(promotionClaims.status, statuses),
      ),
    );
  return Number(rows[0]?.total ?? 0);
}

export async function countPendingClaimsOfMember(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
): Promise<number> {
  const rows = await executor
    .select({ total: count() })
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.brandCode, brandCode),
        eq(promotionClaims.memberId, memberId),
        eq(promotionClaims.status, 'pending'),
      ),
    );
  return Number(rows[0]?.total ?? 0);
}

/** Which of these deposit orders claimed the promotion already. */
export async function claimedOrderNos(
  executor: Executor,
  promotionId: bigint,
  orderNos: string[],
): Promise<Set<string>> {
  if (orderNos.length === 0) return new Set();
  const rows = await executor
    .select({ orderNo: promotionClaims.depositOrderNo })
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.promotionId, promotionId),
        inArray(promotionClaims.depositOrderNo, orderNos),
      ),
    );
  return new Set(rows.flatMap((row) => (row.orderNo === null ? [] : [row.orderNo])));
}

/**
 * Moves a claim from one of `from` to a new state with the given fields; undefined when it was
 * not in one of them (someone else decided it first).
 */
export async function changeClaim(
  executor: Executor,
  id: bigint,
  from: ClaimRow['status'][],
  change: Partial<typeof promotionClaims.$inferInsert>,
): Promise<ClaimRow | undefined> {
  const rows = await executor
    .update(promotionClaims)
    .set(change)
    .where(and(eq(promotionClaims.id, id), inArray(promotionClaims.status, from)))
    .returning();
  return rows[0];
}

export type ClaimWithNames = ClaimRow & {
  username: string;
  kind: PromotionRow['kind'];
  title: PromotionRow['title'];
};

/** Claims with their member's username and promotion, as operators review them. */
function claimsWithNames(executor: Executor, where: SQL | undefined) {
  return executor
    .select({
      claim: promotionClaims,
      username: members.username,
      kind: promotions.kind,
      title: promotions.title,
    })
    .from(promotionClaims)
    .innerJoin(members, eq(members.id, promotionClaims.memberId))
    .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .where(where)
    .$dynamic();
}

function claimWithNamesOf(
  row: Awaited<ReturnType<typeof claimsWithNames>>[number],
): ClaimWithNames {
  return { ...row.claim, username: row.username, kind: row.kind, title: row.title };
}

export async function listClaimsForOperator(
  executor: Executor,
  filter: { brandCode: string; status?: ClaimRow['status'] | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: ClaimWithNames[]; total: number }> {
  const where = and(
    eq(promotionClaims.brandCode, filter.brandCode),
    filter.status === undefined ? undefined : eq(promotionClaims.status, filter.status),
  );
  const [rows, totals] = await Promise.all([
    claimsWithNames(executor, where)
      .orderBy(asc(promotionClaims.createdAt), asc(promotionClaims.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(promotionClaims).where(where),
  ]);
  return { rows: rows.map(claimWithNamesOf), total: Number(totals[0]?.total ?? 0) };
}

export async function findClaimWithNames(
  executor: Executor,
  id: bigint,
): Promise<ClaimWithNames | undefined> {
  const [row] = await claimsWithNames(executor, eq(promotionClaims.id, id));
  return row && claimWithNamesOf(row);
}

// ---------------------------------------------------------------------------------------------
// Gifts and exchanges

export async function insertGift(executor: Executor, row: NewGiftRow): Promise<GiftRow> {
  const rows = await executor.insert(promotionGifts).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('gift insert returned nothing');
  return inserted;
}

export async function updateGift(
  executor: Executor,
  id: bigint,
  change: Partial<Omit<NewGiftRow, 'id' | 'promotionId' | 'brandCode' | 'kind'>>,
): Promise<GiftRow | undefined> {
  const rows = await executor
    .update(promotionGifts)
    .set(change)
    .where(eq(promotionGifts.id, id))
    .returning();
  return rows[0];
}

export async function findGift(executor: Executor, id: bigint): Promise<GiftRow | undefined> {
  const rows = await executor.select().from(promotionGifts).where(eq(promotionGifts.id, id));
  return rows[0];
}

export async function listGifts(
  executor: Executor,
  promotionId: bigint,
  activeOnly: boolean,
): Promise<GiftRow[]> {
  return executor
    .select()
    .from(promotionGifts)
    .where(
      and(
        eq(promotionGifts.promotionId, promotionId),
        activeOnly ? eq(promotionGifts.active, true) : undefined,
      ),
    )
    .orderBy(asc(promotionGifts.sort), asc(promotionGifts.id));
}

/** Takes one from a gift's stock (unlimited stock always passes); false when none is left. */
export async function takeGiftStock(executor: Executor, giftId: bigint): Promise<boolean> {
  const rows = await executor
    .update(promotionGifts)
    .set({
      stock: sql`case when ${promotionGifts.stock} is null then null else ${promotionGifts.stock} - 1 end`,
    })
    .where(
      and(
        eq(promotionGifts.id, giftId),
        or(isNull(promotionGifts.stock), sql`${promotionGifts.stock} > 0`),
      ),
    )
    .returning({ id: promotionGifts.id });
  return rows.length > 0;
}

export async function restoreGiftStock(executor: Executor, giftId: bigint): Promise<void> {
  await executor
    .update(promotionGifts)
    .set({ stock: sql`${promotionGifts.stock} + 1` })
    .where(and(eq(promotionGifts.id, giftId), sql`${promotionGifts.stock} is not null`));
}

export async function findExchangeByKey(
  executor: Executor,
  memberId: bigint,
  idempotencyKey: string,
): Promise<ExchangeRow | undefined> {
  const rows = await executor
    .select()
    .from(giftExchanges)
    .where(
      and(eq(giftExchanges.memberId, memberId), eq(giftExchanges.idempotencyKey, idempotencyKey)),
    );
  return rows[0];
}

export async function findExchange(
  executor: Executor,
  id: bigint,
): Promise<ExchangeRow | undefined> {
  const rows = await executor.select().from(giftExchanges).where(eq(giftExchanges.id, id));
  return rows[0];
}

export async function insertExchange(
  executor: Executor,
  row: typeof giftExchanges.$inferInsert,
): Promise<ExchangeRow> {
  const rows = await executor.insert(giftExchanges).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('exchange insert returned nothing');
  return inserted;
}

/** Turnover the member's exchanges of a promotion used (rejected ones gave theirs back). */
export async function usedTurnover(
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
): Promise<bigint> {
  const rows = await executor
    .select({ total: sql<string>`coalesce(sum(${giftExchanges.turnoverCostMinor}), 0)::text` })
    .from(giftExchanges)
    .where(
      and(
        eq(giftExchanges.promotionId, promotionId),
        eq(giftExchanges.memberId, memberId),
        ne(giftExchanges.status, 'rejected'),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

/** How many of each gift the member exchanged (not counting rejected exchanges). */
export async function exchangesPerGift(
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
): Promise<Map<bigint, number>> {
  const rows = await executor
    .select({ giftId: giftExchanges.giftId, total: count() })
    .from(giftExchanges)
    .where(
      and(
        eq(giftExchanges.promotionId, promotionId),
        eq(giftExchanges.memberId, memberId),
        ne(giftExchanges.status, 'rejected'),
      ),
    )
    .groupBy(giftExchanges.giftId);
  return new Map(rows.map((row) => [row.giftId, Number(row.total)]));
}

export async function listMemberExchanges(
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
  limit: number,
): Promise<ExchangeRow[]> {
  return executor
    .select()
    .from(giftExchanges)
    .where(and(eq(giftExchanges.promotionId, promotionId), eq(giftExchanges.memberId, memberId)))
    .orderBy(desc(giftExchanges.createdAt), desc(giftExchanges.id))
    .limit(limit);
}

export async function changeExchange(
  executor: Executor,
  id: bigint,
  from: ExchangeRow['status'],
  change: { status: ExchangeRow['status']; handledBy: string },
): Promise<ExchangeRow | undefined> {
  const rows = await executor
    .update(giftExchanges)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(giftExchanges.id, id), eq(giftExchanges.status, from)))
    .returning();
  return rows[0];
}

export type ExchangeWithNames = ExchangeRow & {
  username: string;
  giftName: GiftRow['name'];
  giftKind: GiftRow['kind'];
};

/** Exchanges with their member's username and gift, as operators handle them. */
function exchangesWithNames(executor: Executor, where: SQL | undefined) {
  return executor
    .select({
      exchange: giftExchanges,
      username: members.username,
      giftName: promotionGifts.name,
      giftKind: promotionGifts.kind,
    })
    .from(giftExchanges)
    .innerJoin(members, eq(members.id, giftExchanges.memberId))
    .innerJoin(promotionGifts, eq(promotionGifts.id, giftExchanges.giftId))
    .where(where)
    .$dynamic();
}

function exchangeWithNamesOf(
  row: Awaited<ReturnType<typeof exchangesWithNames>>[number],
): ExchangeWithNames {
  return {
    ...row.exchange,
    username: row.username,
    giftName: row.giftName,
    giftKind: row.giftKind,
  };
}

export async function listExchangesForOperator(
  executor: Executor,
  filter: { brandCode: string; status?: ExchangeRow['status'] | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: ExchangeWithNames[]; total: number }> {
  const where = and(
    eq(giftExchanges.brandCode, filter.brandCode),
    filter.status === undefined ? undefined : eq(giftExchanges.status, filter.status),
  );
  const [rows, totals] = await Promise.all([
    exchangesWithNames(executor, where)
      .orderBy(asc(giftExchanges.createdAt), asc(giftExchanges.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(giftExchanges).where(where),
  ]);
  return { rows: rows.map(exchangeWithNamesOf), total: Number(totals[0]?.total ?? 0) };
}

export async function findExchangeWithNames(
  executor: Executor,
  id: bigint,
): Promise<ExchangeWithNames | undefined> {
  const [row] = await exchangesWithNames(executor, eq(giftExchanges.id, id));
  return row && exchangeWithNamesOf(row);
}

// ---------------------------------------------------------------------------------------------
// The member's records: claims and exchanges in one list, newest first.

export type MemberRecordRow = {
  type: 'claim' | 'exchange';
  id: bigint;
  promotionId: bigint;
  title: Record<string, string>;
  status: string;
  amountMinor: bigint;
  createdAt: Date;
};

export async function listMemberRecords(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberRecordRow[]; total: number }> {
  const union = sql`
    select 'claim' as type, c.id, c.promotion_id, p.title, c.status, c.reward_minor as amount_minor,
           c.created_at
      from promotion_claims c join promotions p on p.id = c.promotion_id
     where c.brand_code = ${brandCode} and c.member_id = ${memberId}
    union all
    select 'exchange' as type, e.id, e.promotion_id, g.name as title, e.status,
           e.reward_minor as amount_minor, e.created_at
      from gift_exchanges e join promotion_gifts g on g.id = e.gift_id
     where e.brand_code = ${brandCode} and e.member_id = ${memberId}`;
  const [rows, totals] = await Promise.all([
    executor.execute(
      sql`select type, id::text as id, promotion_id::text as promotion_id, title, status,
                 amount_minor::text as amount_minor, created_at
            from (${union}) records
           order by created_at desc, id desc
           limit ${page.limit} offset ${page.offset}`,
    ),
    executor.execute(sql`select count(*)::int as total from (${union}) records`),
  ]);
  const list = rowsOf(rows) as {
    type: 'claim' | 'exchange';
    id: string;
    promotion_id: string;
    title: Record<string, string>;
    status: string;
    amount_minor: string;
    created_at: string | Date;
  }[];
  const total = (rowsOf(totals)[0] as { total: number } | undefined)?.total ?? 0;
  return {
    rows: list.map((row) => ({
      type: row.type,
      id: BigInt(row.id),
      promotionId: BigInt(row.promotion_id),
      title:
        typeof row.title === 'string'
          ? (JSON.parse(row.title) as Record<string, string>)
          : row.title,
      status: row.status,
      amountMinor: BigInt(row.amount_minor),
      createdAt: new Date(row.created_at),
    })),
    total: Number(total),
  };
}

/** The rows of a raw query on either driver (node-postgres answers {rows}, PGlite too). */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows: unknown[] }).rows;
}

// ---------------------------------------------------------------------------------------------
// Banners

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
