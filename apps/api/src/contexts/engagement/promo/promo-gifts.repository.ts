import { and, asc, count, desc, eq, gte, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { giftExchanges, promotionGifts } from './promo.schema.ts';
import { gameBetRecords } from '../../games/bet-records/index.ts';
import { members } from '../../identity/member/index.ts';

/** Gifts of gift promotions, members' exchanges of turnover for them, and that turnover. */

export type GiftRow = typeof promotionGifts.$inferSelect;
export type NewGiftRow = typeof promotionGifts.$inferInsert;
export type ExchangeRow = typeof giftExchanges.$inferSelect;

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

/**
 * Deletes a gift that no exchange points at; false when one does (or the gift is gone), and the
 * row is left as it was.
 */
export async function deleteUnexchangedGift(executor: Executor, id: bigint): Promise<boolean> {
  const rows = await executor
    .delete(promotionGifts)
    .where(
      and(
        eq(promotionGifts.id, id),
        sql`not exists (select 1 from ${giftExchanges} where ${giftExchanges.giftId} = ${promotionGifts.id})`,
      ),
    )
    .returning({ id: promotionGifts.id });
  return rows.length > 0;
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
