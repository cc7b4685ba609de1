import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { promotionClaims, promotions } from './promo.schema.ts';
import { members } from '../../identity/member/index.ts';
import type { PromotionRow } from './promo.repository.ts';

/** Claims of deposit bonuses and apply promotions, and the member's records of both kinds. */

export type ClaimRow = typeof promotionClaims.$inferSelect;

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
